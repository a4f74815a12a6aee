// Python source of `functools`, executed by the PVM on first import (metered like user code).
// Kept as a TS string so the package ships no data files; must not contain backticks or "${".
export const FUNCTOOLS_PY = String.raw`
WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__')
WRAPPER_UPDATES = ('__dict__',)

class _Missing:
    __slots__ = ()

# Compared by type: the PVM refuses 'is' when either operand is an int, float, str or bytes.
_initial_missing = _Missing()


def reduce(function, iterable, initial=_initial_missing):
    it = iter(iterable)
    if type(initial) is _Missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        # Functions have no __dict__ in the PVM; instances and classes do.
        try:
            target = getattr(wrapper, attr)
            source = getattr(wrapped, attr)
        except AttributeError:
            continue
        target.update(source)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class partial:
    __slots__ = ('func', 'args', 'keywords')

    def __new__(cls, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if type(func) is partial:
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = super().__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        name = type(self).__qualname__
        if type(self).__module__ == 'functools':
            name = 'functools.' + name
        return f"{name}({', '.join(parts)})"

    def __get__(self, obj, objtype=None):
        # Like CPython's C partial: not a method descriptor, stays unbound on class access.
        return self


def cmp_to_key(mycmp):
    class K(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K
`;
