# Comparisons of floats and ints in tests and expressions, including NaN, infinities, -0.0 and
# ints beyond 2**53 (compared exactly, not as doubles).
nan = float("nan")
inf = float("inf")
vals = [0, 1, -1, 0.0, -0.0, 0.5, 1.0, 2**53, 2**53 + 1, float(2**53), nan, inf, -inf, True, False]
out = []
for a in vals:
    for b in vals:
        row = []
        if a < b:
            row.append("lt")
        if a <= b:
            row.append("le")
        if a > b:
            row.append("gt")
        if a >= b:
            row.append("ge")
        if a == b:
            row.append("eq")
        if a != b:
            row.append("ne")
        e = (a < b, a <= b, a > b, a >= b, a == b, a != b)
        out.append(f"{a!r} {b!r} {' '.join(row)} {e}")
print("\n".join(out))
x = 0.0
n = 0
while x < 3:
    x += 0.75
    n += 1
print(n, x)
try:
    if 1.5 < "a":
        pass
except TypeError as e:
    print(type(e).__name__, e)
try:
    print(1.5 < None)
except TypeError as e:
    print(type(e).__name__, e)
