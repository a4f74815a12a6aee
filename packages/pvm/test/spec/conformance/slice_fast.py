# List slicing through the compiled fast path: bounds, steps, __index__ that slices again.
xs = list(range(10))
print(xs[:], xs[2:], xs[:3], xs[-3:], xs[::-1], xs[8:2:-2], xs[::3], xs[100:], xs[-100:2], xs[5:1])
class Ix:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        ys = [1, 2, 3, 4][1:3]          # a nested slice inside __index__
        return self.v + len(ys) - 2
print(xs[Ix(2):Ix(7):Ix(2)], xs[Ix(-1)::-1])
class L(list):
    pass
l = L([5, 6, 7])
print(type(l[1:]).__name__, l[1:], "abcdef"[1:5:2], (1, 2, 3)[::-1], range(10)[2:8:3], b"hello"[1:3])
try:
    xs[::0]
except Exception as e:
    print(type(e).__name__, e)
try:
    xs["a":]
except Exception as e:
    print(type(e).__name__, e)
p = list(range(7))
for k in range(1, 6):
    p[:k + 1] = p[k::-1]
print(p)
p[1:3] = []
print(p)
p[::2] = [0] * len(p[::2])
print(p)
try:
    p[::2] = [1]
except Exception as e:
    print(type(e).__name__, e)
del p[::3]
print(p)
