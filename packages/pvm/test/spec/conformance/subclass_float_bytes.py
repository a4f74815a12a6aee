# Subclasses of float, bytes, bytearray and frozenset (json/struct/hashlib with subclasses: test/stdlib/*/subclasses.py).

class F(float):
    pass

f = F(1.5)
print(f, repr(f), type(f) is F, isinstance(f, float), f + 1, type(f + 1).__name__, 2 * f, -f, type(-f).__name__, abs(F(-2.0)))
print(f == 1.5, f < 2, hash(f) == hash(1.5), bool(F(0.0)), float(f), type(float(f)).__name__, int(f), round(f), f"{f:.3f}", "%.2f" % f)
print(f.is_integer(), f.real, f.as_integer_ratio(), F("2.25"), F(3), F(), {1.5: "x"}[f], sorted([F(2.0), 1, F(0.5)]))
f.unit = "m"
print(f.unit, f.__dict__)

class Money(float):
    def __new__(cls, v, cur="EUR"):
        o = super().__new__(cls, v)
        o.cur = cur
        return o
    def __repr__(self):
        return "Money(%s %s)" % (float.__repr__(self), self.cur)
    def __add__(self, other):
        return Money(float(self) + float(other), self.cur)
    __radd__ = __add__
    def __neg__(self):
        return "neg"

m = Money(2.5, "USD")
print(m, repr(m), [m], m + 1, 1 + m, -m, str(m), m * 2, type(m * 2).__name__, float.__add__(m, 1))

class B(bytes):
    pass

b = B(b"abc")
print(b, repr(b), type(b) is B, isinstance(b, bytes), b + b"d", type(b + b"d").__name__, b[0], b[1:], type(b[1:]).__name__, len(b), b"b" in b)
print(b.hex(), b.upper(), type(b.upper()).__name__, b.decode(), bytes(b), type(bytes(b)).__name__, b == b"abc", hash(b) == hash(b"abc"), list(b), B([1, 2]), B(2))
print({b"abc": 1}[b], b * 2, B(b"x").join([b"1", b"2"]), b.startswith(b"ab"), bool(B(b"")))

class Tag(bytes):
    def __new__(cls, s):
        return super().__new__(cls, s.encode())
    def __repr__(self):
        return "Tag(%s)" % bytes.__repr__(self)

print(Tag("hi"), repr(Tag("hi")), Tag("hi") == b"hi", len(Tag("hi")))

class BA(bytearray):
    pass

ba = BA(b"xy")
ba.append(122)
ba.extra = 1
print(ba, type(ba).__name__, len(ba), ba[0], ba.extra, bytes(ba))

class FS(frozenset):
    pass

fs = FS([1, 2, 3])
print(sorted(fs), type(fs).__name__, 2 in fs, len(fs), fs == frozenset({1, 2, 3}), sorted(fs | {4}), type(fs | {4}).__name__, hash(fs) == hash(frozenset([1, 2, 3])))


for bad in [lambda: float.__new__(int), lambda: bytes.__new__(str), lambda: F("x"), lambda: B(-1), lambda: F(1.0) + "s"]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# subclass instances find the equal exact keys
print({frozenset([1, 2]): "fs"}[FS([2, 1])], {FS([3]): 1}[frozenset([3])], {b"k": 1}[B(b"k")], {B(b"q"): 2}[b"q"], {2.5: "f"}[F(2.5)], FS([1]) in {frozenset([1])})

# A float subclass's own __hash__/__eq__ decide dict and set membership.
class F(float):
    def __hash__(self):
        return 7

    def __eq__(self, o):
        return isinstance(o, F) and abs(float(self) - float(o)) < 0.5

d = {F(1.0): "a"}
print(d[F(1.2)], F(1.2) in d, 1.0 in d, len({F(1.0), F(1.3), F(3.0)}))

class G(float):
    pass

print({G(2.0): 1}[2], {2.0: "x"}[G(2.0)], G(2.5) in {2.5})

class U(float):
    def __eq__(self, o):
        return True

try:
    {U(1.0): 1}
except TypeError as e:
    print("TypeError:", e)
