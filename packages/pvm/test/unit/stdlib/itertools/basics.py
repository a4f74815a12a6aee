import itertools
from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile, filterfalse, groupby,
                       islice, pairwise, starmap, takewhile, tee, zip_longest, product, permutations,
                       combinations, combinations_with_replacement)

c = count()
print(next(c), next(c), next(c), c)
print(list(islice(count(10), 3)), list(islice(count(1, 3), 4)), list(islice(count(0.5, 0.25), 3)), count(5, 2), count(2.5), count(-1, -1))
print(list(zip('abc', count(start=100, step=-10))))
try:
    count('a')
except TypeError as e:
    print(type(e).__name__, e)
cy = cycle('ab')
print([next(cy) for _ in range(5)], list(cycle([])))
r = repeat('x', 3)
print(r, list(r), r, list(repeat(1, 0)), list(repeat(1, -5)), repeat(None), list(islice(repeat(7), 4)))
print(list(map(pow, range(4), repeat(2))))
try:
    repeat(1, 'a')
except TypeError as e:
    print(type(e).__name__, e)
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3, 4], lambda a, b: a * b)), list(accumulate([3, 1, 5, 2], max)))
print(list(accumulate([1, 2], initial=100)), list(accumulate([], initial=5)), list(accumulate([])), list(accumulate('abc')))
print(list(chain('ab', [1, 2], ())), list(chain()), list(chain.from_iterable(['xy', 'z'])), list(chain.from_iterable([])))
try:
    list(chain([1], 5))
except TypeError as e:
    print(type(e).__name__, e)
print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(compress('AB', [1, 1, 1, 1])), list(compress(count(), [0, 1, 1, 0, 1])))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, '', 'a', None, [], [0]])))
print([(k, list(g)) for k, g in groupby('AAAABBBCCDAABBB')])
print([k for k, g in groupby('AAAABBBCCD')], [(k, len(list(g))) for k, g in groupby([1, 3, 2, 4, 5, 7], key=lambda x: x % 2)])
gb = groupby('aabbc')
k1, g1 = next(gb)
k2, g2 = next(gb)
print(k1, list(g1), k2, list(g2), [(k, list(g)) for k, g in gb], list(groupby([])))
print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)), list(islice('ABCDEFG', 2, None)), list(islice('ABCDEFG', 0, None, 2)))
print(list(islice(range(10), 1, 8, 3)), list(islice('AB', 5)), list(islice('ABC', None)), list(islice('ABC', None, None, None)))
src = iter(range(10))
print(list(islice(src, 2, 5)), next(src))
src = iter(range(10))
print(list(islice(src, 6, 3)), next(src))
for bad in [(-1,), ('a',), (1, -2), (0, 5, 0), (0, 5, -1), (0, 5, 'x')]:
    try:
        islice([], *bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    islice([])
except TypeError as e:
    print(type(e).__name__, e)
try:
    islice(5, 2)
except TypeError as e:
    print(type(e).__name__, e)
print(list(pairwise('ABCDE')), list(pairwise('A')), list(pairwise([])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(lambda *a: sum(a), [(), (1,), (1, 2, 3)])))
a, b = tee(iter([1, 2, 3, 4]))
print(next(a), next(a), list(b), list(a), tee([1], 0), len(tee('abc', 3)))
x, y, z = tee(count(), 3)
print(next(x), next(x), next(x), next(y), next(z), next(z))
try:
    tee([], -1)
except ValueError as e:
    print(type(e).__name__, e)
print(list(zip_longest('ABCD', 'xy', fillvalue='-')), list(zip_longest('AB', [1, 2, 3])), list(zip_longest()), list(zip_longest('', 'a')))
print(list(product('ab', range(2))), list(product([0, 1], repeat=3)), list(product()), list(product('ab', [])), list(product('ab', repeat=0)))
try:
    product('a', repeat=-1)
except ValueError as e:
    print(type(e).__name__, e)
print(list(permutations('ABC', 2)), list(permutations(range(3))), list(permutations('AB', 3)), list(permutations([], 0)), list(permutations('A', 0)))
print(list(combinations('ABCD', 2)), list(combinations(range(4), 3)), list(combinations('AB', 5)), list(combinations('AB', 0)))
print(list(combinations_with_replacement('ABC', 2)), list(combinations_with_replacement([], 2)), list(combinations_with_replacement([], 0)))
for f in (permutations, combinations, combinations_with_replacement):
    try:
        f('abc', -1)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    combinations('abc', 'x')
except TypeError as e:
    print(type(e).__name__, e)
print(len(list(permutations(range(5)))), len(list(combinations(range(10), 4))), sum(1 for _ in product(range(4), repeat=4)))
print(sorted(map(sum, combinations([1, 2, 3, 4], 2))), max(accumulate(range(100))))
def primes():
    seen = []
    for n in count(2):
        if all(n % p for p in seen):
            seen.append(n)
            yield n
print(list(islice(primes(), 10)), list(takewhile(lambda p: p < 30, primes())))
print(dict(zip(count(), 'abc')), list(zip(*[iter(range(6))] * 2)))
