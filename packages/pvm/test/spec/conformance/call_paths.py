# Calls the compiler runs inline: plain functions and plain classes, and every way out of them.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def total(self, z):
        return self.x + self.y + z


p = P(1, 2)
print(p.x, p.y, p.total(3), type(p).__name__)


class Bad:
    def __init__(self, v):
        return v


for v in (None, 5):
    try:
        print(type(Bad(v)).__name__)
    except TypeError as e:
        print(type(e).__name__, e)


def swap_init(cls, v):
    def other(self, a):
        self.a = a * 100
    cls.__init__ = other
    return v


class Q:
    def __init__(self, a):
        self.a = a


print(Q(1).a)
print(Q(swap_init(Q, 2)).a)
print(Q(3).a)


class WithNew:
    def __new__(cls, v):
        o = super().__new__(cls)
        o.made = "new"
        return o

    def __init__(self, v):
        self.v = v


w = WithNew(7)
print(w.made, w.v)


class Meta(type):
    def __call__(cls, *args):
        return ("meta", args)


class M(metaclass=Meta):
    def __init__(self, a):
        self.a = a


print(M(1))


def add(a, b):
    return a + b


def opt(a, b=10):
    return a + b


print(add(1, 2), opt(1), opt(1, 2))
for args in ((1,), (1, 2, 3)):
    try:
        add(*args)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    P(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    P(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)


def down(n):
    return 0 if n == 0 else 1 + down(n - 1)


print(down(50))
try:
    down(100000)
except RecursionError as e:
    print(type(e).__name__)


def fails(x):
    return 1 // x


class Init:
    def __init__(self, x):
        self.r = fails(x)


try:
    Init(0)
except ZeroDivisionError as e:
    print(type(e).__name__, e)
print(Init(1).r)
