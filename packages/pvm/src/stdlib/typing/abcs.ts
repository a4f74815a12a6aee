// Python source (second part of `typing`): stand-ins for the collections.abc classes that
// typing's aliases point at (Iterable, Mapping, ...), so `typing` imports no other module.
// Structural ABCs (Iterable, Sized, ...) answer isinstance by looking for the methods, as
// CPython's __subclasshook__ does; nominal ones (Sequence, Mapping, ...) know the builtin types
// CPython registers with them. Must not contain backticks or "${".
export const TYPING_ABCS_PY = String.raw`
class _AbcMeta(type):
    def __instancecheck__(cls, obj):
        hook = cls.__dict__.get('_instance_hook')
        if hook is not None:
            return hook(obj)
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        if not isinstance(sub, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if cls in sub.__mro__:
            return True
        own = cls.__dict__
        hook = own.get('_class_hook')
        if hook is not None:
            return hook(sub)
        for b in own.get('_builtins', ()):
            if issubclass(sub, b):
                return True
        for b in own.get('_registry', ()):
            if issubclass(sub, b):
                return True
        methods = own.get('_methods')
        if methods:
            for m in methods:
                if getattr(sub, m, None) is None:
                    return False
            return True
        return False

    def register(cls, subclass):
        if '_registry' not in cls.__dict__:
            cls._registry = []
        cls._registry.append(subclass)
        return subclass


def _hashable(obj):
    try:
        hash(obj)
    except TypeError:
        return False
    return True


def _gen():
    yield None


# Builtin types answer no hasattr(t, '__iter__') in the PVM, so the structural ABCs also list them.
def _hashable_class(sub):
    for b in (list, dict, set, bytearray):
        if issubclass(sub, b):
            return False
    return getattr(sub, '__hash__', None) is not None


_ITERATORS = tuple([type(iter(x)) for x in ([], (), '', b'', {}, set(), range(0))] +
                   [type(_gen()), type(map(len, ())), type(filter(None, ())), type(zip()),
                    type(enumerate(())), type(reversed([])), type(iter({}.items())),
                    type(iter({}.values()))])
_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))
_ITERABLES = (list, tuple, str, bytes, bytearray, dict, set, frozenset, range) + _VIEWS + _ITERATORS


def _in_abc(cls):
    # A class statement names its class after the defining module; rebuilding it through the
    # metaclass gives it collections.abc's name, as CPython's reprs show.
    name = cls.__dict__.get('_abc_name', cls.__name__)
    ns = dict(cls.__dict__)
    ns['__module__'] = 'contextlib' if name == 'AbstractContextManager' else 'collections.abc'
    ns['__qualname__'] = name
    return _AbcMeta(name, cls.__bases__, ns)


@_in_abc
class Hashable(metaclass=_AbcMeta):
    _instance_hook = _hashable
    _class_hook = _hashable_class


@_in_abc
class Callable(metaclass=_AbcMeta):
    _instance_hook = callable
    _methods = ('__call__',)


@_in_abc
class Iterable(metaclass=_AbcMeta):
    _methods = ('__iter__',)
    _builtins = _ITERABLES


@_in_abc
class Iterator(Iterable):
    _methods = ('__iter__', '__next__')
    _builtins = _ITERATORS

    def __iter__(self):
        return self


@_in_abc
class Reversible(Iterable):
    _methods = ('__reversed__', '__iter__')
    _builtins = (list, tuple, str, bytes, bytearray, dict, range)


@_in_abc
class Generator(Iterator):
    _methods = ('__iter__', '__next__', 'send', 'throw', 'close')
    _builtins = (type(_gen()),)


@_in_abc
class Sized(metaclass=_AbcMeta):
    _methods = ('__len__',)
    _builtins = _ITERABLES


@_in_abc
class Container(metaclass=_AbcMeta):
    _methods = ('__contains__',)
    _builtins = _ITERABLES


@_in_abc
class Collection(Sized, Iterable, Container):
    _methods = ('__len__', '__iter__', '__contains__')
    _builtins = _ITERABLES


@_in_abc
class Awaitable(metaclass=_AbcMeta):
    _methods = ('__await__',)


@_in_abc
class Coroutine(Awaitable):
    _methods = ('__await__', 'send', 'throw', 'close')


@_in_abc
class AsyncIterable(metaclass=_AbcMeta):
    _methods = ('__aiter__',)


@_in_abc
class AsyncIterator(AsyncIterable):
    _methods = ('__aiter__', '__anext__')


@_in_abc
class Sequence(Reversible, Collection):
    _builtins = (list, tuple, str, bytes, bytearray, range)

    def __contains__(self, value):
        for v in self:
            if _is(v, value) or v == value:
                return True
        return False

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __reversed__(self):
        for i in range(len(self) - 1, -1, -1):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if _is(v, value) or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        n = 0
        for v in self:
            if _is(v, value) or v == value:
                n += 1
        return n


@_in_abc
class MutableSequence(Sequence):
    _builtins = (list, bytearray)

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if _is(values, self):
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


@_in_abc
class Mapping(Collection):
    _builtins = (dict,)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return [k for k in self]

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


_MISSING = object()


@_in_abc
class MutableMapping(Mapping):
    _builtins = (dict,)

    def pop(self, key, default=_MISSING):
        try:
            value = self[key]
        except KeyError:
            if _is(default, _MISSING):
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        for key in self:
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def clear(self):
        for key in list(self):
            del self[key]

    def update(self, other=(), **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


@_in_abc
class _AbstractSet(Collection):
    _abc_name = 'Set'
    _builtins = (set, frozenset)


@_in_abc
class MutableSet(_AbstractSet):
    _builtins = (set,)


@_in_abc
class MappingView(Sized):
    _builtins = (type({}.keys()), type({}.values()), type({}.items()))


@_in_abc
class KeysView(MappingView):
    _builtins = (type({}.keys()),)


@_in_abc
class ValuesView(MappingView):
    _builtins = (type({}.values()),)


@_in_abc
class ItemsView(MappingView):
    _builtins = (type({}.items()),)


@_in_abc
class ByteString(Sequence):
    _builtins = (bytes, bytearray)


@_in_abc
class AbstractContextManager(metaclass=_AbcMeta):
    _methods = ('__enter__', '__exit__')

    def __enter__(self):
        return self


`;
