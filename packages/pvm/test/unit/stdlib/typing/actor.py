from dataclasses import dataclass, field, asdict
from typing import (TYPE_CHECKING, Callable, ClassVar, Dict, Final, Generic, Iterator, List, Literal, Mapping,
                    NamedTuple, Optional, Protocol, Sequence, Tuple, TypedDict, TypeVar, Union, cast, overload)
import typing

if TYPE_CHECKING:
    from nowhere import Nothing

K = TypeVar("K")
V = TypeVar("V")
MAX_SUPPLY: Final[int] = 1_000_000
Side = Literal["buy", "sell"]


@dataclass
class Entry(Generic[K, V]):
    key: K
    value: V
    tags: List[str] = field(default_factory=list)


@dataclass(frozen=True, order=True)
class Order:
    price: int
    qty: int
    side: Side = "buy"
    fee_bps: ClassVar[int] = 30


class Fill(NamedTuple):
    order: Order
    filled: int

    def remaining(self) -> int:
        return self.order.qty - self.filled


class Summary(TypedDict, total=False):
    count: int
    volume: int


class Ledger(Generic[K, V]):
    def __init__(self) -> None:
        self._items: Dict[K, V] = {}

    def put(self, key: K, value: V) -> None:
        self._items[key] = value

    def get(self, key: K, default: Optional[V] = None) -> Optional[V]:
        return self._items.get(key, default)

    def __iter__(self) -> Iterator[K]:
        return iter(sorted(self._items))


class Pricer(Protocol):
    def price(self, qty: int) -> int: ...


class Flat:
    def price(self, qty: int) -> int:
        return qty * 3


def total(p: Pricer, qtys: Sequence[int]) -> int:
    return sum(p.price(q) for q in qtys)


def apply(fn: Callable[[int], int], xs: List[int]) -> List[int]:
    return [fn(x) for x in xs]


def summarize(orders: List[Order]) -> Summary:
    s: Summary = {"count": len(orders)}
    s["volume"] = sum(o.price * o.qty for o in orders)
    return s


@overload
def parse(x: int) -> int: ...
@overload
def parse(x: str) -> str: ...
def parse(x: Union[int, str]) -> Union[int, str]:
    return x


orders = [Order(10, 2), Order(9, 5, "sell"), Order(10, 1)]
print(sorted(orders), Order.fee_bps, orders[0] < orders[1])
e = Entry("a", 1)
print(e, asdict(e), Entry[str, int]("b", 2))
f = Fill(orders[1], 3)
print(f, f.remaining(), f._replace(filled=5).remaining())
print(summarize(orders), Summary.__optional_keys__ == frozenset({"count", "volume"}))
led: Ledger[str, int] = Ledger()
led.put("z", 1)
led.put("a", 2)
print(list(led), led.get("a"), led.get("q"), led.get("q", 0))
print(total(Flat(), [1, 2, 3]), apply(lambda x: x + 1, [1, 2]), parse(3), parse("s"), cast(int, "7"))
print(MAX_SUPPLY, total.__annotations__, Entry.__annotations__)
print(typing.get_type_hints(Order), typing.get_type_hints(apply))
print(isinstance(led, Ledger), isinstance({"a": 1}, Mapping), issubclass(Entry, Generic), Entry.__parameters__)
try:
    orders[0].price = 5
except Exception as ex:
    print(type(ex).__name__, ex)
