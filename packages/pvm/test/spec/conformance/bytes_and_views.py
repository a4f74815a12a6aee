b = b"hello world"
tests = [
    lambda: b.split(),
    lambda: b.split(b" "),
    lambda: b.startswith(b"he"),
    lambda: b.find(b"o"),
    lambda: b.upper(),
    lambda: b.replace(b"l", b"L"),
    lambda: b"-".join([b"a", b"b"]),
    lambda: b.strip(),
    lambda: b.count(b"l"),
    lambda: list(b[:3]),
    lambda: bytearray(b"ab").extend(b"cd"),
    lambda: {"a": 1}.keys() & {"a", "b"},
    lambda: sorted({"a": 1}.keys() | {"c"}),
    lambda: len({"a": 1}.items()),
    lambda: ("a", 1) in {"a": 1}.items(),
    lambda: "abc".translate(str.maketrans("ab", "xy")),
    lambda: list(reversed({"a": 1, "b": 2})),
    lambda: "a-b_c".replace("-", " ").title(),
    lambda: sorted({"b": 1, "a": 2}.items(), key=lambda kv: kv[1]),
    lambda: [1, 2, 3].index(2),
    lambda: (1, 2) + (3,),
    lambda: divmod(10 ** 20, 7),
    lambda: abs(-10 ** 20),
    lambda: int("-" + "9" * 30),
    lambda: "%.2f%%" % 99.5,
    lambda: "x".join(str(i) for i in range(3)),
    lambda: str(["a"]),
    lambda: bool.__name__,
    lambda: int.__name__,
    lambda: isinstance([], object),
    lambda: ...,
    lambda: (lambda *, k=1: k)(),
    lambda: [*range(3), *"ab"],
    lambda: {**{"a": 1}, "b": 2},
    lambda: dict(sorted({"b": 1, "a": 2}.items())),
    lambda: max({"a": 3, "b": 5}.values()),
    lambda: list(zip(*[(1, 2), (3, 4)])),
    lambda: sum(1 for _ in range(10) if _ % 2),
    lambda: "{:>{w}}".format("x", w=4),
    lambda: "a b".split(maxsplit=1),
    lambda: "ABC".lower().islower(),
    lambda: "Hello World".swapcase(),
    lambda: "   ".isspace(),
    lambda: "a\nb".splitlines(True),
    lambda: 0.1 + 0.7,
    lambda: 1e-7,
    lambda: float("0.1") * 3,
    lambda: round(0.5 + 1e-9),
    lambda: set([3, 1]) == {1, 3},
    lambda: frozenset({1}) | {2},
    lambda: bytes(range(3)),
    lambda: b"\x00\xff".hex(),
]
for i, t in enumerate(tests):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, "ERR", type(e).__name__, e)
print(b" a\x85b ".split(), b"\xe9A".upper(), b"\xe9".isalpha(), "é".isalpha(), b"a,b".split(b","), bytearray(b"xy").upper())
ba = bytearray(b"ab")
ba.extend([99, 100])
ba.append(101)
print(ba, ba.pop(), ba, ba.decode(), len(ba), ba[0], b"x" * 3, b"abc".endswith((b"c", b"z")))
try:
    b"abc".split("b")
except TypeError as e:
    print(e)
