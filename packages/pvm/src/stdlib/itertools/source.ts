// Python source of `itertools`, executed by the PVM on first import (metered like user code).
// Kept as a TS string so the package ships no data files; must not contain backticks or "${".
export const ITERTOOLS_PY = String.raw`# itertools for the PVM: lazy like CPython's (an infinite iterator yields one element per next(),
# each metered as ordinary bytecode). Constructors validate arguments and call iter() eagerly, as
# CPython does, then hand back a generator; count, repeat and cycle are classes for their repr.


class _Missing:
    __slots__ = ()


# Compared by type: the PVM refuses 'is' when either operand is an int, float, str or bytes.
_MISSING = _Missing()


def _as_int(x):
    if type(x) is int:
        return x
    if isinstance(x, int):
        return int(x)
    index = getattr(type(x), "__index__", None)
    if index is None:
        raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")
    return index(x)


def _is_number(x):
    # CPython's PyNumber_Check: anything with __index__, __int__ or __float__.
    if isinstance(x, (int, float)):
        return True
    t = type(x)
    return hasattr(t, "__index__") or hasattr(t, "__int__") or hasattr(t, "__float__")


class count:
    """Return a count object whose .__next__() method returns consecutive values."""

    __slots__ = ("_n", "_step")

    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError("a number is required")
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        step = self._step
        if type(step) is int and step == 1:
            return f"count({self._n!r})"
        return f"count({self._n!r}, {step!r})"


class repeat:
    """repeat(object [,times]) -> create an iterator which returns the object
    for the specified number of times.  If not specified, returns the object
    endlessly."""

    __slots__ = ("_obj", "_left")

    def __init__(self, object, times=None):
        self._obj = object
        if times is None:
            self._left = None
        else:
            times = _as_int(times)
            self._left = times if times > 0 else 0

    def __iter__(self):
        return self

    def __next__(self):
        left = self._left
        if left is None:
            return self._obj
        if left <= 0:
            raise StopIteration
        self._left = left - 1
        return self._obj

    def __length_hint__(self):
        if self._left is None:
            raise TypeError("len() of unsized object")
        return self._left

    def __repr__(self):
        if self._left is None:
            return f"repeat({self._obj!r})"
        return f"repeat({self._obj!r}, {self._left})"


class cycle:
    """Return elements from the iterable until it is exhausted. Then repeat the sequence
    indefinitely."""

    __slots__ = ("_it", "_saved", "_i")

    def __init__(self, iterable):
        self._it = iter(iterable)
        self._saved = []
        self._i = -1

    def __iter__(self):
        return self

    def __next__(self):
        if self._i < 0:
            try:
                value = next(self._it)
            except StopIteration:
                if not self._saved:
                    raise
                self._i = 0
            else:
                self._saved.append(value)
                return value
        saved = self._saved
        value = saved[self._i]
        self._i = (self._i + 1) % len(saved)
        return value


def _accumulate(it, func, total):
    if type(total) is _Missing:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    if func is None:
        for element in it:
            total = total + element
            yield total
    else:
        for element in it:
            total = func(total, element)
            yield total


def accumulate(iterable, func=None, *, initial=None):
    """Return series of accumulated sums (or other binary function results)."""
    return _accumulate(iter(iterable), func, _MISSING if initial is None else initial)


def _chain(iterables):
    for it in iterables:
        yield from it


def chain(*iterables):
    """Return a chain object whose .__next__() method returns elements from the first iterable
    until it is exhausted, then elements from the next iterable, until all of the iterables are
    exhausted."""
    return _chain(iterables)


def _from_iterable(iterable):
    """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
    return _chain(iter(iterable))


chain.from_iterable = _from_iterable


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def compress(data, selectors):
    """Return data elements corresponding to true selector elements."""
    return _compress(iter(data), iter(selectors))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    yield from it


def dropwhile(predicate, iterable):
    """Drop items from the iterable while predicate(item) is true."""
    return _dropwhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def takewhile(predicate, iterable):
    """Return successive entries from an iterable as long as the predicate evaluates to true
    for each entry."""
    return _takewhile(predicate, iter(iterable))


def _filterfalse(predicate, it):
    if predicate is None:
        for x in it:
            if not x:
                yield x
    else:
        for x in it:
            if not predicate(x):
                yield x


def filterfalse(function, iterable, /):
    """Return those items of iterable for which function(item) is false."""
    return _filterfalse(function, iter(iterable))


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable"""

    __slots__ = ("_key", "_it", "_tgt", "_cur", "_val", "_gen")

    def __init__(self, iterable, key=None):
        self._key = key
        self._it = iter(iterable)
        self._tgt = _MISSING
        self._cur = _MISSING
        self._val = _MISSING
        self._gen = None

    def __iter__(self):
        return self

    def _same(self):
        cur = self._cur
        tgt = self._tgt
        if type(tgt) is _Missing:
            return type(cur) is _Missing
        if type(cur) is _Missing:
            return False
        return cur == tgt

    def __next__(self):
        # A new group token: the previous group's iterator stops yielding once we move on.
        self._gen = _Token()
        while self._same():
            self._advance()
        self._tgt = self._cur
        return (self._cur, self._grouper(self._tgt, self._gen))

    def _advance(self):
        value = next(self._it)
        self._val = value
        self._cur = value if self._key is None else self._key(value)

    def _grouper(self, tgt, token):
        while self._gen is token and self._cur == tgt:
            yield self._val
            try:
                self._advance()
            except StopIteration:
                return


class _Token:
    __slots__ = ()


def _islice(it, start, stop, step):
    i = 0
    # Consume up to start, then yield every step-th element before stop.
    nexti = start
    if stop is not None and nexti >= stop:
        # Nothing to yield; CPython still consumes the first start elements.
        for _ in zip(range(start), it):
            pass
        return
    for element in it:
        if i == nexti:
            yield element
            nexti += step
            if stop is not None and nexti >= stop:
                # CPython consumes the elements up to stop before finishing.
                for _ in zip(range(stop - i - 1), it):
                    pass
                return
        i += 1


def _slice_arg(x, message):
    if x is None:
        return None
    try:
        v = _as_int(x)
    except TypeError:
        raise ValueError(message) from None
    if v < 0:
        raise ValueError(message)
    return v


def islice(iterable, *args):
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object"""
    n = len(args)
    if n == 1:
        start, stop, step = None, args[0], None
    elif n == 2 or n == 3:
        start, stop = args[0], args[1]
        step = args[2] if n == 3 else None
    elif n == 0:
        raise TypeError("islice expected at least 2 arguments, got 1")
    else:
        raise TypeError(f"islice expected at most 4 arguments, got {n + 1}")
    indices = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
    if n == 1:
        stop = _slice_arg(stop, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    else:
        stop = _slice_arg(stop, indices)
    start = _slice_arg(start, indices)
    if start is None:
        start = 0
    if step is None:
        step = 1
    else:
        try:
            step = _as_int(step)
        except TypeError:
            raise ValueError("Step for islice() must be a positive integer or None.") from None
        if step <= 0:
            raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(iter(iterable), start, stop, step)


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield (a, b)
        a = b


def pairwise(iterable, /):
    """Return an iterator of overlapping pairs taken from the input iterator."""
    return _pairwise(iter(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def starmap(function, iterable, /):
    """Return an iterator whose values are returned from the function evaluated with an argument
    tuple taken from the given sequence."""
    return _starmap(function, iter(iterable))


class _TeeLink:
    __slots__ = ("value", "next")

    def __init__(self):
        self.next = None


def _tee_gen(source, link):
    # Every tee iterator walks one shared singly-linked list; nodes behind the slowest one
    # become unreachable.
    while True:
        nxt = link.next
        if nxt is None:
            try:
                value = next(source)
            except StopIteration:
                return
            nxt = _TeeLink()
            nxt.value = value
            if link.next is None:
                link.next = nxt
            else:
                nxt = link.next
        link = nxt
        yield link.value


def tee(iterable, n=2, /):
    """Returns a tuple of n independent iterators."""
    n = _as_int(n)
    if n < 0:
        raise ValueError("n must be >= 0")
    source = iter(iterable)
    head = _TeeLink()
    return tuple(_tee_gen(source, head) for _ in range(n))


def _zip_longest(iterators, fillvalue):
    active = len(iterators)
    if not active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            if it is None:
                values.append(fillvalue)
                continue
            try:
                value = next(it)
            except StopIteration:
                active -= 1
                if not active:
                    return
                iterators[i] = None
                value = fillvalue
            values.append(value)
        yield tuple(values)


def zip_longest(*args, fillvalue=None):
    """Return a zip_longest object whose .__next__() method returns a tuple where the i-th element
    comes from the i-th iterable argument."""
    return _zip_longest([iter(a) for a in args], fillvalue)


def _product(pools):
    if any(len(pool) == 0 for pool in pools):
        return
    n = len(pools)
    indices = [0] * n
    yield tuple(pool[0] for pool in pools)
    while True:
        i = n - 1
        while i >= 0:
            indices[i] += 1
            if indices[i] < len(pools[i]):
                break
            indices[i] = 0
            i -= 1
        if i < 0:
            return
        yield tuple(pools[j][indices[j]] for j in range(n))


def product(*iterables, repeat=1):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""
    repeat = _as_int(repeat)
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def permutations(iterable, r=None):
    """Return successive r-length permutations of elements in the iterable."""
    pool = tuple(iterable)
    if r is None:
        r = len(pool)
    else:
        r = _as_int(r)
        if r < 0:
            raise ValueError("r must be non-negative")
    return _permutations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations(iterable, r):
    """Return successive r-length combinations of elements in the iterable."""
    r = _as_int(r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations(tuple(iterable), r)


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    """Return successive r-length combinations of elements in the iterable allowing individual
    elements to have successive repeats."""
    r = _as_int(r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations_with_replacement(tuple(iterable), r)
`;
