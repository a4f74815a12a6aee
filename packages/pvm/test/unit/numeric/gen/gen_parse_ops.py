"""Captures int()/float() parsing, int<->float conversion and float // % divmod round vectors.
Run: PYTHONHASHSEED=0 python3 gen_parse_ops.py"""
import math, random, sys
from common import bits, write, sample_doubles

rng = random.Random(20260002)


def outcome(fn):
    try:
        return {"ok": fn()}
    except (ValueError, OverflowError, ZeroDivisionError, TypeError) as e:
        return {"error": type(e).__name__, "message": str(e)}


def f(x):
    return bits(x) if isinstance(x, float) else str(x)


# ---- int(str, base)
int_texts = ["0", "-0", "+12", " 42 ", "\t-7\n", "1_000", "1__0", "_1", "1_", "0x1f", "0X1F", "0o17", "0b101",
             "0b", "0x_1f", "0x__1", "010", "00", "0_0", "١٢٣", "12a", "", " ", "z", "Z", "-0b1", "9" * 4300,
             "9" * 4301, "1" * 5000, "٣", "0x" + "f" * 5000, "+-1", "1 2", "\u20031\u2003", "12\u00e9"]
int_cases = []
for t in int_texts:
    for base in (0, 2, 8, 10, 16, 36, 1, 37, 7):
        r = outcome(lambda: int(t, base))
        if "ok" in r:
            r = {"ok": hex(r["ok"])}
        int_cases.append([t, base, r])
for _ in range(400):
    base = rng.choice([0, 2, 3, 8, 10, 16, 36, rng.randrange(2, 37)])
    v = rng.getrandbits(rng.randrange(1, 200))
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz_ -+xob"
    t = "".join(rng.choice(alphabet[: rng.randrange(2, len(alphabet))]) for _ in range(rng.randrange(1, 12)))
    if rng.random() < 0.5:
        t = str(v) if base in (0, 10) else t
    r = outcome(lambda: int(t, base))
    if "ok" in r:
        r = {"ok": hex(r["ok"])}
    int_cases.append([t, base, r])

# ---- str(int) and its limit
int_str = []
for n in [0, 1, -1, 10 ** 4299, 10 ** 4300, -(10 ** 4299) - 5, 2 ** 20000]:
    int_str.append([str(n) if n.bit_length() < 14000 else hex(n), outcome(lambda: len(str(n)))])

# ---- float(str)
float_texts = ["1", "1.5", "-0", "-0.0", ".5", "5.", ".", "e5", "1e5", "1E-5", "1_0.5", "1_.5", "1._5", "1e1_0",
               "inf", "-Infinity", "nAn", "+nan", "infinit", "0x1p3", "", "  3.25  ", "1e400", "-1e400", "1e-400",
               "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623158e308",
               "1.7976931348623159e308", "0.1", "9007199254740993", "١.٥", "1e", "1e+", "--1", "1 e5",
               "123456789012345678901234567890e-10", "0." + "0" * 400 + "1", "1" * 400, "1e99999999999",
               "1e-99999999999", "2.2250738585072011e-308", "2.2250738585072012e-308"]
for _ in range(1500):
    k = rng.randrange(3)
    if k == 0:
        t = repr(rng.uniform(-1, 1) * 10.0 ** rng.randrange(-320, 309))
    elif k == 1:
        t = "%d.%de%d" % (rng.getrandbits(60), rng.getrandbits(40), rng.randrange(-340, 320))
    else:
        t = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 40))) + "e" + str(rng.randrange(-350, 330))
    float_texts.append(t)
float_cases = []
for t in float_texts:
    r = outcome(lambda: float(t))
    if "ok" in r:
        r = {"ok": bits(r["ok"])}
    float_cases.append([t, r])

# ---- int -> float, int / int
ints = [0, 1, -1, 2 ** 53 + 1, 2 ** 53 + 3, 2 ** 1024, 2 ** 1024 - 2 ** 970, 2 ** 1024 - 2 ** 971, -(2 ** 1023) * 3]
ints += [rng.getrandbits(rng.randrange(1, 1100)) * rng.choice([1, -1]) for _ in range(300)]
int_to_float = [[str(n), outcome(lambda: bits(float(n)))] for n in ints]
true_div = []
for _ in range(800):
    a = rng.getrandbits(rng.randrange(0, 1200)) * rng.choice([1, -1])
    b = rng.getrandbits(rng.randrange(0, 1200)) * rng.choice([1, -1])
    true_div.append([str(a), str(b), outcome(lambda: bits(a / b))])
true_div += [[str(a), str(b), outcome(lambda: bits(a / b))] for a, b in [(1, 0), (0, -5), (-1, 10 ** 400), (10 ** 400, 1), (1, 3), (2, 3), (2 ** 1074, 2 ** 2148)]]

# ---- float ops
ds = sample_doubles(rng, 400) + [float("nan"), 0.0, -0.0, 1.0, -1.0, 3.0, -3.0, float("inf")]
pairs = [(rng.choice(ds), rng.choice(ds)) for _ in range(2500)]
pairs += [(x, y) for x in (0.0, -0.0, 5.5, -5.5, float("inf")) for y in (0.0, -0.0, 2.0, -2.0, float("inf"), float("-inf"))]
ops = []
for x, y in pairs:
    def dm():
        q, r = divmod(x, y)
        return [bits(q), bits(r)]
    ops.append([bits(x), bits(y), outcome(lambda: bits(x // y)), outcome(lambda: bits(x % y)), outcome(dm),
                outcome(lambda: bits(math.fmod(x, y)))])

rounds = []
for x in ds:
    rounds.append([bits(x), None, outcome(lambda: str(round(x)))])
    for nd in (0, 1, 2, 3, -1, -2, 5, 10, 17, 300, 324, -308, -309):
        rounds.append([bits(x), nd, outcome(lambda: bits(round(x, nd)))])
for _ in range(1000):
    x = rng.randrange(-10 ** 6, 10 ** 6) / 1000 + rng.choice([0, 0.0005, 0.005, 0.05])
    nd = rng.randrange(0, 4)
    rounds.append([bits(x), nd, outcome(lambda: bits(round(x, nd)))])

# ---- as_integer_ratio, hex, fromhex
conv = []
for x in ds:
    def ratio():
        n, d = x.as_integer_ratio()
        return [str(n), str(d)]
    conv.append([bits(x), outcome(ratio), outcome(lambda: str(int(x))), x.is_integer(), x.hex()])
hex_texts = [x.hex() for x in ds] + ["0x1p-1074", "0x1p-1075", "0x3p-1076", "0x1.00000000000008p0",
             "0x1.00000000000018p0", "0x1.fffffffffffff8p1023", "0x1p1024", "-0x1.8p1", " 0X1.8P+1 ", "1.8p1",
             "0x", "0x.", "0x.8", "0x1.p1", "inf", "-nan", "0xg", "0x1p", "0x1e", "0x1p-99999999999", "0x1p99999999"]
fromhex = []
for t in hex_texts:
    r = outcome(lambda: float.fromhex(t))
    if "ok" in r:
        r = {"ok": bits(r["ok"])}
    fromhex.append([t, r])

write("parse.json", {"int": int_cases, "intStr": int_str, "float": float_cases})
write("convert.json", {"intToFloat": int_to_float, "trueDiv": true_div, "float": conv, "fromhex": fromhex})
write("floatops.json", {"ops": ops, "round": rounds})
