# More int/str/float/frozenset subclass behaviour: super() to the base's slots, explicit slot calls,
# builtins taking subclass instances, MROs, and the layout errors.
class I(int):
    def __add__(self, other):
        return I(super().__add__(other) * 10)
    def double(self):
        return int.__mul__(self, 2)

class S(str):
    def shout(self):
        return super().upper() + "!"

class F(float):
    pass

x = I(3)
print(x + 1, type(x + 1).__name__, x.double(), I(3).__add__(1), int.__add__(x, 1), x.__repr__(), I(5).__index__())
print(S("hi").shout(), getattr(S("a"), S("upper"))(), hasattr(1, S("real")), "{}|{:>4}|{!r}".format(I(3), S("a"), S("b")))
print(hex(I(255)), bin(I(5)), oct(I(8)), chr(I(65)), round(I(1234), -2), round(F(2.5)), round(F(2.567), 2), pow(I(2), 3, 5), divmod(I(7), I(2)), float(I(3)))
print(list(map(I, [1, 2])), S("b") > S("a"), abs(F(-1.5)), sum([F(0.5), F(0.25)]), I(7) / 2, I(2) ** -1)
print(x.__class__.__name__, I.__mro__, I.__bases__, F.__mro__, S.__base__)
class Fr(frozenset):
    pass
fr = Fr([1])
fr.tag = 2
print(fr.tag, Fr.__mro__)
try:
    class T1(int):
        __slots__ = ("a",)
except TypeError as e:
    print(type(e).__name__, e)
try:
    class T2(bytes):
        __slots__ = ("a",)
except TypeError as e:
    print(type(e).__name__, e)
try:
    class T3(int, str):
        pass
except TypeError as e:
    print(type(e).__name__, e)
try:
    class T4(float, int):
        pass
except TypeError as e:
    print(type(e).__name__, e)

# match patterns, keyword unpacking with str-subclass keys
class I2(int): pass
class S2(str): pass
for v in [I2(3), S2("x"), 3]:
    match v:
        case int(n):
            print("int", n, type(n).__name__)
        case str(s):
            print("str", s, type(s).__name__)
match I2(3):
    case 3:
        print("lit3")
match S2("a"):
    case "a":
        print("lita")
print(type(I2(3)) == int, type(I2(3)) is I, I2(3).__class__ is I, isinstance(I2(3), (str, int)), I2(2) in [1, 2], S2("a") in ("a",), [1, 2, 3].index(I2(2)), "abc".index(S2("b")), "a,b".split(S2(",")))
class S3(str): pass
def f(**kw):
    return kw
print(f(**{S3("a"): 1}), dict(**{S3("b"): 2}), "{x}".format(**{S3("x"): 5}), "%(k)s" % {S3("k"): 7})

# int()/float() consult a subclass's own __int__/__float__
class I5(int):
    def __int__(self):
        return 42
class F5(float):
    def __float__(self):
        return 9.5
print(int(I5(3)), float(F5(1.0)), I5(3) + 0, F5(1.0) + 0, int(F5(2.7)), float(I5(3)))

# instances of subclasses have an identity
f6 = F(1.0)
b6 = type("B6", (bytes,), {})(b"x")
print(f6 is f6, f6 is not F(1.0), b6 is b6, I(3) is not I(3))
