# Subclasses of str: construction, inherited methods returning str, overrides, keys, errors.
class S(str):
    pass

s = S("Hello")
print(s, repr(s), type(s) is S, isinstance(s, str), type(s).__name__)
print(s.upper(), type(s.upper()).__name__, s.lower(), s.split("l"), s.replace("l", "L"), s.startswith("He"), s.find("l"))
print(s + "!", type(s + "!").__name__, "<" + s, s * 2, 2 * s, s[1], s[1:3], type(s[1:3]).__name__, len(s), "ell" in s, S("e") in "hello")
print(list(s), [c for c in S("ab")], ",".join([S("a"), S("b")]), S(",").join(["x", "y"]), sorted(S("cba")))
print(s == "Hello", "Hello" == s, s != "x", s < "Z", hash(s) == hash("Hello"), bool(S("")), bool(s))
print(str(s), type(str(s)).__name__, f"{s}|{s:>8}|{s!r}", "%s-%r-%5s" % (s, s, S("ab")), format(s, "^9"))
d = {"Hello": 1}
print(d[s], s in d, {S("k"): 1, "k": 2}, len({s, "Hello"}), int(S("42")) + 1, float(S("1.5")), int(S("ff"), 16))
print(S(42), S(b"ab", "ascii"), S(), S(3.5), type(S(42)).__name__, S(S("nest")), type(S(S("nest"))).__name__)
s.note = "n"
print(s.note, s.__dict__)

class Loud(str):
    def __str__(self):
        return self.upper()
    def __repr__(self):
        return "Loud(" + str.__repr__(self) + ")"
    def __len__(self):
        return 99
    def __getitem__(self, i):
        return "item" + str(i)
    def __contains__(self, x):
        return x == "anything"
    def __iter__(self):
        return iter(["i", "t"])
    def __eq__(self, other):
        return str.__eq__(self.lower(), other.lower())
    __hash__ = str.__hash__
    def __add__(self, other):
        return Loud(str.__add__(self, other))

l = Loud("quiet")
print(l, repr(l), [l], str(l), len(l), l[0], "anything" in l, "q" in l, list(l), l == "QUIET", l + "er", type(l + "er").__name__)
print(f"{l}", "%s" % l, format(l), l.upper(), str.__len__(l), str.__getitem__(l, 0))

class Path(str):
    def __new__(cls, *parts):
        return super().__new__(cls, "/".join(parts))
    def __init__(self, *parts):
        self.parts = parts
    def __truediv__(self, other):
        return Path(self, other)

p = Path("usr", "lib") / "x"
print(p, p.parts, type(p).__name__, p.count("/"), p.endswith("x"))

class Slot(str):
    __slots__ = ()
try:
    Slot("a").x = 1
except AttributeError as e:
    print(type(e).__name__, e)

for bad in [lambda: str.__new__(int), lambda: S("a") + 1, lambda: S("a") - "b", lambda: S("a")[5], lambda: 1 in S("abc")]:
    try:
        bad()
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)
