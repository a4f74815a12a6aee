from collections import Counter

c = Counter('abracadabra')
print(c)
print(c['a'], c['z'], len(c), 'z' in c)
print(c.most_common(), c.most_common(2), c.most_common(0))
print(sorted(c.elements()), list(Counter(a=2, b=0, c=-1, d=1).elements()))
print(c.total(), Counter().total())
c.update('aaz')
c.update({'b': 10})
c.update(q=3)
print(c)
c.subtract('aaa')
c.subtract({'q': 5})
print(c)
print(Counter(), repr(Counter(x=0)), Counter({'x': 1, 'y': 1, 'z': 2}))
a = Counter(a=3, b=1, c=-2)
b = Counter(a=1, b=2, d=4)
print(a + b, a - b, a | b, a & b, +a, -a)
x = Counter(a=3, b=1)
x += Counter(a=-4, c=2)
print(x)
x -= Counter(c=1)
print(x)
x |= Counter(c=5, d=0)
print(x)
x &= Counter(c=2)
print(x)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) <= Counter(a=2), Counter(a=2) < Counter(a=2), Counter(a=3) > Counter(a=2))
print(Counter(a=1) == {'a': 1})
del c['not-there']
del c['a']
print(c)
try:
    Counter.fromkeys('abc')
except NotImplementedError as e:
    print(type(e).__name__, e)
print(Counter(['x', 'y', 'x', 'z', 'y', 'x']).most_common(1)[0], Counter('bbaacc').most_common())
print(isinstance(c, dict), dict(Counter('aab')), c.copy() == c, type(c.copy()).__name__)
try:
    Counter('a') + 1
except TypeError as e:
    print(type(e).__name__, e)
class Loud(Counter):
    def __setitem__(self, k, v):
        print('  set', k, v)
        super().__setitem__(k, v)
l = Loud('aba')
print(l)
print(Counter(x % 3 for x in range(10)), Counter(iter('zzy')))
try:
    Counter([[1]])
except TypeError as e:
    print(type(e).__name__, e)
try:
    Counter(5)
except TypeError as e:
    print(type(e).__name__, e)
c = Counter(a=1)
c.update(['a', 'b'], b=5)
print(c, Counter(a=2.5) + Counter(a=1), Counter({'a': 1, 'b': 2}).most_common(-1))
