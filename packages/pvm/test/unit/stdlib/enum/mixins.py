# IntEnum, StrEnum, IntFlag and (int|str, Enum) members are real int/str instances.
import json
from enum import Enum, IntEnum, IntFlag, StrEnum, auto


class Color(IntEnum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(isinstance(Color.RED, int), Color.RED + 1 == 2, Color.RED + 1, type(Color.RED + 1).__name__, Color.BLUE * 2)
print(repr(Color.RED), str(Color.RED), f"{Color.GREEN}", format(Color.BLUE, "03d"), "%d|%s|%r" % (Color.RED, Color.RED, Color.RED))
items = ["zero", "one", "two", "three"]
print(items[Color.GREEN], items[Color.RED:Color.BLUE], {1: "a"}[Color.RED], {Color.RED: "x"}[1], Color.RED == 1, hash(Color.RED) == hash(1))
print(sorted([Color.BLUE, 0, Color.RED]), max(Color), Color.RED < Color.BLUE, Color.RED < 2, int(Color.BLUE), type(int(Color.BLUE)).__name__)
print(Color(2), Color(2) is Color.GREEN, Color["BLUE"].value, Color.RED.name, list(Color), len(Color), range(Color.BLUE), Color.RED.bit_length())
print(json.dumps({"c": Color.GREEN, Color.RED: [Color.BLUE]}), Color.RED.real, -Color.RED, ~Color.RED, Color.RED & 3, Color.BLUE >> 1)


class Status(StrEnum):
    OK = auto()
    FAIL = "failed"


print(isinstance(Status.OK, str), Status.OK == "ok", Status.OK + "!", Status.FAIL.upper(), type(Status.FAIL.upper()).__name__, len(Status.FAIL))
print(repr(Status.OK), str(Status.FAIL), f"{Status.FAIL:>8}", "-".join([Status.OK, Status.FAIL]), {"ok": 1}[Status.OK], Status("failed"), "ail" in Status.FAIL)
print(json.dumps([Status.OK, {Status.FAIL: 1}]), Status.FAIL[0], Status.FAIL.startswith("fa"), sorted([Status.OK, Status.FAIL]))


class Perm(IntFlag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(isinstance(rw, int), rw, repr(rw), rw == 6, rw + 1, Perm.R in rw, Perm.X in rw, repr(Perm(7)), repr(~Perm.R), int(Perm.R | 8), repr(Perm.R | 8))
print(list(rw), len(rw), bool(Perm(0)), repr(Perm(0)), format(Perm.W), Perm.R & 6, repr(Perm.R & 6), {4: "r"}[Perm.R])


class Lvl(int, Enum):
    LOW = 10
    HIGH = 20


print(isinstance(Lvl.LOW, int), repr(Lvl.LOW), str(Lvl.LOW), format(Lvl.HIGH), Lvl.LOW + 5, Lvl(20), Lvl.HIGH > Lvl.LOW, [0] * 2 + [1] * Lvl.LOW.value == [0, 0] + [1] * 10)


class Mixed(str, Enum):
    A = "alpha"
    B = "beta"


print(isinstance(Mixed.A, str), repr(Mixed.A), str(Mixed.B), Mixed.A == "alpha", Mixed.A.upper(), Mixed("beta"), {"alpha": 1}[Mixed.A], Mixed.A + "!")

try:
    Color(7)
except ValueError as e:
    print(type(e).__name__, e)
try:
    class Bad(StrEnum):
        X = 1
except TypeError as e:
    print(type(e).__name__, e)

# members are objects with an identity: `is` works on them (the PVM refuses it only on exact numbers/strs)
print(Color(1) is Color.RED, Color(2) is not Color.RED, Status("ok") is Status.OK, Perm(6) is (Perm.R | Perm.W), Lvl(10) is Lvl.LOW)

# float and tuple data types, auto() on IntEnum, __init__ receiving tuple values
class P(float, Enum):
    A = 1.5
    B = 2.5
print(repr(P.A), str(P.A), P.A + 1, isinstance(P.A, float), P(2.5), format(P.B), P.A < P.B)
class T(tuple, Enum):
    X = (1, 2)
    Y = (3, 4)
print(repr(T.X), T.X[0], len(T.Y), isinstance(T.X, tuple), T((3, 4)))
class Shape(IntEnum):
    SQ = auto()
    CI = auto()
print(Shape.SQ, Shape.CI.value, repr(Shape.CI), Shape.SQ.name, [s for s in Shape])
class Pl(Enum):
    E = (5.97, 6.37)
    def __init__(self, mass, radius):
        self.mass = mass
print(Pl.E.mass, Pl.E.value)
