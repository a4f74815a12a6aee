from dataclasses import dataclass, field, fields
from typing import (Any, ClassVar, Dict, Generic, Iterable, Iterator, List, Literal, Mapping, MutableMapping,
                    MutableSequence, NamedTuple, Optional, Protocol, Sequence, Sized, Hashable, Callable, Tuple,
                    TypeVar, TypedDict, Union, Annotated, AbstractSet, Container, Collection, Reversible,
                    runtime_checkable, get_type_hints, get_args, get_origin, assert_never, SupportsInt, Generator,
                    FrozenSet, Type)
import typing


@dataclass
class Account:
    owner: str
    balance: int = 0
    history: List[int] = field(default_factory=list)
    fee: ClassVar[int] = 5
    kind: ClassVar = "basic"


a = Account("bob")
print(a, [f.name for f in fields(a)], Account.fee, Account.kind)


def gen():
    yield 1


print(isinstance([], Sequence), isinstance((), Sequence), isinstance({}, Sequence), isinstance(range(3), Sequence))
print(isinstance({}, MutableMapping), isinstance([], MutableSequence), isinstance((), MutableSequence))
print(isinstance(set(), AbstractSet), isinstance(frozenset(), AbstractSet), isinstance([], AbstractSet))
print(isinstance(gen(), Generator), isinstance(gen(), Iterator), isinstance([], Iterator), isinstance({}.keys(), Iterable))
print(isinstance([], Hashable), isinstance((), Hashable), isinstance("", Sized), isinstance(5, Sized))
print(isinstance([], Container), isinstance({}, Collection), isinstance([], Reversible), isinstance(len, Callable))
print(issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(int, Hashable), issubclass(str, Iterable))
print(get_origin(Sequence[int]), get_origin(Mapping[str, int]), get_origin(Callable[[], None]), get_origin(AbstractSet[int]))


class Bag(Mapping[str, int]):
    def __init__(self, d):
        self._d = dict(d)

    def __getitem__(self, k):
        return self._d[k]

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)


bag = Bag({"a": 1, "b": 2})
print(bag.get("a"), bag.get("z", 0), "a" in bag, "z" in bag, list(bag.keys()), list(bag.items()), list(bag.values()))
print(bag == {"a": 1, "b": 2}, bag == Bag({"a": 1}), isinstance(bag, Mapping), isinstance(bag, dict), Bag.__mro__[1])


class Vec(Sequence[int]):
    def __init__(self, *xs):
        self._xs = list(xs)

    def __getitem__(self, i):
        return self._xs[i]

    def __len__(self):
        return len(self._xs)


v = Vec(3, 1, 3)
print(list(v), 3 in v, 7 in v, v.index(1), v.count(3), list(reversed(v)), isinstance(v, Sequence))
try:
    v.index(9)
except ValueError as e:
    print(type(e).__name__, e)


class Store(MutableMapping[str, int]):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, val):
        self._d[k] = val

    def __delitem__(self, k):
        del self._d[k]

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)


st = Store()
st.update({"x": 1}, y=2)
print(st.setdefault("z", 3), st.pop("x"), st.pop("nope", -1), sorted(st.items()), len(st))
try:
    st.pop("nope")
except KeyError as e:
    print(type(e).__name__, e)

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
T_contra = TypeVar("T_contra", contravariant=True)
print(T_co, T_contra, List[T][int], Dict[str, T][bytes], Tuple[T, T][int], Optional[T][str])
for bad in (lambda: TypeVar("X", int), lambda: TypeVar("X", covariant=True, contravariant=True),
            lambda: Generic[int], lambda: Generic[T, T], lambda: List[int][str], lambda: Generic()):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


class Node(Generic[T]):
    def __init__(self, v):
        self.v = v


n = Node[int](7)
print(n.v, n.__orig_class__, Node[int] == Node[int], Node[int] != Node[str], get_args(Node[str]), get_origin(Node[str]))
try:
    class Plain(Generic):
        pass
except TypeError as e:
    print(type(e).__name__, e)


class Coord(NamedTuple):
    lat: float
    lon: float = 0.0


for bad in (lambda: Coord(1, 2, 3), lambda: Coord(1, z=2), lambda: Coord(1, lat=2), lambda: Coord._make([1]),
            lambda: Coord(1)._replace(z=1)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
c = Coord(1.5)
print(c, c._fields, Coord.lat, c.__getnewargs__(), Coord.__mro__, Coord.__match_args__)
try:
    class Over(NamedTuple):
        x: int

        def _asdict(self):
            return {}
except AttributeError as e:
    print(type(e).__name__, e)
try:
    NamedTuple("Bad", [("_x", int)])
except ValueError as e:
    print(type(e).__name__, e)


class Base(TypedDict):
    a: int


class Child(Base, total=False):
    b: str


print(sorted(Child.__annotations__), sorted(Child.__required_keys__), sorted(Child.__optional_keys__), Child(a=1, b="x"))
Point2 = TypedDict("Point2", {"x": int, "y": int})
print(Point2(x=1, y=2), sorted(Point2.__required_keys__), Point2.__total__)
try:
    class Mixed(TypedDict, int):
        pass
except TypeError as e:
    print(type(e).__name__, e)


@runtime_checkable
class HasName(Protocol):
    name: str


class Named:
    name = "n"


print(isinstance(Named(), HasName), isinstance(3, HasName), isinstance(3, SupportsInt), isinstance("x", SupportsInt))
try:
    issubclass(Named, HasName)
except TypeError as e:
    print(type(e).__name__, e)
try:
    class NotProto(Protocol, Exception):
        pass
except TypeError as e:
    print(type(e).__name__, e)

print(isinstance(3, Union[int, str]), isinstance(3.0, Union[int, str]), isinstance(None, Optional[int]))
print(Literal[1, 1, 2], Literal[True, 1], Literal[Literal[1], 2] == Literal[1, 2], get_args(Literal["a"]))
print(Annotated[Annotated[int, "a"], "b"], get_args(Annotated[Annotated[int, "a"], "b"]), Annotated[int, 1](3))
print(Union[int, List[int]], Union[List[int], List[int]], Optional[Optional[int]], Union[int, Any])
print(Callable[[], int], get_args(Callable[..., int]), Tuple[int, ...] == Tuple[int, ...], FrozenSet[str], Type[Any])
for bad in (lambda: Callable[int, int], lambda: Union[ClassVar[int], int], lambda: Literal(), lambda: Any(),
            lambda: ClassVar[int, str], lambda: isinstance(3, Any), lambda: Annotated[int]):
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)


class Tree:
    left: "Tree"
    size: "int"
    tags: "List[str]"


def f(x: "int", y: None) -> "Optional[int]":
    return x


print(get_type_hints(f, {"Optional": Optional}), get_type_hints(Tree, {"Tree": Tree, "List": List}))
print(get_type_hints(f, localns={"Optional": Optional})["return"])
class Later:
    nxt: "Missing"
    pair: "Dict[str, 'Tree']"
    cb: "typing.Callable[[int, ...], None]"
    lit: "Literal['a', -1, None]"


print(get_type_hints(Later, {"Tree": Tree, "Missing": int, "Dict": Dict, "typing": typing, "Literal": Literal}))
try:
    get_type_hints(Later)
except NameError as e:
    print(type(e).__name__, e)
try:
    assert_never(5)
except AssertionError as e:
    print(type(e).__name__, e)
print(typing.cast(List[int], "no check"), typing.final(len) is len, typing.TYPE_CHECKING)
