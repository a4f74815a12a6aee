from collections.abc import (Iterable, Iterator, Mapping, MutableMapping, Sequence, MutableSequence,
                             Callable, Hashable, Sized, Container, Collection, Set, MutableSet, Reversible)
import collections.abc
from collections import abc as abc2, deque, Counter, OrderedDict, defaultdict, ChainMap, namedtuple

names = ['Iterable', 'Iterator', 'Mapping', 'MutableMapping', 'Sequence', 'MutableSequence', 'Callable',
         'Hashable', 'Sized', 'Container', 'Collection', 'Set', 'MutableSet', 'Reversible']
def kinds(v):
    return [n for n in names if isinstance(v, getattr(collections.abc, n))]
def gen():
    yield 1
class Foo:
    def __iter__(self):
        return iter([])
class NoHash:
    __hash__ = None
class Callme:
    def __call__(self):
        return 1
P = namedtuple('P', 'a')
for v in [[], (), {}, set(), frozenset(), 'a', b'a', bytearray(), range(2), gen(), len, gen, Foo(), NoHash(),
          Callme(), 1, 2.5, None, {}.keys(), {}.items(), {}.values(), int, deque(), Counter(), OrderedDict(),
          defaultdict(), ChainMap(), P(1)]:
    print(type(v).__name__, kinds(v))
print(isinstance(iter([]), Iterator), isinstance(iter({}), Iterator), isinstance(map(len, []), Iterator))
print(issubclass(list, Sequence), issubclass(dict, Sequence), issubclass(Foo, Iterable), abc2 is collections.abc)

class M(Mapping):
    def __init__(self, d):
        self.d = d
    def __getitem__(self, k):
        return self.d[k]
    def __len__(self):
        return len(self.d)
    def __iter__(self):
        return iter(self.d)
m = M({'a': 1, 'b': 2})
print(m.get('a'), m.get('z', 0), 'a' in m, 'q' in m, list(m.keys()), list(m.items()), list(m.values()))
print(m == {'a': 1, 'b': 2}, isinstance(m, MutableMapping), len(m.keys()), ('a', 1) in m.items(), 2 in m.values())
class MM(MutableMapping):
    def __init__(self):
        self.d = {}
    def __getitem__(self, k):
        return self.d[k]
    def __setitem__(self, k, v):
        self.d[k] = v
    def __delitem__(self, k):
        del self.d[k]
    def __len__(self):
        return len(self.d)
    def __iter__(self):
        return iter(self.d)
mm = MM()
mm.update({'x': 1}, y=2)
mm.setdefault('z', 3)
print(dict(mm), mm.pop('x'), mm.pop('nope', None), mm.popitem(), dict(mm))
try:
    mm.pop('nope')
except KeyError as e:
    print(type(e).__name__, e)
class Seq(Sequence):
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
    def __len__(self):
        return 3
s = Seq()
print(list(s), 20 in s, list(reversed(s)), s.index(20), s.count(10))
try:
    s.index(99)
except ValueError as e:
    print(type(e).__name__, e)
class Bad(Mapping):
    pass
try:
    Bad()
except TypeError as e:
    print(type(e).__name__, e)
