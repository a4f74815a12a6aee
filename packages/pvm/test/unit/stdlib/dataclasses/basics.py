from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError, InitVar, KW_ONLY, MISSING
import dataclasses


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, repr(p), p == Point(1, 2), p == Point(2, 1), p != Point(1, 3))
print(Point(5), Point(y=3, x=4))
print(Point.__doc__)
print(Point.__match_args__)
print(Point.__init__.__qualname__, Point.__repr__.__name__)
print(Point.__hash__ is None)
print(is_dataclass(p), is_dataclass(Point), is_dataclass(3), is_dataclass(int))
print([f.name for f in fields(p)], [f.type for f in fields(Point)])
print(fields(Point)[1].default, fields(Point)[0].default is MISSING)
print(asdict(p), astuple(p))
print(replace(p, y=9), p)


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    tag: str = field(default="", compare=False)


a = Version(1, 2)
b = Version(1, 3, "rc")
print(a < b, a <= b, a > b, a >= b, sorted([b, a, Version(0)]))
print(hash(a) == hash(Version(1, 2, "x")), a == Version(1, 2, "x"))
print({a: 1}[Version(1, 2)])
try:
    a.major = 5
except FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))
try:
    del a.minor
except FrozenInstanceError as e:
    print(type(e).__name__, e)
try:
    a < 3
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class Inventory:
    items: list = field(default_factory=list)
    counts: dict = field(default_factory=dict, repr=False)
    total: int = field(default=0, init=False)

    def __post_init__(self):
        self.total = len(self.items)


i = Inventory()
i.items.append(1)
j = Inventory([1, 2, 3])
print(i, j, Inventory().items, j.total, i.counts)


@dataclass
class Base:
    a: int
    b: str = "b"


@dataclass
class Child(Base):
    c: float = 1.5
    a: int = 10


print(Child(), Child(1, "x", 2.0), [f.name for f in fields(Child)])
print(Child.__doc__)


@dataclass
class WithInit:
    x: int
    scale: InitVar[int] = 2

    def __post_init__(self, scale):
        self.x = self.x * scale


w = WithInit(3)
print(w, WithInit(3, 5), [f.name for f in fields(w)], WithInit.__dataclass_fields__["scale"].type)
print(replace(w, scale=10))


@dataclass
class KW:
    a: int
    _: KW_ONLY
    b: int = 1
    c: int = 2


print(KW(1, c=5), KW.__match_args__, KW.__doc__)


@dataclass(kw_only=True)
class KO:
    a: int
    b: int = 1


print(KO(a=3))


@dataclass(eq=False)
class NoEq:
    v: int


n = NoEq(1)
print(n == NoEq(1), n == n, hash(n) == hash(n))


@dataclass(unsafe_hash=True)
class UH:
    v: int
    w: list = field(default_factory=list, hash=False)


print(hash(UH(1)) == hash(UH(1, [2])), hash(UH(1)) == hash((1,)))


@dataclass(repr=False)
class NoRepr:
    v: int


print(repr(NoRepr(1)).startswith("<__main__.NoRepr object"))


@dataclass
class Node:
    val: int
    children: list = field(default_factory=list)


root = Node(1, [Node(2), Node(3, [Node(4)])])
print(root)
print(asdict(root))
print(astuple(root))
d = asdict(root)
d["children"].append(99)
print(len(root.children))


@dataclass
class Rec:
    me: object = None


r = Rec()
r.me = r
print(r)

# errors CPython raises
for args, kwargs in [((), {}), ((1, 2, 3), {}), ((1,), {"q": 1}), ((1,), {"x": 2}), ((), {"y": 1})]:
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print(type(e).__name__, e)


@dataclass
class Three:
    a: int
    b: int
    c: int


for args in [(), (1,)]:
    try:
        Three(*args)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    KO()
except TypeError as e:
    print(type(e).__name__, e)
try:
    KO(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    KO(1, a=2)
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass
    class Bad:
        x: list = []
except ValueError as e:
    print(type(e).__name__, e)
try:
    @dataclass
    class Bad2:
        x: int = 0
        y: int
except TypeError as e:
    print(type(e).__name__, e)
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print(type(e).__name__, e)
try:
    @dataclass(order=True, eq=False)
    class Bad3:
        x: int
except ValueError as e:
    print(type(e).__name__, e)
try:
    @dataclass(order=True)
    class Bad4:
        x: int
        def __lt__(self, other):
            return True
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass(frozen=True)
    class Bad5(Base):
        z: int = 0
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass
    class Bad6(Version):
        z: int = 0
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass
    class Bad7:
        x = field(default=1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    @dataclass(unsafe_hash=True)
    class Bad8:
        x: int
        def __hash__(self):
            return 1
except TypeError as e:
    print(type(e).__name__, e)
for fn in (fields, asdict, astuple, replace):
    try:
        fn(3)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    replace(i, total=3)
except ValueError as e:
    print(type(e).__name__, e)
try:
    replace(p, z=3)
except TypeError as e:
    print(type(e).__name__, e)
