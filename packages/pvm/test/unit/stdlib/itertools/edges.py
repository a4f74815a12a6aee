from itertools import (chain, islice, takewhile, dropwhile, accumulate, starmap, zip_longest, product,
                       compress, filterfalse, pairwise, permutations, combinations, combinations_with_replacement, count, tee, groupby)

it = iter(range(10))
print(list(islice(it, 1, 4)), list(it))
it = iter(range(10))
s = islice(it, 0, 6, 2)
print(next(s), next(s), next(s), list(it))
it = iter(range(10))
print(list(takewhile(lambda x: x < 3, it)), list(it))
it = iter([5, 1, 7, 2])
d = dropwhile(lambda x: x > 2, it)
print(next(d), list(it))
def gen_iterables():
    print('  making a')
    yield 'ab'
    print('  making b')
    yield 'cd'
c = chain.from_iterable(gen_iterables())
print('created')
print(next(c))
print(list(c))
print(list(starmap(max, [[1, 5], (7, 2), iter([3, 9])])))
print(list(accumulate([1, 2, 3], lambda a, b: a * 10 + b, initial=0)), list(accumulate([[1], [2]])))
print(list(zip_longest((x for x in 'ab'), range(3), [], fillvalue=0)))
print(list(product((x for x in 'ab'), repeat=2)), list(product(range(2), 'x', [True, False])))
for name, make in [('chain', lambda: list(chain(5))), ('islice', lambda: islice(5, 1)), ('takewhile', lambda: takewhile(bool, 5)),
                   ('accumulate', lambda: accumulate(5)), ('starmap', lambda: starmap(max, 5)), ('zip_longest', lambda: zip_longest([], 5)),
                   ('product', lambda: product([1], 5)), ('compress', lambda: compress(5, [])), ('filterfalse', lambda: filterfalse(None, 5)),
                   ('pairwise', lambda: pairwise(5)), ('permutations', lambda: permutations(5)), ('combinations', lambda: combinations(5, 1)),
                   ('cwr', lambda: combinations_with_replacement(5, 1)), ('tee', lambda: tee(5)), ('groupby', lambda: groupby(5))]:
    try:
        make()
        print(name, 'lazy')
    except TypeError as e:
        print(name, type(e).__name__, e)
def boom(x):
    if x == 3:
        raise KeyError('three')
    return x < 10
try:
    list(takewhile(boom, range(5)))
except KeyError as e:
    print('KeyError', e)
try:
    list(starmap(max, [5]))
except TypeError as e:
    print(type(e).__name__, e)
try:
    list(accumulate([1, 'a']))
except TypeError as e:
    print(type(e).__name__, e)
print(list(permutations(range(4), 2))[:5], len(list(permutations(range(6), 3))), list(permutations('ab', 0)))
print(list(combinations_with_replacement(range(3), 3))[-3:], len(list(combinations_with_replacement(range(5), 3))))
print(list(islice(count(10, -3), 4)), list(islice(count(2**64), 2)), next(islice(count(), 2**70, None)) if False else 'skip')
print(list(islice(range(9), 2**62)), list(islice(range(9), 3, 2**62, 4)))
for bad in [(2**80,), (1, 2**80), (-1,), (-2,), (1, -1), (1, -2), ('x', 3), (1, 3, 'y'), (2**70, 3, 0), (2**70, None), (1, 2, 2**70)]:
    try:
        islice([], *bad)
    except ValueError as e:
        print(bad[:2], e)
ps = pairwise(iter([1, 2, 3]))
print(next(ps), list(ps), list(ps))
cp = compress(count(), cycle_sel := [True, False] * 3)
print(list(cp))
def noisy(xs):
    for x in xs:
        print('  draw', x)
        yield x
g = groupby(noisy('aabc'))
k, grp = next(g)
print('key', k)
print(next(grp))
k2, grp2 = next(g)
print('key', k2, list(grp), list(grp2))
print([(k, list(v)) for k, v in groupby([1, 1.0, True, 2, 2], key=lambda x: x * 2)])
print(list(groupby('')), [k for k, _ in groupby('aAbB', key=str.lower)])
