"""A wider sweep of the correctly rounded oracle alone (no special values): for each function 400
arguments over five magnitude bands, kept where CPython returns a finite value.
Run: PYTHONHASHSEED=0 python3 gen_math_oracle.py"""
import math, random
from common import bits, write
from oracles import ORACLES

rng = random.Random(99)
out = []
for name in ORACLES:
    f = getattr(math, name)
    for _ in range(400):
        k = rng.randrange(5)
        if k == 0:
            x = rng.uniform(-1, 1)
        elif k == 1:
            x = rng.uniform(-30, 30)
        elif k == 2:
            x = rng.choice([1, -1]) * 2.0 ** rng.uniform(-60, 60)
        elif k == 3:
            x = rng.choice([1, -1]) * 2.0 ** rng.uniform(-1070, 1020)
        else:
            x = 1 + rng.uniform(-1e-3, 1e-3)
        try:
            py = f(x)
        except (ValueError, OverflowError):
            continue
        if x == 0 or not math.isfinite(py):
            continue
        try:
            o = ORACLES[name](x)
        except ArithmeticError:  # the decimal context overflowed: no reference value
            continue
        if o is None:
            continue
        out.append([name, bits(x), bits(o), bits(py)])
write("math-oracle.json", out)
