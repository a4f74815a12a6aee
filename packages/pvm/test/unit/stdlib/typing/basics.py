from typing import (Any, Optional, Union, List, Dict, Set, Tuple, FrozenSet, Callable, Iterable,
                    Iterator, Sequence, Mapping, TypeVar, Generic, Protocol, runtime_checkable,
                    NamedTuple, TypedDict, Literal, Final, ClassVar, cast, overload, TYPE_CHECKING,
                    get_type_hints, get_origin, get_args, Type, NewType, Annotated, NoReturn)
import typing

print(Optional[int], Union[int, str], Union[int, None, str], Optional[Union[int, str]])
print(List[int], Dict[str, int], Set[bytes], Tuple[int, ...], Tuple[int, str], Tuple[()], FrozenSet[int])
print(Callable[[int, str], bool], Callable[..., int], Iterable[int], Iterator[str], Sequence[int], Mapping[str, Any])
print(List, Dict, Any, Callable, Optional, Union, ClassVar[int], Final[str], Literal[1, "a", None], Type[int])
print(List[Dict[str, List[int]]], Optional[List[int]], Annotated[int, "meta"], NoReturn)
print(Union[int, int], Union[int], Union[int, Union[str, bytes]], Union[int, str] == Union[str, int])
print(Optional[int] == Union[int, None], List[int] == List[int], List[int] == List[str], hash(List[int]) == hash(List[int]))
print(get_origin(List[int]), get_args(Dict[str, int]), get_origin(Optional[int]), get_args(Optional[int]), get_origin(int))
print(get_args(Callable[[int], str]), get_origin(Literal[1]), get_args(Literal[1, 2]), get_origin(Annotated[int, "x"]))
print(TYPE_CHECKING, cast(int, "x"), cast("List[int]", 5))
print(isinstance([], List), isinstance({}, Dict), isinstance((), Tuple), isinstance([1], Iterable), isinstance(3, Iterable))
print(isinstance({}, Mapping), isinstance([], Sequence), isinstance("s", Sequence), isinstance(len, Callable), isinstance(iter([]), Iterator))
try:
    isinstance([], List[int])
except TypeError as e:
    print(type(e).__name__, e)
try:
    List()
except TypeError as e:
    print(type(e).__name__, e)
try:
    Union[()]
except TypeError as e:
    print(type(e).__name__, e)
try:
    Optional[int, str]
except TypeError as e:
    print(type(e).__name__, e)

T = TypeVar("T")
K = TypeVar("K", bound=str)
V = TypeVar("V", int, str)
print(T, K, V, T.__name__, K.__bound__, V.__constraints__, List[T], Dict[K, V])


class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    def get(self) -> T:
        return self.item


b = Box(3)
print(b.get(), Box[int], Box[int](5).item, Box.__parameters__, isinstance(b, Box), Box.__mro__)


class Pair(Generic[K, V]):
    pass


print(Pair[str, int], Pair.__parameters__)
try:
    Pair[int]
except TypeError as e:
    print(type(e).__name__, e)


class IntBox(Box[int]):
    pass


print(IntBox(4).get(), IntBox.__mro__, IntBox.__orig_bases__)


class Point(NamedTuple):
    x: int
    y: int = 0
    label: str = "p"

    def norm1(self):
        return abs(self.x) + abs(self.y)


p = Point(3, -4)
print(p, p.x, p[1], p.norm1(), isinstance(p, tuple), len(p), p == (3, -4, "p"), Point._fields)
print(Point._field_defaults, p._asdict(), p._replace(x=9), Point._make([1, 2, "z"]), tuple(p))
print(hash(p) == hash((3, -4, "p")), sorted([Point(2), Point(1)]), Point.__annotations__)
x, y, label = p
print(x, y, label, Point(y=1, x=2))
try:
    Point()
except TypeError as e:
    print(type(e).__name__, e)
try:
    p.x = 5
except AttributeError as e:
    print(type(e).__name__, e)
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print(type(e).__name__, e)
Emp = NamedTuple("Emp", [("name", str), ("id", int)])
print(Emp("a", 1), Emp._fields)


class Movie(TypedDict):
    title: str
    year: int


class PartialMovie(TypedDict, total=False):
    rating: float


m = Movie(title="Blade Runner", year=1982)
print(m, type(m), m["year"], Movie.__required_keys__ == frozenset({"title", "year"}), PartialMovie.__total__)
print(sorted(Movie.__annotations__), PartialMovie(rating=1.5), Movie.__optional_keys__)
try:
    isinstance(m, Movie)
except TypeError as e:
    print(type(e).__name__, e)


@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...


class Resource:
    def close(self):
        pass


class SizedProto(Protocol):
    def size(self) -> int: ...


print(isinstance(Resource(), Closer), isinstance(3, Closer), issubclass(Resource, Closer))
try:
    isinstance(Resource(), SizedProto)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Closer()
except TypeError as e:
    print(type(e).__name__, e)


class FileLike(Closer):
    pass


print(isinstance(FileLike(), Closer))


@overload
def twice(x: int) -> int: ...


@overload
def twice(x: str) -> str: ...


def twice(x):
    return x * 2


print(twice(2), twice("ab"))


@overload
def only(x: int) -> int: ...


try:
    only(1)
except NotImplementedError as e:
    print(type(e).__name__, e)

UserId = NewType("UserId", int)
print(UserId(5), UserId, UserId.__supertype__)


class Config:
    name: str
    retries: int = 3
    tags: ClassVar[List[str]] = []
    limit: Final = 10


print(get_type_hints(Config))


def annotated(a: int, b: Optional[str] = None) -> bool:
    return True


print(annotated(1), Literal["a", "b"] == Literal["b", "a"], Any)
print(typing.Text, typing.AnyStr, typing.Hashable, typing.Sized, typing.Deque[int], typing.DefaultDict[str, int])
