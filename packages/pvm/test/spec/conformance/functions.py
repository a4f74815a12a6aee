def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, sorted(kw.items()))

print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=5, d=0))
print(f(*[1, 2, 3], **{"c": 9, "z": 1}))

def pos_only(a, b, /, c):
    return a + b + c

print(pos_only(1, 2, c=3))

def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc

c = counter()
c()
c()
print(c())

g = 10
def use_global():
    global g
    g += 1
    return g
print(use_global(), g)

def deco(fn):
    def wrapper(*a, **k):
        return "<" + str(fn(*a, **k)) + ">"
    return wrapper

@deco
def hello(name):
    return "hi " + name
print(hello("bob"), hello.__name__)

adders = [lambda x, i=i: x + i for i in range(3)]
print([a(10) for a in adders])
late = [lambda: i for i in range(3)]
print([fn() for fn in late])

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(30))

def gen(n):
    for i in range(n):
        x = yield i
        if x:
            print("got", x)
    return "done"

it = gen(3)
print(next(it), it.send("hello"), next(it))
try:
    next(it)
except StopIteration as e:
    print("stop", e.value)

def delegator():
    r = yield from gen(2)
    yield r
print(list(delegator()))

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fib():
    if v > 50:
        break
    out.append(v)
print(out)

def kwonly(*, x):
    return x
for call in range(4):
    try:
        if call == 0:
            kwonly(1)
        elif call == 1:
            f()
        elif call == 2:
            pos_only(a=1, b=2, c=3)
        else:
            f(1, c=1, c2=2, a=1)
    except TypeError as e:
        print(e)

def outer():
    x = "outer"
    def mid():
        def inner():
            return x
        return inner()
    return mid()
print(outer())
print((lambda *a, **k: (a, k))(1, y=2))
sq = list(map(lambda v: v ** 2, range(5)))
print(sq, callable(f), callable(3))
