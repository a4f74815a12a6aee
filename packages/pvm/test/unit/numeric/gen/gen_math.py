"""Captures math-module vectors: CPython 3.11's result (glibc libm) and, where we can compute it, the
correctly rounded value from an independent high-precision oracle (Python's decimal module).
Run: PYTHONHASHSEED=0 python3 gen_math.py"""
import math, random
from decimal import Decimal as D, localcontext
from common import bits, from_bits, write
from oracles import ORACLES, INF, NAN, outcome

rng = random.Random(20260005)
FUNCS1 = list(ORACLES) + ["gamma", "lgamma", "sqrt", "fabs"]


def args_for(name):
    base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 2.0, 5e-324, 1e-300, 1e-20, 1e-10, 1e-5, 1e300, 1.7976931348623157e308,
            0.1, 0.7, 1.5, 3.0, 10.0, 100.0, 700.0, 709.78, 710.0, -745.0, -746.0, 1e22, 2.0 ** 1023, 6381956970095103 * 2.0 ** 797]
    out = list(base)
    for _ in range(220):
        k = rng.randrange(6)
        if k == 0:
            out.append(rng.uniform(-1, 1))
        elif k == 1:
            out.append(rng.uniform(-10, 10))
        elif k == 2:
            out.append(rng.choice([1, -1]) * 2.0 ** rng.uniform(-1074, 1023))
        elif k == 3:
            out.append(rng.uniform(-800, 800))
        elif k == 4:
            n = rng.randrange(1, 10 ** rng.randrange(1, 7))
            out.append(n * math.pi / 2 + rng.choice([0, 1e-9, -1e-12]))
        else:
            out.append(1 + rng.uniform(-1e-6, 1e-6))
    if name in ("asin", "acos", "atanh", "erf", "erfc", "tanh"):
        out += [rng.uniform(-1, 1) for _ in range(60)] + [rng.uniform(-6, 6) for _ in range(30)]
    if name in ("gamma", "lgamma"):
        out += [rng.uniform(-180, 180) for _ in range(150)] + [rng.uniform(0, 30) for _ in range(100)] + [-2.5, -0.5, 171.6, 171.7, -170.5, 0.1]
    return out


cases = []
import sys, time
for name in FUNCS1:
    t0 = time.time()
    f = getattr(math, name)
    for x in args_for(name):
        py = outcome(lambda: f(x))
        oracle = None
        if "ok" in py and name in ORACLES and x != 0 and math.isfinite(x) and math.isfinite(from_bits(int(py["ok"], 16))):
            try:
                o = ORACLES[name](x)
                oracle = bits(o) if o is not None else None
            except Exception:
                oracle = None
        cases.append([name, [bits(x)], py, oracle])
    print(name, round(time.time() - t0, 2), file=sys.stderr, flush=True)

# two-argument functions
def oracle_pow(x, y):
    if x <= 0 or x == 1 or not (math.isfinite(x) and math.isfinite(y)) or y == 0:
        return None
    with localcontext() as c:
        c.prec = 80; c.Emax = 10 ** 6; c.Emin = -(10 ** 6)
        try:
            return bits(float(D(x) ** D(y)))
        except (ArithmeticError,):
            return None

two = []
vals = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.0, -2.0, 0.5, 3.0, -3.0, 1e300, 1e-300, 10.0, 1.5]
for _ in range(700):
    x = rng.choice([rng.uniform(0, 10), rng.uniform(-10, 10), 2.0 ** rng.uniform(-60, 60), rng.choice(vals), 1 + rng.uniform(-1e-9, 1e-9)])
    y = rng.choice([rng.uniform(-10, 10), float(rng.randrange(-40, 40)), rng.uniform(-400, 400), rng.choice(vals), rng.uniform(-1e6, 1e6), 0.5])
    two.append(["pow", [bits(x), bits(y)], outcome(lambda: math.pow(x, y)), oracle_pow(x, y)])
    two.append(["atan2", [bits(y), bits(x)], outcome(lambda: math.atan2(y, x)), None])
    two.append(["fmod", [bits(x), bits(y)], outcome(lambda: math.fmod(x, y)), None])
    two.append(["remainder", [bits(x), bits(y)], outcome(lambda: math.remainder(x, y)), None])
    two.append(["copysign", [bits(x), bits(y)], outcome(lambda: math.copysign(x, y)), None])
    two.append(["hypot", [bits(x), bits(y)], outcome(lambda: math.hypot(x, y)), None])
    two.append(["nextafter", [bits(x), bits(y)], outcome(lambda: math.nextafter(x, y)), None])
    two.append(["floatpow", [bits(x), bits(y)], outcome(lambda: x ** y) if not (math.isfinite(x) and x < 0 and math.isfinite(y) and y != math.floor(y)) else {"complex": True}, None])
for x in vals:
    for y in vals:
        two.append(["pow", [bits(x), bits(y)], outcome(lambda: math.pow(x, y)), None])
        two.append(["atan2", [bits(y), bits(x)], outcome(lambda: math.atan2(y, x)), None])
        two.append(["floatpow", [bits(x), bits(y)], outcome(lambda: x ** y) if not (math.isfinite(x) and x < 0 and math.isfinite(y) and y != math.floor(y)) else {"complex": True}, None])
        two.append(["log", [bits(x), bits(y)], outcome(lambda: math.log(x, y)), None])

misc = []
for x in args_for("misc")[:200]:
    misc.append(["frexp", bits(x), [bits(math.frexp(x)[0]), math.frexp(x)[1]]])
    misc.append(["modf", bits(x), [bits(v) for v in math.modf(x)]])
    misc.append(["ulp", bits(x), bits(math.ulp(x))])
    for i in (0, 1, -1, 1000, -1074, -1080, 2000, -2000):
        misc.append(["ldexp", [bits(x), i], outcome(lambda: math.ldexp(x, i))])
for x in args_for("misc")[:120]:
    for fname in ("floor", "ceil", "trunc"):
        try:
            misc.append([fname, bits(x), {"ok": str(getattr(math, fname)(x))}])
        except (ValueError, OverflowError) as e:
            misc.append([fname, bits(x), {"error": type(e).__name__, "message": str(e)}])
    misc.append(["degrees", bits(x), bits(math.degrees(x))])
    misc.append(["radians", bits(x), bits(math.radians(x))])

fsum_cases = []
for _ in range(300):
    xs = [rng.choice([rng.uniform(-1, 1) * 10.0 ** rng.randrange(-20, 20), rng.choice([1e308, -1e308, 1e-16, 1.0, INF, -INF, NAN, 1e16])]) for _ in range(rng.randrange(0, 12))]
    try:
        fsum_cases.append([[bits(v) for v in xs], {"ok": bits(math.fsum(xs))}])
    except (ValueError, OverflowError) as e:
        fsum_cases.append([[bits(v) for v in xs], {"error": type(e).__name__, "message": str(e)}])
for xs in ([1e-16, 1.0, 1e16], [1e308, 1e308, -1e308], [INF, -INF], [0.1] * 10, [1.0, 1e100, 1.0, -1e100]):
    try:
        fsum_cases.append([[bits(v) for v in xs], {"ok": bits(math.fsum(xs))}])
    except (ValueError, OverflowError) as e:
        fsum_cases.append([[bits(v) for v in xs], {"error": type(e).__name__, "message": str(e)}])
hyp = []
for _ in range(300):
    xs = [rng.choice([rng.uniform(-1, 1) * 10.0 ** rng.randrange(-300, 300), rng.uniform(-10, 10), 0.0, INF, NAN]) for _ in range(rng.randrange(0, 6))]
    ys = [rng.uniform(-100, 100) for _ in xs]
    hyp.append([[bits(v) for v in xs], outcome(lambda: math.hypot(*xs)), [bits(v) for v in ys], outcome(lambda: math.dist(xs, ys))])

ints = []
for _ in range(200):
    n = rng.randrange(-5, 300); k = rng.randrange(-3, 320)
    def o(fn):
        try:
            return {"ok": str(fn())}
        except (ValueError, OverflowError) as e:
            return {"error": type(e).__name__, "message": str(e)}
    a = rng.getrandbits(rng.randrange(1, 400)) * rng.choice([1, -1]); b = rng.getrandbits(rng.randrange(1, 200))
    ints.append([str(n), str(k), str(a), str(b), o(lambda: math.comb(n, k)), o(lambda: math.perm(n, k)), o(lambda: math.factorial(n)),
                 o(lambda: math.isqrt(a)), o(lambda: math.gcd(a, b, n)), o(lambda: math.lcm(a, b, n))])

write("math.json", {"unary": cases, "binary": two, "misc": misc, "fsum": fsum_cases, "hypot": hyp, "ints": ints})
