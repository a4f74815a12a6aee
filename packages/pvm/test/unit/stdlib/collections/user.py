from collections import UserDict, UserList, UserString

class Lower(UserDict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
d = Lower({'A': 1}, B=2)
d['C'] = 3
print(d, len(d), 'a' in d, 'A' in d, d.get('b'), d.get('z', 0), list(d), d.data, isinstance(d, dict))
print(d | {'x': 9}, {'y': 8} | d, d.copy(), type(d.copy()).__name__, Lower.fromkeys('pq', 0))
del d['a']
print(d.pop('b'), d.setdefault('q', 4), d, d == {'c': 3, 'q': 4})
class Dflt(UserDict):
    def __missing__(self, k):
        return 'missing:' + k
print(Dflt()['zz'])
try:
    UserDict()['nope']
except KeyError as e:
    print(type(e).__name__, e)

l = UserList([3, 1, 2])
l.append(5)
l.extend([0])
l.insert(1, 9)
print(l, len(l), l[0], l[-1], l[1:3], type(l[1:3]).__name__, 9 in l, l.index(2), l.count(1))
l.sort()
print(l, l + [7], [7] + l, l * 2, l.pop(), l.pop(0), l)
l.reverse()
l.remove(3)
print(l, l == [3, 2, 1], l < [4], l.copy(), type(l.copy()).__name__)
l += (8,)
print(l, sorted(UserList('cab')))
try:
    l.remove(42)
except ValueError as e:
    print(type(e).__name__, e)

s = UserString('Hello')
print(s, repr(s), len(s), s[1], s[1:3], s + '!', 'x' + s, s * 2, s.upper(), s.lower().startswith('he'), 'ell' in s)
print(s == 'Hello', s < 'Jello', s.replace('l', 'L'), s.split('l'), s.find('l'), hash(s) == hash('Hello'), type(s.upper()).__name__)
