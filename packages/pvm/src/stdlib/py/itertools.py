# itertools for the PVM: lazy like CPython's (an infinite iterator yields one element per next()).
# Constructors validate arguments with CPython's messages, then hand the loop to a native helper
# (_chain, _islice, ... bound by itertools/native.ts, charging per element) that calls iter() on
# its inputs at once, as CPython does. count, repeat, cycle and tee are Python classes
# and generators (their reprs and sharing rules), metered as ordinary bytecode.


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


def accumulate(iterable, func=None, *, initial=None):
    """Return series of accumulated sums (or other binary function results)."""
    return _accumulate(iterable, func, initial, initial is not None)


def chain(*iterables):
    """Return a chain object whose .__next__() method returns elements from the first iterable
    until it is exhausted, then elements from the next iterable, until all of the iterables are
    exhausted."""
    return _chain(iterables)


def _from_iterable(iterable):
    """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
    return _chain(iterable)


chain.from_iterable = _from_iterable


def compress(data, selectors):
    """Return data elements corresponding to true selector elements."""
    return _compress(data, selectors)


def dropwhile(predicate, iterable):
    """Drop items from the iterable while predicate(item) is true."""
    return _dropwhile(predicate, iterable)


def takewhile(predicate, iterable):
    """Return successive entries from an iterable as long as the predicate evaluates to true
    for each entry."""
    return _takewhile(predicate, iterable)


def filterfalse(function, iterable, /):
    """Return those items of iterable for which function(item) is false."""
    return _filterfalse(function, iterable)


def groupby(iterable, key=None):
    """make an iterator that returns consecutive keys and groups from the iterable"""
    return _groupby(iterable, key)


_MAXSIZE = 9223372036854775807
_STOP_MSG = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
_INDICES_MSG = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
_STEP_MSG = "Step for islice() must be a positive integer or None."


def _ssize(x):
    # CPython's PyNumber_AsSsize_t for islice: None for a non-integer, -1 for an overflow.
    try:
        v = _as_int(x)
    except TypeError:
        return None
    if v > _MAXSIZE or v < -_MAXSIZE - 1:
        return -1
    return v


def islice(iterable, *args):
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object"""
    n = len(args)
    if n == 0:
        raise TypeError("islice expected at least 2 arguments, got 1")
    if n > 3:
        raise TypeError(f"islice expected at most 4 arguments, got {n + 1}")
    # The checks and messages follow CPython's islice_new, in its order.
    start = 0
    step = 1
    stop_arg = args[0] if n == 1 else args[1]
    stop = None
    if stop_arg is not None:
        stop = _ssize(stop_arg)
        if stop is None or stop == -1:
            raise ValueError(_STOP_MSG)
    if n > 1 and args[0] is not None:
        start = _ssize(args[0])
        if start is None:
            start = -1
    if n == 3 and args[2] is not None:
        step = _ssize(args[2])
        if step is None:
            step = -1
    if start < 0 or (stop is not None and stop < -1):
        raise ValueError(_INDICES_MSG)
    if step <= 0:
        raise ValueError(_STEP_MSG)
    # The native loop counts in safe JS integers; no run can draw 2**53 elements.
    if stop is not None and stop > 9007199254740991:
        stop = None
    if start > 9007199254740991:
        start = 9007199254740991
    if step > 9007199254740991:
        step = 9007199254740991
    return _islice(iterable, start, stop, step)


def pairwise(iterable, /):
    """Return an iterator of overlapping pairs taken from the input iterator."""
    return _pairwise(iterable)


def starmap(function, iterable, /):
    """Return an iterator whose values are returned from the function evaluated with an argument
    tuple taken from the given sequence."""
    return _starmap(function, iterable)


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


def zip_longest(*args, fillvalue=None):
    """Return a zip_longest object whose .__next__() method returns a tuple where the i-th element
    comes from the i-th iterable argument."""
    return _zip_longest(args, fillvalue)


def product(*iterables, repeat=1):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""
    repeat = _as_int(repeat)
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = tuple([tuple(pool) for pool in iterables] * repeat)
    return _product(pools)


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


def combinations(iterable, r):
    """Return successive r-length combinations of elements in the iterable."""
    r = _as_int(r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations(tuple(iterable), r)


def combinations_with_replacement(iterable, r):
    """Return successive r-length combinations of elements in the iterable allowing individual
    elements to have successive repeats."""
    r = _as_int(r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations_with_replacement(tuple(iterable), r)
