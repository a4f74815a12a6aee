from enum import Enum, IntEnum, Flag, IntFlag, StrEnum, auto, unique
import enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1

    def describe(self):
        return self.name.lower() + "!"

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.RED), str(Color.GREEN), f"{Color.BLUE}", "{}".format(Color.BLUE))
print(Color(1), Color["GREEN"], Color.CRIMSON, Color.CRIMSON is Color.RED)
print(Color.RED.name, Color.RED.value, Color.RED.describe(), Color.default())
print(list(Color), len(Color), [c.name for c in Color], list(reversed(Color)))
print(Color.RED in Color, Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN)
print(list(Color.__members__), Color.__members__["CRIMSON"])
print(isinstance(Color.RED, Color), type(Color.RED), Color, repr(Color))
print(hash(Color.RED) == hash(Color.RED), {Color.RED: "r"}[Color.CRIMSON])
print(Color.RED is Color(1), Color._member_names_)
print(sorted([Color.BLUE, Color.RED], key=lambda c: c.value))
print(bool(Color.RED), Color.RED.__class__.__name__)
for bad in (4, "RED"):
    try:
        Color(bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    Color["PURPLE"]
except KeyError as e:
    print(type(e).__name__, e)
try:
    Color.RED < Color.GREEN
except TypeError as e:
    print(type(e).__name__, e)
try:
    Color.RED = 5
except AttributeError as e:
    print(type(e).__name__, e)
try:
    Color.RED.value = 5
except AttributeError as e:
    print(type(e).__name__, e)
try:
    class MoreColor(Color):
        PINK = 4
except TypeError as e:
    print(type(e).__name__, e)
try:
    class Dup(Enum):
        A = 1
        A = 2
except TypeError as e:
    print(type(e).__name__, e)
try:
    @unique
    class U(Enum):
        A = 1
        B = 2
        C = 1
        D = 2
except ValueError as e:
    print(type(e).__name__, e)


class Auto(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()


print(list(Auto), Auto.D.value)


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    X = auto()
    Y = auto()


print(Named.X.value, Named("y"))


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 4), repr(Planet.MERCURY))


class Shape(IntEnum):
    CIRCLE = 1
    SQUARE = 2


print(Shape.CIRCLE, repr(Shape.SQUARE), str(Shape.SQUARE), f"{Shape.SQUARE}", format(Shape.SQUARE, "03d"))
print(Shape.CIRCLE == 1, Shape.CIRCLE < Shape.SQUARE, Shape.SQUARE > 1, Shape.SQUARE + 1, 3 * Shape.SQUARE)
print(Shape(2), Shape.CIRCLE.value, hash(Shape.CIRCLE) == hash(1), sorted([Shape.SQUARE, Shape.CIRCLE]))
print(["a", "b", "c"][Shape.SQUARE], int(Shape.SQUARE), Shape.SQUARE // 2, -Shape.CIRCLE, abs(Shape.CIRCLE))
print(Shape.SQUARE & 3, Shape.SQUARE | 1, Shape.SQUARE << 2, max(Shape), Shape.CIRCLE.name)
try:
    Shape(7)
except ValueError as e:
    print(type(e).__name__, e)


class Num(IntEnum):
    ONE = auto()
    TWO = auto()


print(list(Num), Num.TWO.value)


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = 6


rw = Perm.R | Perm.W
print(rw, repr(rw), rw is Perm.RW, Perm.R in rw, Perm.X in rw, bool(Perm.R & Perm.X))
print(repr(Perm.R & Perm.X), str(Perm(0)), repr(Perm(7)), str(Perm(7)))
print(list(rw), list(Perm), len(Perm), repr(~Perm.R), repr(Perm.R ^ Perm.RW))
print(Perm(6), Perm(6).name, Perm(5).name, Perm(5).value, Perm(0).name)
try:
    Perm(8)
except ValueError as e:
    print(type(e).__name__, e)


class Color2(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    WHITE = RED | GREEN | BLUE


print(list(Color2), Color2.WHITE, repr(Color2.WHITE), Color2.BLUE.value, repr(Color2.RED | Color2.BLUE))
print(Color2.RED | Color2.GREEN in Color2.WHITE, len(Color2.WHITE), bool(Color2(0)))


class Mode(IntFlag):
    READ = 4
    WRITE = 2
    EXEC = 1


m = Mode.READ | Mode.WRITE
print(m, repr(m), str(m), m == 6, m + 1, Mode.READ in m, repr(Mode(8)), repr(Mode(9)), repr(~Mode.READ))
print(repr(m & 2), repr(m | 1), isinstance(m, Mode), format(m), repr(Mode(0)))


class Status(StrEnum):
    ACTIVE = auto()
    DONE = "done"


print(Status.ACTIVE, repr(Status.ACTIVE), Status.DONE == "done", f"{Status.DONE}", Status("active"))
print(Status.ACTIVE.upper(), len(Status.DONE), Status.DONE + "!", Status.ACTIVE.value)


class Mixed(str, Enum):
    A = "a"
    B = "b"


print(Mixed.A, repr(Mixed.A), Mixed.A == "a", Mixed("b"), Mixed.A.value, f"{Mixed.A}")


class Lvl(int, Enum):
    LOW = 1
    HIGH = 2


print(Lvl.LOW, repr(Lvl.HIGH), Lvl.HIGH > Lvl.LOW, Lvl.LOW + 1, Lvl(2))

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, repr(Animal.CAT))
Fruit = Enum("Fruit", [("APPLE", 5), ("PEAR", 7)])
print(list(Fruit), Fruit(7))


class Empty(Enum):
    pass


class WithMethods(Empty):
    A = 1


print(list(WithMethods), len(Empty))


class Cfg(Enum):
    A = 1
    B = 2

    @classmethod
    def _missing_(cls, value):
        if value == "a":
            return cls.A
        return None


print(Cfg("a"))
try:
    Cfg("z")
except ValueError as e:
    print(type(e).__name__, e)

print(Color.RED.__reduce_ex__(4))
print(match_result := None)
for c in (Color.RED, Color.BLUE):
    match c:
        case Color.RED:
            print("matched red")
        case _:
            print("other", c.name)
print(format(Lvl.LOW), f"{Color.RED:>12}|", f"{Shape.CIRCLE:>3}|", f"{Perm.R}", f"{Mode.READ}")


class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj

    X = (1, "ex")
    Y = (2, "why")


print(Coord(2), Coord.X.label, Coord.Y.value)


class Weekday(Flag):
    MON = auto()
    TUE = auto()
    WED = auto()
    WEEKDAYS = MON | TUE | WED
    NONE = 0


print(Weekday.NONE, repr(Weekday.NONE), Weekday(0) is Weekday.NONE, list(Weekday), Weekday.__members__)
print(Weekday.MON | Weekday.TUE, Weekday.WEEKDAYS & ~Weekday.TUE, Weekday.MON ^ Weekday.WEEKDAYS)
try:
    Weekday.MON | 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    1 in Weekday.MON
except TypeError as e:
    print(type(e).__name__, e)
try:
    1 in Color
except TypeError as e:
    print(type(e).__name__, e)
try:
    class Bad(Enum):
        _foo_ = 1
except ValueError as e:
    print(type(e).__name__, e)
try:
    class BadStr(StrEnum):
        A = 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    Perm("x")
except ValueError as e:
    print(type(e).__name__, e)
print(type(Color), type(Color).__name__, enum.EnumMeta is enum.EnumType, isinstance(Shape.CIRCLE, Enum))
print({Shape.CIRCLE: "c"}[Shape.CIRCLE], {Color.RED, Color.RED, Color.GREEN} == {Color.GREEN, Color.RED})
print(Color.RED.__class__ is Color, Color.GREEN.value + 10, Mode.READ.value, Status.DONE.value)
