#!/usr/bin/env python3
"""Captures CPython 3.11 `decimal` (libmpdec) results as JSON fixtures for the TypeScript engine.

Run from this directory: python3 capture.py  (deterministic: fixed seed, no network).
Every case runs with all traps off and records the result and the flags raised; a subset also runs
with the default traps and records the exception class and message.
"""
import decimal
import json
import random
import struct
import sys
from decimal import Decimal, Context

assert sys.version_info[:2] == (3, 11), "capture with CPython 3.11"
assert decimal.__libmpdec_version__, "needs the C implementation"

rng = random.Random(20261122)
SIGNALS = [decimal.InvalidOperation, decimal.FloatOperation, decimal.DivisionByZero, decimal.Overflow,
           decimal.Underflow, decimal.Subnormal, decimal.Inexact, decimal.Rounded, decimal.Clamped]
ROUNDINGS = [decimal.ROUND_UP, decimal.ROUND_DOWN, decimal.ROUND_CEILING, decimal.ROUND_FLOOR,
             decimal.ROUND_HALF_UP, decimal.ROUND_HALF_DOWN, decimal.ROUND_HALF_EVEN, decimal.ROUND_05UP]

EDGE = ["0", "-0", "0.000", "-0E+5", "1", "-1", "2", "10", "0.1", "-0.5", "1.5", "2.5", "-2.5", "0.05",
        "123456789", "1E+3", "1.000", "9.99", "99.5", "1E-7", "3.14159265358979323846264338327950288",
        "12345678901234567890123456789012345", "9999999999999999999999999999", "5E-1000006", "1E-999999",
        "9.99E+999999", "1E+999999", "Infinity", "-Infinity", "NaN", "-NaN123", "sNaN", "-sNaN45",
        "0.3333333333333333333333333333", "7", "-7", "4", "0.25", "1E+2", "100", "255", "-1E-3"]


def rand_dec():
    r = rng.random()
    if r < 0.04:
        return rng.choice(["Infinity", "-Infinity", "NaN", "sNaN7", "-NaN"])
    if r < 0.15:
        return rng.choice(EDGE)
    nd = rng.choice([1, 1, 2, 3, 5, 8, 15, 28, 29, 35, 60])
    c = rng.randrange(10 ** (nd - 1), 10 ** nd) if nd > 1 else rng.randrange(0, 10)
    e = rng.choice([0, 0, 0, -1, -2, -3, 1, 2, -10, -28, 5, rng.randint(-40, 40), rng.randint(-1000010, -999990),
                    rng.randint(999960, 1000000)])
    s = "-" if rng.random() < 0.4 else ""
    return f"{s}{c}E{e}"


def small_dec():
    nd = rng.choice([1, 2, 3, 5, 9])
    c = rng.randrange(0, 10 ** nd)
    e = rng.randint(-6, 3)
    s = "-" if rng.random() < 0.4 else ""
    return f"{s}{c}E{e}"


def rand_ctx():
    r = rng.random()
    if r < 0.3:
        return dict(prec=28, rounding=decimal.ROUND_HALF_EVEN, Emin=-999999, Emax=999999, clamp=0)
    if r < 0.75:
        return dict(prec=rng.choice([1, 2, 3, 5, 9, 16, 28, 40]), rounding=rng.choice(ROUNDINGS),
                    Emin=-999999, Emax=999999, clamp=0)
    p = rng.choice([1, 3, 5, 7])
    return dict(prec=p, rounding=rng.choice(ROUNDINGS), Emin=rng.choice([-1, -5, -10]),
                Emax=rng.choice([1, 5, 10]), clamp=rng.choice([0, 1]))


def make_ctx(c, traps_on=False):
    ctx = Context(prec=c["prec"], rounding=c["rounding"], Emin=c["Emin"], Emax=c["Emax"], clamp=c["clamp"],
                  capitals=1, flags=[])
    if not traps_on:
        for s in SIGNALS:
            ctx.traps[s] = False
    return ctx


def flags_of(ctx):
    return [s.__name__ for s in SIGNALS if ctx.flags[s]]


def out(v):
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, tuple):
        return [out(x) for x in v]
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return str(v)
    return v


def apply(op, ctx, args):
    D = [Decimal(a) for a in args]
    if op == "round":
        decimal.setcontext(ctx)
        return round(D[0], int(args[1]))
    if op == "divmod":
        return ctx.divmod(D[0], D[1])
    if op == "compare_signal_lt":
        decimal.setcontext(ctx)  # the operators use the thread's context object itself
        return D[0] < D[1]
    if op == "eq":
        decimal.setcontext(ctx)
        return D[0] == D[1]
    if op == "powmod":
        return ctx.power(D[0], D[1], D[2])
    if op == "create":
        return ctx.create_decimal(args[0])
    return getattr(ctx, op)(*D)


def run_case(op, c, args, traps_on):
    ctx = make_ctx(c, traps_on)
    case = {"op": op, "ctx": [c["prec"], c["rounding"], c["Emin"], c["Emax"], c["clamp"]], "a": args}
    try:
        r = apply(op, ctx, args)
        case["r"] = out(r)
    except decimal.DecimalException as e:
        cls = [s for s in SIGNALS if isinstance(e, s)][0]
        case["x"] = [type(e).__name__ if type(e) in SIGNALS else cls.__name__, str(e)]
    case["f"] = flags_of(ctx)
    if traps_on:
        case["t"] = 1
    return case


def gen_ops():
    cases = []
    binary = ["add", "subtract", "multiply", "divide", "divide_int", "remainder", "divmod", "compare",
              "compare_total", "max", "min", "copy_sign", "quantize", "eq", "compare_signal_lt", "max_mag",
              "min_mag", "remainder_near", "compare_total_mag", "same_quantum", "next_toward"]
    unary = ["abs", "minus", "plus", "sqrt", "to_integral_value", "to_integral_exact", "normalize", "exp", "ln",
             "log10", "logb", "next_plus", "next_minus", "create", "copy_abs", "copy_negate"]
    for op in binary:
        n = 900 if op in ("add", "subtract", "multiply", "divide", "quantize") else 300
        for _ in range(n):
            c = rand_ctx()
            if c["Emax"] < 100:
                args = [small_dec(), small_dec()]
            else:
                args = [rand_dec(), rand_dec()]
            if op == "quantize" and rng.random() < 0.7:
                args[1] = f"1E{rng.randint(-12, 6)}"
            cases.append(run_case(op, c, args, False))
            if rng.random() < 0.15:
                cases.append(run_case(op, c, args, True))
    for op in unary:
        n = 300 if op in ("exp", "ln", "log10", "sqrt") else 200
        for _ in range(n):
            c = rand_ctx()
            a = small_dec() if c["Emax"] < 100 else rand_dec()
            if op in ("exp",) and rng.random() < 0.7:
                a = f"{'-' if rng.random()<0.3 else ''}{rng.randrange(1, 10**rng.randint(1, 12))}E{rng.randint(-14, 0)}"
            if op in ("ln", "log10") and rng.random() < 0.5:
                a = f"{rng.randrange(1, 10**rng.randint(1, 20))}E{rng.randint(-25, 10)}"
            cases.append(run_case(op, c, [a], False))
            if rng.random() < 0.15:
                cases.append(run_case(op, c, [a], True))
    for _ in range(400):
        c = rand_ctx()
        args = [rand_dec() if c["Emax"] > 100 else small_dec() for _ in range(3)]
        cases.append(run_case("fma", c, args, False))
    for _ in range(300):
        c = rand_ctx()
        args = [rng.choice([str(rng.randint(-10**6, 10**6)), str(rng.randint(-50, 50)), rand_dec(), "-0", "3.0", "2E+1"]),
                rng.choice([str(rng.randint(0, 300)), str(rng.randint(-3, 3)), "1E+1", "2.0", rand_dec()]),
                rng.choice([str(rng.randint(-10**5, 10**5)), "0", "1", "-1", "1E+1", "1.5", "9" * 30, "NaN", "sNaN"])]
        cases.append(run_case("powmod", c, args, False))
    # rounding modes × halfway values: every mode on the same operands
    for _ in range(60):
        a, b = small_dec(), small_dec()
        for rnd in ROUNDINGS:
            c = dict(prec=rng.choice([1, 2, 3]), rounding=rnd, Emin=-999999, Emax=999999, clamp=0)
            for op in ("add", "multiply", "divide", "plus"):
                cases.append(run_case(op, c, [a, b] if op != "plus" else [a], False))
    # round(d, n) with the default context
    for _ in range(300):
        c = dict(prec=28, rounding=decimal.ROUND_HALF_EVEN, Emin=-999999, Emax=999999, clamp=0)
        cases.append(run_case("round", c, [rand_dec(), str(rng.randint(-5, 8))], False))
    return cases


def gen_power():
    cases = []
    for _ in range(1500):
        c = rand_ctx()
        if rng.random() < 0.5:
            a = rand_dec() if c["Emax"] > 100 else small_dec()
            b = str(rng.randint(-12, 40)) if rng.random() < 0.8 else rand_dec()
        else:
            a = small_dec()
            b = rng.choice([str(rng.randint(-5, 5)), small_dec(), "0.5", "-0.5", "1.5", "2.0", "-2", "0", "-0"])
        cases.append(run_case("power", c, [a, b], False))
        if rng.random() < 0.1:
            cases.append(run_case("power", c, [a, b], True))
    return cases


FORMAT_SPECS = ["", "f", ".2f", ".0f", "e", ".3e", "E", "g", ".3g", "G", "%", ".1%", "n", ",", "_", ",.2f",
                "_.3f", ">20", "<15.2f", "^12", "=+12.3f", "*^20,.2f", "+", " ", "-", "015.3f", "020,.2f", "0=10",
                "#.0f", "z.2f", ".30f", ".0e", ".0g", ".1g", "10", "x>10.4E", "0<8", ",g", ".2", ".5", "+.3%",
                "-.1f", "07", "012,", "#g", "#.3", "d", "=", "10.10"]


def gen_format():
    cases = []
    vals = EDGE + [rand_dec() for _ in range(120)] + [small_dec() for _ in range(120)]
    for v in vals:
        d = Decimal(v)
        t = d.as_tuple()
        exp = t.exponent if isinstance(t.exponent, int) else t.exponent
        case = {"v": v, "str": str(d), "repr": repr(d), "eng": d.to_eng_string(),
                "tuple": [t.sign, "".join(map(str, t.digits)), str(exp)], "hash": str(hash(d)) if not d.is_nan() else None,
                "adjusted": d.adjusted()}
        huge = d.is_finite() and abs(d.adjusted()) > 60  # keep fixtures small: no million-digit strings
        try:
            case["int"] = None if huge else str(int(d))
        except (ValueError, OverflowError) as e:
            case["int"] = [type(e).__name__, str(e)]
        if d.is_snan():
            case["float"] = ["ValueError", "cannot convert signaling NaN to float"]
            try:
                float(d)
            except ValueError as e:
                case["float"] = ["ValueError", str(e)]
        else:
            case["float"] = str(struct.unpack("<q", struct.pack("<d", float(d)))[0])
        case["pred"] = {p: getattr(d, p)() for p in ["is_canonical", "is_finite", "is_infinite", "is_nan",
                                                       "is_qnan", "is_snan", "is_signed", "is_zero"]}
        ctx = Context()
        case["pred"]["is_normal"] = d.is_normal(ctx)
        case["pred"]["is_subnormal"] = d.is_subnormal(ctx)
        fm = {}
        for spec in FORMAT_SPECS:
            if huge and any(ch in spec for ch in "fF%n"):
                continue
            try:
                fm[spec] = format(d, spec)
            except (ValueError, TypeError) as e:
                fm[spec] = [type(e).__name__, str(e)]
        case["format"] = fm
        cases.append(case)
    return cases


def gen_floats():
    vals = [0.1, -0.0, 0.0, 1e22, 5e-324, 1.7976931348623157e308, -2.5, 1/3, float("inf"), float("-inf"), 123.456]
    vals += [rng.uniform(-1e6, 1e6) for _ in range(60)] + [struct.unpack("<d", struct.pack("<q", rng.getrandbits(63)))[0] for _ in range(60)]
    cases = []
    for f in vals:
        bits = str(struct.unpack("<q", struct.pack("<d", f))[0])
        cases.append({"bits": bits, "exact": str(Decimal(f)), "ctx28": str(Context(prec=28).create_decimal_from_float(f)),
                      "hash": str(hash(Decimal(f)))})
    return cases


def gen_hiprec():
    """High precisions (60..400 digits) for the operations with precision-dependent algorithms."""
    cases = []
    for _ in range(240):
        prec = rng.choice([60, 100, 250, 400])
        c = dict(prec=prec, rounding=rng.choice(ROUNDINGS), Emin=-999999, Emax=999999, clamp=0)
        op = rng.choice(["divide", "sqrt", "exp", "ln", "log10", "power", "power", "multiply", "remainder_near"])
        nd = rng.randint(1, 120)
        a = f"{rng.randrange(1, 10 ** nd)}E{rng.randint(-nd - 5, 5)}"
        if op == "exp":
            a = f"{'-' if rng.random() < 0.4 else ''}{rng.randrange(1, 10 ** 15)}E{rng.randint(-20, -9)}"
        if op == "power":
            b = rng.choice([str(rng.randint(-30, 60)), f"{rng.randrange(1, 10 ** 6)}E-{rng.randint(1, 6)}"])
            a = f"{rng.randrange(1, 10 ** rng.randint(1, 30))}E{rng.randint(-20, 2)}"
        else:
            b = f"{'-' if rng.random() < 0.3 else ''}{rng.randrange(1, 10 ** rng.randint(1, 80))}E{rng.randint(-40, 10)}"
        args = [a, b] if op in ("divide", "power", "multiply", "remainder_near") else [a]
        cases.append(run_case(op, c, args, False))
    return cases


def write(name, obj):
    with open(f"fixtures/{name}.json", "w") as fh:
        json.dump(obj, fh, separators=(",", ":"))
        fh.write("\n")


if __name__ == "__main__":
    write("ops", {"version": 1, "python": sys.version.split()[0], "libmpdec": decimal.__libmpdec_version__,
                  "cases": gen_ops()})
    write("power", {"version": 1, "cases": gen_power()})
    write("values", {"version": 1, "specs": FORMAT_SPECS, "cases": gen_format()})
    write("floats", {"version": 1, "cases": gen_floats()})
    write("hiprec", {"version": 1, "cases": gen_hiprec()})
