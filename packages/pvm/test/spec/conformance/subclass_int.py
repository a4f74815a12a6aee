# Subclasses of int: construction, inherited operators, overrides, dict keys, errors.
class I(int):
    pass

a = I(3)
print(a, repr(a), type(a) is I, isinstance(a, int), issubclass(I, int))
print(a + 1, type(a + 1).__name__, 1 + a, a * a, -a, +a, ~a, abs(I(-5)), type(-a).__name__)
print(a == 3, 3 == a, a != 3, a < 4, a >= 3, hash(a) == hash(3), bool(I(0)), bool(a))
print(int(a), type(int(a)).__name__, str(a), f"{a:>5}|{a:x}", "%d-%s-%r" % (a, a, a), format(a, "04d"))
print(a.real, a.bit_length(), a.to_bytes(2, "big"), (255).__class__.__name__, a.__class__.__name__)
d = {3: "three"}
print(d[a], a in d, {I(3): 1, 3: 2}, len({a, 3}))
lst = [10, 20, 30, 40]
print(lst[I(1)], lst[I(1):I(3)], list(range(I(3))), "ab" * I(2), divmod(I(7), 2), pow(I(2), 10), I(7) // 2, I(7) % 4, I(1) << 4)
print(sorted([I(3), 1, I(2)]), max(I(3), 2), min([I(5), I(4)]), sum([I(1), I(2)]))

a.tag = "t"
print(a.tag, a.__dict__)

class Hex(int):
    def __repr__(self):
        return "Hex(%s)" % hex(self)
    def __str__(self):
        return "0x%x" % self
    def __add__(self, other):
        return Hex(int(self) + int(other))
    def __format__(self, spec):
        return "<" + format(int(self), spec) + ">"

h = Hex(255)
print(h, repr(h), str(h), [h], f"{h}", f"{h:5}", h + 1, type(h + 1).__name__, 1 + h, type(1 + h).__name__)

class Tagged(int):
    def __new__(cls, value, tag="none"):
        obj = super().__new__(cls, value)
        obj.tag = tag
        return obj
    def __init__(self, value, tag="none"):
        self.seen = (value, tag)

t = Tagged("42", tag="x")
print(t, t.tag, t.seen, t + 0, Tagged(7).tag)
print(int.__new__(I, "ff", 16), type(int.__new__(I, "ff", 16)).__name__, I("11", base=2), I(), I(3.9))

class WithInit(int):
    def __init__(self, v, note):
        self.note = note

try:
    WithInit(5, "n")  # int.__new__ sees both arguments: the second is taken as the base
except TypeError as e:
    print(type(e).__name__, e)

class Eqy(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__
    def __lt__(self, other):
        return False

print(Eqy(1) == 2, Eqy(1) < 5, 2 == Eqy(1), {Eqy(4): "v"}[4] if 4 in {Eqy(4): "v"} else "missing")

class Slotted(int):
    __slots__ = ()

s = Slotted(9)
try:
    s.x = 1
except AttributeError as e:
    print(type(e).__name__, e)
print(s * 2)

class Neg(int):
    def __neg__(self):
        return "negated"
    def __bool__(self):
        return False
    def __index__(self):
        return 1
    def __len__(self):
        return 0
print(-Neg(5), bool(Neg(5)), "yes" if Neg(5) else "no")

for bad in [lambda: int.__new__(str), lambda: int.__new__(5), lambda: I("x"), lambda: I("1", bad=2)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

try:
    class B(bool):
        pass
except TypeError as e:
    print(type(e).__name__, e)

try:
    class IS(int, str):
        pass
except TypeError as e:
    print(type(e).__name__, e)

# A builtin method found on a subclass instance is bound to that instance (its repr and __self__).
class Tagged(int):
    pass

class Label(str):
    pass

t = Tagged(12)
bl = t.bit_length
print(bl(), bl.__self__ is t, type(bl.__self__).__name__, repr(bl).split(" at ")[0])
lab = Label("ab")
up = lab.upper
print(up(), up.__self__ is lab, repr(up).split(" at ")[0], repr((5).bit_length).split(" at ")[0])
