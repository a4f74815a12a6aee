"""Captures format(int|float|str, spec) vectors. Run: PYTHONHASHSEED=0 python3 gen_format.py"""
import random
from common import bits, write, sample_doubles

rng = random.Random(20260003)


def outcome(fn):
    try:
        return {"ok": fn()}
    except (ValueError, OverflowError, ZeroDivisionError, TypeError) as e:
        return {"error": type(e).__name__, "message": str(e)}


def rand_spec(types):
    s = ""
    if rng.random() < 0.3:
        s += rng.choice(["", "*", "0", "x", "é", "\U0001F600", "<", "_", ","]) + rng.choice("<>^=")
    if rng.random() < 0.3:
        s += rng.choice("+- ")
    if rng.random() < 0.15:
        s += "z"
    if rng.random() < 0.2:
        s += "#"
    if rng.random() < 0.25:
        s += "0"
    if rng.random() < 0.5:
        s += str(rng.randrange(0, 30))
    if rng.random() < 0.25:
        s += rng.choice([",", "_", ",_", "_,"])
    if rng.random() < 0.5:
        s += "." + str(rng.randrange(0, 25))
    if rng.random() < 0.85:
        s += rng.choice(types)
    return s


int_types = list("bcdoxXneEfFgG%s") + [""]
float_types = list("eEfFgGn%") + ["", "", "d", "x"]
str_types = ["s", "", "", "d"]

ints = [0, 1, -1, 7, -255, 1234567, -987654321, 2 ** 64, -(2 ** 100), 0x10FFFF, 0x110000, 10 ** 30]
ints += [rng.getrandbits(rng.randrange(1, 80)) * rng.choice([1, -1]) for _ in range(200)]
int_cases = []
for _ in range(2500):
    v = rng.choice(ints)
    spec = rand_spec(int_types)
    int_cases.append([str(v), spec, outcome(lambda: format(v, spec))])
for spec in ["", "d", ",", "_", "_b", "_x", "#_x", "#_o", "#b", "08,", "04,", "06,", "020,", "+", " ", "=+10", "c", "010c",
             "x<05", "^9", "=^10", "0<5", "\x00<5", ".3", "abc", "<<<", ",n", "n", "99999999999999999999d", "z"]:
    for v in (0, 5, -5, 1234567, -1234567):
        int_cases.append([str(v), spec, outcome(lambda: format(v, spec))])

floats = sample_doubles(rng, 300) + [float("nan"), -0.0, 0.5, 1.5, 2.5, 0.125, 0.375, 1e16, 123.0, 1e-5, 9.9999999, 0.05, 0.15, 0.25, 2675.0 / 1000]
float_cases = []
for _ in range(5000):
    x = rng.choice(floats)
    spec = rand_spec(float_types)
    float_cases.append([bits(x), spec, outcome(lambda: format(x, spec))])
for spec in ["", ".0", ".1", ".3", ".17", ".3g", ".20", "e", ".0e", "#.0e", "#g", ".0f", "#.0f", ",", ",.2f", "_.3f", "010",
             "010.2f", "+", "z.1f", "z", "%", ".1%", "g", "G", "E", "F", "n", ".30f", ".25e", ".40g", "=10", "^10.3", "z.0f"]:
    for x in (0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 1e16, 123.456, 1234567.891, -0.0001, float("inf"), float("-inf"), float("nan"), 5e-324, 1.7976931348623157e308, 0.1):
        float_cases.append([bits(x), spec, outcome(lambda: format(x, spec))])

strs = ["", "a", "hello", "héllo", "\U0001F600x", "abc\u20ac", "x" * 20]
str_cases = []
for _ in range(800):
    s = rng.choice(strs)
    spec = rand_spec(str_types)
    str_cases.append([s, spec, outcome(lambda: format(s, spec))])
for spec in ["", "5", "<5", ">5", "^6", "x^6", ".2", "10.3", "05", "+", "#", "=5", ",", "_", "z", "d", "\U0001F600^5"]:
    for s in ("ab", "\U0001F600\U0001F600\U0001F600"):
        str_cases.append([s, spec, outcome(lambda: format(s, spec))])

write("format.json", {"int": int_cases, "float": float_cases, "str": str_cases})
