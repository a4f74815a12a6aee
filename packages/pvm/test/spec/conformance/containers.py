a = [3, 1, 2]
a.append(4)
a.extend([5, 6])
a.insert(0, 0)
print(a, len(a), a.pop(), a.pop(0), a, a.index(2), a.count(1))
a.sort()
print(a, sorted([3, 1, 2], reverse=True), sorted(["b", "A", "c"], key=str.lower))
a.reverse()
print(a, a[1:3], a[::-1], a * 2, [0] * 3, a + [9])
a[1:3] = [7, 8, 9]
del a[0]
print(a, 7 in a, 100 not in a)
pairs = [(2, "b"), (1, "a"), (2, "a"), (1, "b")]
print(sorted(pairs), sorted(pairs, key=lambda p: p[1]), sorted(pairs, key=lambda p: p[0], reverse=True))
t = (1, 2, 3)
x, y, z = t
first, *rest = [1, 2, 3, 4]
*init, last = "abc"
print(t, x + y + z, first, rest, init, last, t[1:], t + (4,), (1,) * 3, t.index(2), t.count(2), (1, 2) < (1, 3))
d = {"a": 1, "b": 2}
d["c"] = 3
d[1] = "int"
d[1.0] = "float"
d[True] = "bool"
print(d, len(d), d.get("z"), d.get("z", 0), "a" in d, list(d.keys()), list(d.values()))
print(list(d.items())[:2], d.pop("a"), d.setdefault("q", []), d)
del d["b"]
print(d, {k: v for k, v in zip("xyz", range(3))}, dict(a=1, b=2), dict([("k", "v")]), dict.fromkeys("ab", 0))
d2 = {"x": 1}
d2.update({"y": 2}, z=3)
print(d2, d2 | {"w": 0}, {**d2, "x": 9}, d2 == {"z": 3, "y": 2, "x": 1})
s = {3, 1, 2}
s.add(1)
s.add(0)
print(sorted(s), len(s), 2 in s, sorted(s | {9}), sorted(s & {1, 2, 7}), sorted(s - {1}), sorted(s ^ {1, 9}), {1, 2} <= {1, 2, 3}, frozenset([1, 2]))
# Sets iterate in insertion order in the PVM (the spec replaces sets with ordered sets):
# print them sorted so CPython and the PVM agree.
s.discard(3)
s.remove(0)
print(s, set(), sorted({"b", "a"}), sorted(set("hello")))
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e)
try:
    [][0]
except IndexError as e:
    print(e)
try:
    {[1]: 2}
except TypeError as e:
    print(e)
print(list(range(5)), list(range(2, 10, 3)), list(range(10, 0, -3)), range(5)[2], len(range(0, 100, 7)), 7 in range(0, 100, 7))
print(list(enumerate("ab", 1)), list(zip([1, 2, 3], "ab")), list(map(lambda v: v * 2, [1, 2])), list(filter(None, [0, 1, "", "x"])))
print(any([0, 0, 1]), all([1, 1, 0]), list(reversed([1, 2, 3])), min("bca"), max([1, 5, 3], key=lambda v: -v), max([], default=None))
nested = [[1, 2], [3, [4, 5]]]
print(nested, [y for x in [[1, 2], [3]] for y in x], [x for x in range(10) if x % 3 == 0], {x % 3 for x in range(10)})
g = (x * x for x in range(4))
print(next(g), list(g), sum(x for x in range(10)))
l = [1, 2]
l.append(l)
print(l)
print(sorted([3, 1, 2]) == [1, 2, 3], [1, 2] == (1, 2), [1, [2]] == [1, [2]])
