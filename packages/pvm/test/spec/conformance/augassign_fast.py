# Augmented assignment fast paths (ints, floats, list items, attributes) and their edge cases.
xs = [1, 2.5, -3, 0.0]
xs[0] += 2; xs[1] -= 0.5; xs[2] *= 0; xs[3] *= -1.0
print(xs, [str(x) for x in xs])
class P:
    pass
p = P(); p.a = 1.5; p.b = 2**52; p.c = -0.0
p.a *= 3.0; p.b += 2**52; p.c += 0.0
print(p.a, p.b, p.c)
def f():
    t = 0.1; n = 3; m = 2**62
    t += 0.2; n -= 10; m *= 4; n *= -1
    return t, n, m
print(f())
def g():
    try:
        q += 1
    except Exception as e:
        print(type(e).__name__, e)
g()
ys = [1, 2, 3]
def shrink():
    ys.clear()
    return 5
try:
    ys[2] += shrink()
except Exception as e:
    print(type(e).__name__, e, ys)
zs = [1.0]
zs[0] += 1
print(zs, type(zs[0]).__name__)
