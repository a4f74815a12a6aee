from typing import List, Dict, Iterator, Protocol, TypeVar, Generic, Type, Optional, Tuple, Set, runtime_checkable
T = TypeVar("T")
class MyList(List[int]):
    pass
m = MyList([1, 2])
m.append(3)
print(m, MyList.__mro__, isinstance(m, list))
class MyDict(Dict[str, int]):
    def total(self):
        return sum(self.values())
print(MyDict(a=1, b=2).total(), MyDict.__orig_bases__)
class Count(Iterator[int]):
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
print(list(Count(3)), isinstance(Count(1), Iterator))
@runtime_checkable
class Getter(Protocol[T]):
    def get(self) -> T: ...
class G:
    def get(self):
        return 1
print(isinstance(G(), Getter), Getter.__parameters__, Getter[int])
def mk(cls: Type[G]) -> G:
    return cls()
print(mk(G).get(), Optional[Tuple[int, str]], Set[T][int], List[Optional[T]][str])
class Base(Generic[T]):
    pass
class Mid(Base[T]):
    pass
class Leaf(Mid[int]):
    pass
print(Mid.__parameters__, Leaf.__parameters__, Leaf.__mro__)


# typing's abstract collections are collections.abc's classes: the mixins behave as CPython's.
import collections.abc
import typing


class Table(typing.Mapping):
    def __init__(self, d):
        self._d = d

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


class Never:
    def __eq__(self, other):
        return False


t = Table({"a": 1})
print(type(t.keys()).__name__, list(t.keys()), isinstance(t.keys(), collections.abc.KeysView))
print(typing.Mapping.__origin__ is collections.abc.Mapping, issubclass(Table, collections.abc.Mapping))
n = Never()
print(n in Table({"x": n}).values(), ("x", n) in Table({"x": n}).items())


class Seq(typing.Sequence):
    def __init__(self, items):
        self._items = items

    def __getitem__(self, i):
        return self._items[i]

    def __len__(self):
        return len(self._items)


s = Seq([n, 1, 2])
print(n in s, s.index(n), s.count(n), 2 in s, list(reversed(s)) == [2, 1, n])
