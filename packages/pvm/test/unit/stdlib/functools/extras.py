import functools
from functools import lru_cache, cache, cached_property, total_ordering, singledispatch, singledispatchmethod, partialmethod, wraps

calls = []
@lru_cache(maxsize=2)
def sq(x):
    calls.append(x)
    return x * x
print(sq(2), sq(3), sq(2), sq(4), sq(3), sq(2), calls)
print(sq.cache_info(), sq.cache_info().hits, sq.cache_info()._asdict(), sq.cache_parameters(), sq.__name__, sq.__wrapped__(5))
sq.cache_clear()
print(sq.cache_info(), type(sq.cache_info()).__name__, isinstance(sq.cache_info(), tuple))

@lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info())

@cache
def fact(n):
    "factorial"
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), fact.cache_info(), fact.__doc__, fact.cache_parameters())

@lru_cache(maxsize=None, typed=True)
def ident(x, *, k=0):
    calls.append(('ident', x, k))
    return x
calls.clear()
print(ident(1), ident(1.0), ident(1), ident(True), ident(1, k=2), ident(1, k=2), calls, ident.cache_info())

@lru_cache(maxsize=0)
def nocache(x):
    return x
print(nocache(1), nocache(1), nocache.cache_info())

@lru_cache(maxsize=-5)
def neg(x):
    return x
print(neg(1), neg.cache_info())
try:
    lru_cache('big')
except TypeError as e:
    print(type(e).__name__, e)
try:
    sq([1, 2])
except TypeError as e:
    print(type(e).__name__, e)

class Acct:
    def __init__(self, n):
        self.n = n
    @lru_cache(maxsize=8)
    def double(self, k):
        return self.n * 2 * k
    def __hash__(self):
        return self.n
    def __eq__(self, other):
        return self.n == other.n
a = Acct(3)
print(a.double(2), a.double(2), Acct.double.cache_info())

class Data:
    computed = 0
    def __init__(self, xs):
        self.xs = xs
    @cached_property
    def total(self):
        "Sum once."
        Data.computed += 1
        return sum(self.xs)
d = Data([1, 2, 3])
print(d.total, d.total, Data.computed, Data.total.__doc__, type(Data.total).__name__, Data.total.attrname)
del d.total
print(d.total, Data.computed)
d.total = 100
print(d.total)
class Slotted:
    __slots__ = ('x',)
    @cached_property
    def y(self):
        return 1
try:
    Slotted().y
except TypeError as e:
    print(type(e).__name__, e)
cp = cached_property(lambda self: 1)
class Holder:
    pass
Holder.late = cp
try:
    Holder().late
except TypeError as e:
    print(type(e).__name__, e)

@total_ordering
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
    def __lt__(self, other):
        if not isinstance(other, V):
            return NotImplemented
        return self.v < other.v
print(V(1) < V(2), V(2) > V(1), V(1) <= V(1), V(3) >= V(2), V(2) > V(3), V.__gt__.__name__, sorted([V(3), V(1)], key=lambda x: x)[0].v)
try:
    V(1) > 5
except TypeError as e:
    print(type(e).__name__, e)
@total_ordering
class G:
    def __init__(self, v):
        self.v = v
    def __ge__(self, other):
        return self.v >= other.v
print(G(1) < G(2), G(2) <= G(2), G(3) > G(2), G(1) >= G(1))
try:
    @total_ordering
    class Nope:
        pass
except ValueError as e:
    print(type(e).__name__, e)

@singledispatch
def show(x):
    return f'object {x!r}'
@show.register
def _(x: int):
    return f'int {x}'
@show.register(list)
def _(x):
    return f'list of {len(x)}'
@show.register(float)
@show.register(complex if False else str)
def _(x):
    return f'float-or-str {x}'
class MyList(list):
    pass
print(show(1), show(True), show([1]), show(MyList([1, 2])), show(2.5), show('s'), show(None), show((1,)))
print(show.dispatch(bool) is show.dispatch(int), show.dispatch(dict) is show.registry[object], object in show.registry, len(show.registry), show.__name__)
from collections.abc import Mapping, Sequence
@show.register(Mapping)
def _(x):
    return f'mapping {len(x)}'
print(show({'a': 1}), show(range(3)))
@show.register(Sequence)
def _(x):
    return 'sequence'
print(show(range(3)), show((1, 2)), show([3]))
try:
    show()
except TypeError as e:
    print(type(e).__name__, e)
try:
    show.register(5, lambda x: x)
except TypeError as e:
    print(type(e).__name__, e)
try:
    @show.register
    def _(x):
        return 0
except TypeError as e:
    print(type(e).__name__, str(e).split(':')[0])
try:
    @show.register
    def _(x: 5):
        return 0
except TypeError as e:
    print(type(e).__name__, e)

class Fmt:
    @singledispatchmethod
    def fmt(self, arg):
        return 'default'
    @fmt.register
    def _(self, arg: int):
        return f'int:{arg}'
    @fmt.register(list)
    def _(self, arg):
        return f'list:{arg}'
f = Fmt()
print(f.fmt(1), f.fmt([2]), f.fmt('x'), Fmt.fmt.__name__ if hasattr(Fmt.fmt, '__name__') else '-')

class Cell:
    def __init__(self):
        self.v = None
    def set(self, v):
        self.v = v
        return self
    set_one = partialmethod(set, 1)
    set_two = partialmethod(set, v=2)
print(Cell().set_one().v, Cell().set_two().v, Cell.set_one(Cell()).v)

def deco(fn):
    @wraps(fn)
    def w(*a):
        return fn(*a)
    return w
@deco
def annotated(x: int) -> str:
    return str(x)
print(annotated.__annotations__, annotated(4))
