import functools
from functools import reduce, partial, wraps, cmp_to_key

print(reduce(lambda a, b: a + b, [1, 2, 3, 4]))
print(reduce(lambda a, b: a * b, range(1, 8), 10))
print(reduce(lambda a, b: a + b, [], 'init'))
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print(type(e).__name__, e)

def power(base, exp, *, mod=None):
    return pow(base, exp, mod)
sq = partial(power, exp=2)
print(sq(7), sq(7, mod=5), sq.func is power, sq.args, sq.keywords)
p2 = partial(partial(power, 3), mod=7)
print(p2(4), p2.args, p2.keywords, p2.func is power)
class Fn:
    def __repr__(self):
        return '<Fn>'
    def __call__(self, *a, **k):
        return (a, sorted(k.items()))
print(repr(partial(Fn(), 1, 'x', key=None)), partial(Fn(), 1, b=2)(3, c=4))
try:
    partial(3)
except TypeError as e:
    print(type(e).__name__, e)

def deco(f):
    @wraps(f)
    def inner(*a, **k):
        return ('wrapped', f(*a, **k))
    return inner

@deco
def greet(name):
    "Say hello."
    return 'hi ' + name
print(greet('bob'), greet.__name__, greet.__doc__, greet.__wrapped__('x'), greet.__qualname__)

def cmp(a, b):
    return (a > b) - (a < b)
print(sorted([5, 1, 4, 2], key=cmp_to_key(lambda a, b: cmp(b, a))))
print(sorted(['bb', 'a', 'ccc'], key=cmp_to_key(lambda a, b: len(a) - len(b))))
K = cmp_to_key(cmp)
print(K(1) < K(2), K(2) <= K(2), K(3) == K(3), K(3) > K(4), K(5) >= K(1))
try:
    reduce(lambda a, b: a + b, [1], initial=3)
except TypeError as e:
    print(type(e).__name__)
