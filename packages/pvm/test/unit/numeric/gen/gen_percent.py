"""Captures printf-style str % args vectors. Run: PYTHONHASHSEED=0 python3 gen_percent.py
Arguments are typed: {"i": decimal} int, {"f": bits} float, {"s": text} str; a mapping is {"map": {k: arg}}."""
import random
from common import bits, write

rng = random.Random(20260004)


def enc(v):
    if isinstance(v, bool) or isinstance(v, int):
        return {"i": str(int(v))} if abs(v) < 10 ** 4000 else {"i": hex(v)}
    if isinstance(v, float):
        return {"f": bits(v)}
    return {"s": v}


def outcome(fn):
    try:
        return {"ok": fn()}
    except (ValueError, OverflowError, ZeroDivisionError, TypeError, KeyError) as e:
        return {"error": type(e).__name__, "message": str(e)}


values = [0, 1, -1, 42, -255, 65, 0x20AC, 2 ** 70, -(2 ** 65), 0x110000, 3.75, -2.5, 0.0, -0.0, 1e16, 1e-7, 123456.789,
          float("inf"), float("nan"), "a", "hello", "héllo", "", "\U0001F600", "q'\"\n"]


def rand_conv():
    s = "%"
    if rng.random() < 0.4:
        s += "".join(rng.choice("-+ #0") for _ in range(rng.randrange(1, 4)))
    if rng.random() < 0.5:
        s += rng.choice(["*", str(rng.randrange(0, 15))])
    if rng.random() < 0.4:
        s += "." + rng.choice(["*", str(rng.randrange(0, 12)), ""])
    if rng.random() < 0.05:
        s += rng.choice("hlL")
    s += rng.choice("sradiuoxXeEfFgGc%" * 6 + "yq")
    return s


cases = []
for _ in range(3000):
    fmt = ""
    args = []
    for _ in range(rng.randrange(1, 4)):
        if rng.random() < 0.3:
            fmt += rng.choice(["ab", " ", "é", "x=", "\U0001F600"])
        conv = rand_conv()
        fmt += conv
        args += [rng.randrange(-12, 12) for _ in range(conv.count("*"))]
        if not conv.endswith("%"):
            args.append(rng.choice(values))
    if rng.random() < 0.03 and args:
        args.pop()
    if rng.random() < 0.03:
        args.append(1)
    if len(args) == 1 and rng.random() < 0.5 and not isinstance(args[0], tuple):
        a = args[0]
        cases.append([fmt, {"single": enc(a)}, outcome(lambda: fmt % a)])
    else:
        t = tuple(args)
        cases.append([fmt, {"tuple": [enc(a) for a in t]}, outcome(lambda: fmt % t)])

fixed = [("%s", 5), ("%(a)s-%(b)r", {"a": 1, "b": "x"}), ("%(a)s %(a)d", {"a": 7}), ("%(a", {"a": 1}), ("%(a)s", (1,)),
         ("%", ()), ("abc", ()), ("abc", 5), ("abc", {}), ("%5%", ()), ("%5%", (1,)), ("%%", ()), ("%y", (1,)), ("%\u00e9", (1,)),
         ("%(x)s", {"y": 1}), ("%(a)*d", {"a": 1}), ("%c", ("ab",)), ("%c", (-1,)), ("%c", (2.5,)), ("%.*f", (-3, 1.25)),
         ("%*d", (-5, 1)), ("%0*d", (5, -3)), ("%-+05d", (5,)), ("%#06x", (255,)), ("%#o", (0,)), ("%05f", (float("inf"),)),
         ("%(a)s %s", {"a": 1}), ("%s %(a)s", {"a": 1}), ("%d", ("1",)), ("%x", (1.5,)), ("%f", ("x",)), ("%d", (10 ** 5000,)),
         ("%s", ((1, 2),)), ("%.3s|%-6s|%6.2s", ("abcdef", "xy", "\U0001F600\U0001F600\U0001F600"))]
for fmt, a in fixed:
    if isinstance(a, dict):
        arg = {"single": {"map": {k: enc(v) for k, v in a.items()}}}
    elif isinstance(a, tuple):
        if len(a) == 1 and isinstance(a[0], tuple):
            continue
        arg = {"tuple": [enc(v) for v in a]}
    else:
        arg = {"single": enc(a)}
    cases.append([fmt, arg, outcome(lambda: fmt % a)])
write("percent.json", cases)
