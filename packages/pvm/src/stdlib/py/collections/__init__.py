# collections for the PVM: CPython 3.11's behaviour and messages, written for our interpreter.
# deque is a list with a moving head (amortised O(1) at both ends); the dict subclasses
# (Counter, OrderedDict, defaultdict) reuse the builtin dict, which keeps insertion order.
# _count_elements and _tuple_item are native helpers (collections/native.ts).
import collections.abc as abc
from collections.abc import Mapping, MutableMapping, Iterable, MutableSequence

__all__ = ["ChainMap", "Counter", "OrderedDict", "UserDict", "UserList", "UserString",
           "defaultdict", "deque", "namedtuple"]


class _Missing:
    __slots__ = ()


# Compared by type: the PVM refuses 'is' when either operand is an int, float, str or bytes.
_MISSING = _Missing()


def _index(x, what):
    if type(x) is int or type(x) is bool:
        return x
    if isinstance(x, int):
        return int(x)
    try:
        f = type(x).__index__
    except AttributeError:
        raise TypeError(what) from None
    return f(x)


################################################################################
# deque
################################################################################

class deque:
    """deque([iterable[, maxlen]]) --> deque object"""

    __slots__ = ("_d", "_h", "_maxlen", "_state")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._d = []
        self._h = 0
        self._maxlen = None
        self._state = 0
        return self

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            maxlen = _index(maxlen, "an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        if len(self._d) - self._h:
            self.clear()
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def __len__(self):
        return len(self._d) - self._h

    def __bool__(self):
        return len(self._d) > self._h

    # append/appendleft/pop/popleft are the hot path: locals instead of repeated attribute loads.
    # Tests nest so that an unbounded deque's block does not pay for the bounded case's calls
    # (a block is charged for all its statements, conditions included, at entry).
    def append(self, x):
        self._state += 1
        m = self._maxlen
        d = self._d
        if m is not None:
            if len(d) - self._h >= m:
                if m == 0:
                    return
                h = self._h
                d[h] = None
                h += 1
                if h > 16 and h + h > len(d):
                    del d[:h]
                    h = 0
                self._h = h
        d.append(x)

    def appendleft(self, x):
        self._state += 1
        m = self._maxlen
        d = self._d
        if m is not None:
            if len(d) - self._h >= m:
                if m == 0:
                    return
                d.pop()
        h = self._h
        if h == 0:
            # Open a gap in front as large as the contents (amortised O(1) per appendleft).
            h = len(d) + 8
            d[0:0] = [None] * h
        h -= 1
        d[h] = x
        self._h = h

    def pop(self):
        d = self._d
        if len(d) == self._h:
            raise IndexError("pop from an empty deque")
        self._state += 1
        x = d.pop()
        if len(d) == self._h:
            self._d = []
            self._h = 0
        return x

    def popleft(self):
        d = self._d
        h = self._h
        n = len(d)
        if n == h:
            raise IndexError("pop from an empty deque")
        self._state += 1
        x = d[h]
        h += 1
        if h == n:
            self._d = []
            self._h = 0
            return x
        d[h - 1] = None
        if h > 16 and h + h > n:
            # The dead prefix outweighs the live part: reclaim it.
            del d[:h]
            h = 0
        self._h = h
        return x

    def extend(self, iterable):
        if isinstance(iterable, deque) and iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if isinstance(iterable, deque) and iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._state += 1
        self._d = []
        self._h = 0

    def copy(self):
        return type(self)(self, self._maxlen) if type(self) is not deque else deque(self, self._maxlen)

    __copy__ = copy

    def count(self, value):
        state = self._state
        n = 0
        for i in range(self._h, len(self._d)):
            if self._d[i] == value:
                n += 1
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
        return n

    def index(self, x, start=0, stop=None):
        size = len(self._d) - self._h
        start = _index(start, "slice indices must be integers or have an __index__ method")
        if stop is None:
            stop = size
        else:
            stop = _index(stop, "slice indices must be integers or have an __index__ method")
        if start < 0:
            start = max(start + size, 0)
        if stop < 0:
            stop = max(stop + size, 0)
        stop = min(stop, size)
        state = self._state
        i = start
        while i < stop:
            if self._d[self._h + i] == x:
                return i
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
            i += 1
        raise ValueError(f"{x!r} is not in deque")

    def insert(self, i, x):
        size = len(self._d) - self._h
        if self._maxlen is not None and size >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        i = _index(i, "an integer is required")
        if i < 0:
            i = max(i + size, 0)
        if i >= size:
            self.append(x)
        elif i == 0:
            self.appendleft(x)
        else:
            self._state += 1
            self._d.insert(self._h + i, x)

    def remove(self, value):
        state = self._state
        for i in range(self._h, len(self._d)):
            equal = self._d[i] == value
            if state != self._state:
                raise IndexError("deque mutated during remove().")
            if equal:
                self._state += 1
                del self._d[i]
                if len(self._d) == self._h:
                    self._d = []
                    self._h = 0
                return
        raise ValueError(f"{value!r} is not in deque")

    def reverse(self):
        self._state += 1
        live = self._d[self._h:]
        live.reverse()
        self._d = live
        self._h = 0

    def rotate(self, n=1):
        n = _index(n, "an integer is required")
        size = len(self._d) - self._h
        if size <= 1:
            return
        n %= size
        if n == 0:
            return
        self._state += 1
        live = self._d[self._h:]
        self._d = live[size - n:] + live[:size - n]
        self._h = 0

    def _pos(self, i):
        i = _index(i, "sequence index must be integer, not '" + type(i).__name__ + "'")
        size = len(self._d) - self._h
        if i < 0:
            i += size
        if i < 0 or i >= size:
            raise IndexError("deque index out of range")
        return self._h + i

    def __getitem__(self, i):
        if isinstance(i, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        return self._d[self._pos(i)]

    def __setitem__(self, i, x):
        if isinstance(i, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        self._d[self._pos(i)] = x

    def __delitem__(self, i):
        if isinstance(i, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        p = self._pos(i)
        self._state += 1
        del self._d[p]
        if len(self._d) == self._h:
            self._d = []
            self._h = 0

    def __iter__(self):
        state = self._state
        i = 0
        while True:
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
            p = self._h + i
            if p >= len(self._d):
                return
            yield self._d[p]
            i += 1

    def __reversed__(self):
        state = self._state
        i = len(self._d) - self._h - 1
        while i >= 0:
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
            yield self._d[self._h + i]
            i -= 1

    def __contains__(self, x):
        state = self._state
        for i in range(self._h, len(self._d)):
            equal = self._d[i] == x
            if state != self._state:
                raise RuntimeError("deque mutated during iteration")
            if equal:
                return True
        return False

    def __repr__(self):
        name = type(self).__name__
        body = repr(self._d[self._h:])
        if self._maxlen is None:
            return f"{name}({body})"
        return f"{name}({body}, maxlen={self._maxlen})"

    def _items(self):
        return self._d[self._h:]

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() == other._items()

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() != other._items()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() < other._items()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() <= other._items()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() > other._items()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() >= other._items()

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        new = self.copy()
        new.extend(other)
        return new

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        n = _index(n, f"can't multiply sequence by non-int of type '{type(n).__name__}'")
        new = self.copy()
        new.__imul__(n)
        return new

    __rmul__ = __mul__

    def __imul__(self, n):
        n = _index(n, f"can't multiply sequence by non-int of type '{type(n).__name__}'")
        if n <= 0:
            self.clear()
            return self
        items = self._d[self._h:]
        for _ in range(n - 1):
            self.extend(items)
        return self

    def __reduce__(self):
        return type(self), (list(self), self._maxlen)

    def __class_getitem__(cls, item):
        return cls


MutableSequence.register(deque)


################################################################################
# defaultdict
################################################################################

class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory"""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        super().__init__(*args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def __repr__(self):
        f = self.default_factory
        return f"{type(self).__name__}({f!r}, {dict(self)!r})"

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return type(self), (self.default_factory,), None, None, iter(self.items())

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


################################################################################
# OrderedDict
################################################################################

class OrderedDict(dict):
    """Dictionary that remembers insertion order"""

    def __init__(self, other=(), /, **kwds):
        self.update(other, **kwds)

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping) or isinstance(other, dict):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        if last:
            key = next(reversed(dict.keys(self)))
        else:
            key = next(iter(dict.keys(self)))
        value = dict.pop(self, key)
        return key, value

    def __repr__(self):
        if not self:
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}({list(dict.items(self))!r})"

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            if len(self) != len(other):
                return False
            for a, b in zip(dict.keys(self), dict.keys(other)):
                if a != b:
                    return False
        return _dict_eq(self, other)

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    __hash__ = None

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def setdefault(self, key, default=None):
        if key in self:
            return self[key]
        self[key] = default
        return default

    def pop(self, key, default=_MISSING):
        if key in self:
            value = self[key]
            del self[key]
            return value
        if type(default) is _Missing:
            raise KeyError(key)
        return default

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


def _dict_eq(a, b):
    # dict.__eq__ is not reachable as an attribute in the PVM: compare as plain dicts.
    if not isinstance(b, dict):
        return NotImplemented
    if len(a) != len(b):
        return False
    for key, value in dict.items(a):
        if key not in b:
            return False
        other = dict.get(b, key)
        if not (other == value):
            return False
    return True


################################################################################
# namedtuple
################################################################################

def _tuplegetter(index, doc):
    # _tuple_item (native) reads the tuple slot directly, as CPython's C _tuplegetter.
    return property(_tuple_item(index), doc=doc)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith("_")
                    or name in seen):
                field_names[index] = f"_{index}"
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError("Type names and field names must be strings")
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
        if _iskeyword(name):
            raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError("Got more default values than field names")
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))

    fields = tuple(field_names)
    num_fields = len(fields)
    arg_list = ", ".join(fields)
    if num_fields == 1:
        arg_list += ","
    qualname = typename + ".__new__"

    def __new__(cls, *args, **kwargs):
        # A block is charged for all its statements at entry (cips/metering.md): the common
        # call (every field positionally) runs only this short body; binding keywords and
        # defaults, and CPython's errors, live in _bind.
        if kwargs or len(args) != num_fields:
            args = _bind(args, kwargs)
        return tuple.__new__(cls, args)

    def _bind(args, kwargs):
        if len(args) > num_fields:
            given = len(args) + 1
            raise TypeError(f"{qualname}() takes {num_fields + 1} positional argument"
                            + ("" if num_fields == 0 else "s")
                            + f" but {given} were given")
        values = list(args)
        for i in range(len(args), num_fields):
            name = fields[i]
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                values.append(_MISSING)
        for k in kwargs:
            if k in fields:
                raise TypeError(f"{qualname}() got multiple values for argument '{k}'")
            raise TypeError(f"{qualname}() got an unexpected keyword argument '{k}'")
        missing = [fields[i] for i in range(num_fields) if type(values[i]) is _Missing]
        if missing:
            names = [repr(m) for m in missing]
            if len(names) == 1:
                listed = names[0]
            elif len(names) == 2:
                listed = names[0] + " and " + names[1]
            else:
                listed = ", ".join(names[:-1]) + ", and " + names[-1]
            raise TypeError(f"{qualname}() missing {len(missing)} required positional argument"
                            + ("" if len(missing) == 1 else "s") + f": {listed}")
        return values

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f"Expected {num_fields} arguments, got {len(result)}")
        return result

    def _replace(self, /, **kwds):
        values = [kwds.pop(name) if name in kwds else value
                  for name, value in zip(fields, self)]
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return self._make(values)

    def __repr__(self):
        parts = [f"{name}={value!r}" for name, value in zip(fields, self)]
        return self.__class__.__name__ + "(" + ", ".join(parts) + ")"

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    __new__.__name__ = "__new__"
    __new__.__qualname__ = qualname
    __new__.__doc__ = f"Create new instance of {typename}({arg_list})"
    _make.__qualname__ = typename + "._make"
    _replace.__qualname__ = typename + "._replace"
    __repr__.__qualname__ = typename + ".__repr__"
    _asdict.__qualname__ = typename + "._asdict"
    __getnewargs__.__qualname__ = typename + ".__getnewargs__"

    namespace = {
        "__doc__": f"{typename}({arg_list})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__new__": staticmethod(__new__),
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
    }
    for index, name in enumerate(fields):
        namespace[name] = _tuplegetter(index, f"Alias for field number {index}")
    result = type(typename, (tuple,), namespace)
    result.__module__ = module if module is not None else "__main__"
    result.__qualname__ = typename
    return result


_KEYWORDS = frozenset([
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
    "try", "while", "with", "yield"])


def _iskeyword(name):
    return name in _KEYWORDS


################################################################################
# Counter
################################################################################

class Counter(dict):
    """Dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        # sorted() is stable: equal counts keep first-insertion order, as in CPython.
        ranked = sorted(self.items(), key=_second, reverse=True)
        if n is None:
            return ranked
        n = _index(n, "an integer is required")
        if n < 0:
            n = 0
        return ranked[:n]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count if count > 0 else 0):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, Mapping) or isinstance(iterable, dict):
                if self:
                    self_get = self.get
                    for elem in iterable:
                        self[elem] = iterable[elem] + self_get(elem, 0)
                else:
                    for elem in iterable:
                        dict.__setitem__(self, elem, iterable[elem])
            else:
                _count_elements(self, iterable)
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            self_get = self.get
            if isinstance(iterable, Mapping) or isinstance(iterable, dict):
                for elem in iterable:
                    self[elem] = self_get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self_get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.pop(self, elem)

    def __repr__(self):
        if not self:
            return f"{self.__class__.__name__}()"
        d = dict(self.most_common())
        return f"{self.__class__.__name__}({d!r})"

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


def _second(pair):
    return pair[1]


################################################################################
# ChainMap
################################################################################

class ChainMap(MutableMapping):
    """A ChainMap groups multiple dicts (or other mappings) together to create a single,
    updateable view."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(self._merged_keys())

    def _merged_keys(self):
        # Iteration order as CPython: keys of the last map first, each first seen position kept.
        d = {}
        for mapping in reversed(self.maps):
            for key in mapping:
                d[key] = None
        return d

    def __iter__(self):
        return iter(self._merged_keys())

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return f"{self.__class__.__name__}({', '.join(map(repr, self.maps))})"

    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f"Key not found in the first mapping: {key!r}") from None

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError("No keys found in the first mapping.") from None

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f"Key not found in the first mapping: {key!r}") from None

    def clear(self):
        self.maps[0].clear()

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def __or__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m

    def __ror__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        m = dict(other)
        for child in reversed(self.maps):
            m.update(child)
        return self.__class__(m)

    def __eq__(self, other):
        if not isinstance(other, Mapping) and not isinstance(other, dict):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


################################################################################
# UserDict, UserList, UserString
################################################################################

class UserDict(MutableMapping):

    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def __repr__(self):
        return repr(self.data)

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(other.data | self.data)
        if isinstance(other, dict):
            return self.__class__(other | self.data)
        return NotImplemented

    def __ior__(self, other):
        if isinstance(other, UserDict):
            self.data |= other.data
        else:
            self.data |= other
        return self

    def copy(self):
        return self.__class__(self.data)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


class UserList(MutableSequence):

    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == type(self.data):
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < self.__cast(other)

    def __le__(self, other):
        return self.data <= self.__cast(other)

    def __eq__(self, other):
        return self.data == self.__cast(other)

    def __gt__(self, other):
        return self.data > self.__cast(other)

    def __ge__(self, other):
        return self.data >= self.__cast(other)

    def __cast(self, other):
        return other.data if isinstance(other, UserList) else other

    __hash__ = None

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def __radd__(self, other):
        if isinstance(other, UserList):
            return self.__class__(other.data + self.data)
        if isinstance(other, type(self.data)):
            return self.__class__(other + self.data)
        return self.__class__(list(other) + self.data)

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        elif isinstance(other, type(self.data)):
            self.data += other
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def __iter__(self):
        return iter(self.data)

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


class UserString:

    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __hash__(self):
        return hash(self.data)

    def __eq__(self, string):
        if isinstance(string, UserString):
            return self.data == string.data
        return self.data == string

    def __lt__(self, string):
        if isinstance(string, UserString):
            return self.data < string.data
        return self.data < string

    def __le__(self, string):
        if isinstance(string, UserString):
            return self.data <= string.data
        return self.data <= string

    def __gt__(self, string):
        if isinstance(string, UserString):
            return self.data > string.data
        return self.data > string

    def __ge__(self, string):
        if isinstance(string, UserString):
            return self.data >= string.data
        return self.data >= string

    def __contains__(self, char):
        if isinstance(char, UserString):
            char = char.data
        return char in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __iter__(self):
        return iter(self.data)

    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        if isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return self.__class__(other + self.data)
        return self.__class__(str(other) + self.data)

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __getattr__(self, name):
        # Every str method, returning UserString where str returns str.
        if name.startswith("__"):
            raise AttributeError(name)
        method = getattr(self.data, name)

        def call(*args, **kwargs):
            args = [a.data if isinstance(a, UserString) else a for a in args]
            result = method(*args, **kwargs)
            if isinstance(result, str):
                return self.__class__(result)
            return result
        return call
