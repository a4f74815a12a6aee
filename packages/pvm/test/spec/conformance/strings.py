s = "Hello, World"
print(len(s), s[0], s[-1], s[2:5], s[::-1], s[::2], s.upper(), s.lower())
print(s.split(", "), "a b  c".split(), "a,b,,c".split(","), "  x  ".strip(), "xxhixx".strip("x"))
print("-".join(["a", "b", "c"]), s.replace("l", "L"), s.replace("l", "L", 1), s.find("o"), s.rfind("o"), s.find("z"))
print(s.startswith("Hell"), s.endswith(("x", "ld")), s.count("l"), s.index("W"), "abc".isalpha(), "123".isdigit(), "a1".isalnum())
print("%d items at %.2f each, %s" % (3, 1.5, "ok"), "%5d|%-5s|%05.1f" % (42, "ab", 3.14159))
print("{} and {}".format(1, 2), "{1}{0}".format("a", "b"), "{name}={val:>6.2f}".format(name="x", val=2.5))
name = "pvm"
n = 42
print(f"{name!r} {n:05d} {n:x} {n:,} {3.14159:.3f} {name:^9}|{name:<5}|{name:>5}|{1e10:e}")
print(f"{'nested ' + name}", f"{n * 2 = }" if False else f"{n*2}", f"{{literal}}")
print(repr("it's"), repr('say "hi"'), repr("tab\tnew\nline"), str(3.0), str(None), repr([1, "a", None]))
print("abc" < "abd", "b" > "abc", "abc" == "abc", "a" * 3, 3 * "ab", "ab" + "cd")
print("ß".upper(), "ǅ".lower(), "é" in "café", ord("A"), chr(97), ord("€"), chr(0x1F600) == "😀", len("😀x"))
print("😀abc"[1:], "😀abc"[0] == "😀", list("a😀b"))
print("a\tb".expandtabs(4), "x".center(5, "*"), "7".zfill(3), "-7".zfill(4), "ab".ljust(4, "."), "ab".rjust(4))
print("one two".title(), "hELLO".capitalize(), "Hello".swapcase(), "a,b,c".rsplit(",", 1), "k=v=w".partition("="))
print("line1\nline2\r\nline3".splitlines(), "prefix_x".removeprefix("prefix_"), "abc".encode(), b"abc".decode())
print(str(b"x\x00y"), bytes([65, 66]), bytes(3), b"ab" + b"cd", b"abc"[1], b"abc"[1:], len(b"abcd"), b"a" in b"cab")
print("abc".encode("utf-8").hex(), bytes.fromhex("4142"), "€".encode())
try:
    "abc" + 1
except TypeError as e:
    print(e)
try:
    "abc"[10]
except IndexError as e:
    print(e)
try:
    "abc".index("z")
except ValueError as e:
    print(e)
print(format(1234567.891, ",.2f"), format(42, "b"), format(0.5, "%"), format("x", "*>4"), format(-42, "+d"))
# str ordering is by code point, also across the BMP/astral boundary
print(sorted(["\uff00", "\U0001f600", "a", "\ue000"]) == ["a", "\ue000", "\uff00", "\U0001f600"], "\U0001f600" > "\uffff", max("\uff21", "\U00010000"))
print(sorted([3, -1, 2], reverse=True), sorted(["b", "a", "c"], reverse=True), sorted([(1, "b"), (1, "a")], reverse=True))
