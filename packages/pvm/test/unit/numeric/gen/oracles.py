"""Correctly rounded reference values for the math functions, computed with Python's decimal module
(independent of libm and of the PVM's algorithms). Shared by gen_math.py and gen_math_oracle.py."""
import math, random, struct
from decimal import Decimal as D, localcontext
from common import bits, from_bits, write

INF, NAN = float("inf"), float("nan")


def outcome(fn):
    try:
        return {"ok": bits(fn())}
    except (ValueError, OverflowError, ZeroDivisionError) as e:
        return {"error": type(e).__name__, "message": str(e)}


def adj(x):  # decimal exponent estimate of a nonzero double
    return D(x).adjusted()


def cr(fn, x, extra=0):
    """Evaluate fn(Decimal) with enough digits for |result| ~ |x| scaled, return nearest double."""
    prec = 60 + extra
    with localcontext() as c:
        c.prec = prec
        c.Emax = 10 ** 6
        c.Emin = -(10 ** 6)
        v = fn(c)
        return float(v)


import functools


@functools.lru_cache(maxsize=None)
def pi_dec(prec):
    with localcontext() as c:
        c.prec = prec + 10
        # Machin
        def atan_inv(n):
            x = D(1) / n; x2 = x * x; total = x; term = x; k = 1
            while True:
                term *= -x2; k += 2; t = term / k
                if abs(t) < D(10) ** (-(prec + 8)): break
                total += t
            return total
        return +(16 * atan_inv(5) - 4 * atan_inv(239))


def dsin_cos(x, prec):
    """(sin, cos) of an exact double x as Decimals at prec digits (reduction mod 2pi with a long pi)."""
    with localcontext() as c:
        c.prec = prec + 360
        X = D(x)
        pi = pi_dec(prec + 360)
        r = X % (2 * pi)
        c.prec = prec + 20
        r2 = r * r
        s = r; term = r; k = 1
        while True:
            term = -term * r2 / ((k + 1) * (k + 2)); k += 2
            if term == 0 or abs(term) < D(10) ** (-(prec + 30)) * (abs(s) + D(10) ** -400): break
            s += term
        co = D(1); term = D(1); k = 0
        while True:
            term = -term * r2 / ((k + 1) * (k + 2)); k += 2
            if term == 0 or abs(term) < D(10) ** (-(prec + 30)): break
            co += term
        return s, co


def datan(v, prec):
    with localcontext() as c:
        c.prec = prec + 20
        v = D(v)
        neg = v < 0; v = abs(v)
        inv = v > 1
        if inv: v = 1 / v
        for _ in range(4):
            v = v / (1 + (1 + v * v).sqrt())
        s = v; term = v; k = 1; v2 = v * v
        while True:
            term = -term * v2; k += 2; t = term / k
            if t == 0 or abs(t) < abs(s) * D(10) ** (-(prec + 20)): break
            s += t
        s *= 16
        if inv: s = pi_dec(prec + 20) / 2 - s
        return -s if neg else s


def derf(x, prec):
    if x == 0:
        return D(0)
    with localcontext() as c:
        c.prec = prec + 40 + int(x * x / 2.3)
        X = D(x); X2 = X * X
        term = X; s = X; n = 0
        while True:
            n += 1; term = term * 2 * X2 / (2 * n + 1)
            if term <= s * D(10) ** (-(prec + 30)): break
            s += term
        return 2 / pi_dec(c.prec).sqrt() * (-X2).exp() * s


def tiny_extra(x):
    return max(0, -adj(x)) if x != 0 else 0


ORACLES = {
    "exp": lambda x: cr(lambda c: D(x).exp(), x),
    "exp2": lambda x: cr(lambda c: (D(x) * D(2).ln()).exp(), x, 20),
    "expm1": lambda x: cr(lambda c: D(x).exp() - 1, x, tiny_extra(x)),
    "log": lambda x: cr(lambda c: D(x).ln(), x),
    "log2": lambda x: cr(lambda c: D(x).ln() / D(2).ln(), x),
    "log10": lambda x: cr(lambda c: D(x).log10(), x),
    "log1p": lambda x: cr(lambda c: (1 + D(x)).ln(), x, tiny_extra(x) + 400),
    "sinh": lambda x: cr(lambda c: (D(x).exp() - (-D(x)).exp()) / 2, x, tiny_extra(x) * 2),
    "cosh": lambda x: cr(lambda c: (D(x).exp() + (-D(x)).exp()) / 2, x),
    "tanh": lambda x: cr(lambda c: (D(x).exp() - (-D(x)).exp()) / (D(x).exp() + (-D(x)).exp()), x, tiny_extra(x) * 2),
    "asinh": lambda x: cr(lambda c: (abs(D(x)) + (D(x) * D(x) + 1).sqrt()).ln().copy_sign(D(x)), x, tiny_extra(x) * 2 + 20),
    "acosh": lambda x: cr(lambda c: (D(x) + (D(x) * D(x) - 1).sqrt()).ln(), x, 20),
    "atanh": lambda x: cr(lambda c: ((1 + D(x)) / (1 - D(x))).ln() / 2, x, tiny_extra(x) * 2 + 20),
    "cbrt": lambda x: cr(lambda c: (abs(D(x)) ** (D(1) / 3)).copy_sign(D(x)), x),
    "sin": lambda x: float(dsin_cos(x, 60 + tiny_extra(x))[0]),
    "cos": lambda x: float(dsin_cos(x, 60)[1]),
    "tan": lambda x: (lambda sc: float(sc[0] / sc[1]))(dsin_cos(x, 80 + tiny_extra(x))),
    "atan": lambda x: float(datan(x, 60 + tiny_extra(x))),
    "asin": lambda x: float(datan(D(x) / (1 - D(x) * D(x)).sqrt(), 60 + tiny_extra(x))) if abs(x) < 1 else None,
    "acos": lambda x: float(2 * datan(((1 - D(x)) / (1 + D(x))).sqrt(), 60)) if -1 < x < 1 else None,
    "erf": lambda x: float(derf(abs(x), 60 + tiny_extra(x)).copy_sign(D(x))) if abs(x) < 6 else None,
    "erfc": lambda x: (lambda c0: float(1 - derf(x, 60 + 350)) if 0 <= x < 27 else (float(1 + derf(-x, 60)) if -6 < x < 0 else None))(0),
}
