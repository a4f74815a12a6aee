from collections.abc import Mapping, Sequence, Callable, Iterable, Iterator, MutableMapping, Set, Collection, Generator
import collections.abc

print(Mapping[str, int], Sequence[int], Iterable[tuple], Iterator[str], MutableMapping[str, list], Set[int], Collection[bytes])
print(Callable[[int, str], bool], Callable[..., int], Callable[[], None], Generator[int, None, None])
a = Mapping[str, int]
print(a.__origin__ is Mapping, a.__args__, Callable[[int], str].__args__, Sequence[int] == Sequence[int], Sequence[int] == Sequence[str])
try:
    isinstance({}, Mapping[str, int])
except TypeError as e:
    print(type(e).__name__, e)
class MyMap(Mapping[str, int]):
    def __getitem__(self, k):
        return len(k)
    def __len__(self):
        return 0
    def __iter__(self):
        return iter(())
m = MyMap()
print(m['abc'], isinstance(m, Mapping), MyMap.__mro__[1] is Mapping, dict(m))
def f(xs: Iterable[int]) -> Iterator[int]:
    return iter(xs)
print(f.__annotations__)
try:
    collections.abc.Sized[int]
except TypeError as e:
    print(type(e).__name__)
