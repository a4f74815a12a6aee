# Instance attribute storage: insertion order, overwrite, delete and re-add, many attributes,
# attributes made up at run time, and compiled attribute sites that see many dict layouts.
class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b


p = P(1, 2)
p.c = 3
p.a = 10
print(vars(p))
del p.b
print(vars(p), hasattr(p, "b"))
p.b = 20
print(vars(p), p.a + p.b + p.c)

# Same class, different orders: one load site sees every layout.
objs = []
for i in range(6):
    o = P(i, -i)
    if i % 3 == 1:
        o.z = i * 100
    if i % 3 == 2:
        del o.a
        o.a = i + 1000
    objs.append(o)
print([(o.a, o.b) for o in objs])
print([list(vars(o)) for o in objs])

# A store site that first adds, then overwrites, then meets a dict that lost the name.
def setx(o, v):
    o.x = v

q = P(0, 0)
setx(q, 1)
setx(q, 2)
r = P(0, 0)
setx(r, 3)
del r.x
setx(r, 4)
print(vars(q), vars(r))

# More attributes than a shape holds, and names made up at run time.
class Bag:
    pass

b = Bag()
for i in range(100):
    setattr(b, f"k{i}", i)
print(len(vars(b)), b.k0, b.k63, b.k64, b.k99, list(vars(b))[60:68])
del b.k50
print(len(vars(b)), hasattr(b, "k50"), list(vars(b))[48:52])

bags = []
for i in range(1500):
    x = Bag()
    setattr(x, f"only{i}", i)
    x.tail = -i
    bags.append(x)
print(sum(x.tail for x in bags), getattr(bags[1499], "only1499"), list(vars(bags[1200])))

# Augmented assignment whose right-hand side changes the dict.
class C:
    def __init__(self):
        self.n = 1
        self.m = 2

def grow(c):
    c.extra = 5
    return 10

def drop(c):
    del c.m
    return 100

c = C()
for _ in range(3):
    c.n += 1
c.n += grow(c)
print(vars(c))
c.n += drop(c)
print(vars(c))

# An instance attribute shadowing a method, after calls through the method cache.
class M:
    def f(self):
        return "method"

ms = [M() for _ in range(3)]
print([m.f() for m in ms])
ms[1].f = lambda: "shadow"
print([m.f() for m in ms])
del ms[1].f
print([m.f() for m in ms])

# __slots__ classes and a class attribute added later (the load site's cache must see it).
class S:
    __slots__ = ("u", "v")
    def __init__(self):
        self.u = 1
        self.v = 2

s = S()
print(s.u, s.v)
try:
    s.w = 3
except AttributeError as e:
    print("AttributeError:", e)

class D:
    def __init__(self):
        self.k = "inst"

def getk(o):
    return o.k

d = D()
print(getk(d), getk(d))
D.k = property(lambda self: "prop")
print(getk(d))

# Function attributes.
def fn():
    pass

fn.tag = 1
fn.tag += 1
print(fn.tag, fn.__name__)
