class Money:
    def __init__(self, cents):
        self.cents = cents
    def __repr__(self):
        return f"Money({self.cents})"
    def __str__(self):
        return f"${self.cents / 100:.2f}"
    def __format__(self, spec):
        return format(self.cents / 100, spec) + " USD"
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    def __radd__(self, other):
        return self.__add__(other)
    def __iadd__(self, other):
        self.cents += other.cents if isinstance(other, Money) else other
        return self
    def __sub__(self, other):
        return Money(self.cents - other.cents)
    def __mul__(self, k):
        return Money(self.cents * k)
    def __truediv__(self, k):
        return Money(self.cents // k)
    def __floordiv__(self, k):
        return Money(self.cents // k)
    def __mod__(self, k):
        return Money(self.cents % k)
    def __neg__(self):
        return Money(-self.cents)
    def __abs__(self):
        return Money(abs(self.cents))
    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents
    def __lt__(self, other):
        return self.cents < other.cents
    def __le__(self, other):
        return self.cents <= other.cents
    def __hash__(self):
        return hash(self.cents)
    def __bool__(self):
        return self.cents != 0
    def __int__(self):
        return self.cents
    def __index__(self):
        return self.cents

m = Money(250)
print(m, repr(m), f"{m:.1f}", m + Money(50), 100 + m, sum([Money(1), Money(2)], Money(0)), m * 3, m / 2, -m, abs(-m))
m += 5
print(m, m == Money(255), m != Money(1), m < Money(300), sorted([Money(3), Money(1)]), bool(Money(0)), int(m))
print(["a", "b", "c", "d"][Money(1)], hex(Money(255)), {m: "x"}[Money(255)], Money(5) in {Money(5)})
print(m > Money(1), m >= Money(255))

class Record:
    def __init__(self):
        object.__setattr__(self, "_data", {})
    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name)
    def __setattr__(self, name, value):
        self._data[name] = value
    def __delattr__(self, name):
        del self._data[name]

r = Record()
r.a = 1
r.b = 2
print(r.a, r.b, r._data, hasattr(r, "c"))
del r.a
print(r._data, getattr(r, "a", "gone"))

class Logged:
    def __getattribute__(self, name):
        if name.startswith("secret"):
            raise AttributeError("hidden " + name)
        return object.__getattribute__(self, name)
    def __init__(self):
        self.visible = 1
        self.secret_x = 2
lg = Logged()
print(lg.visible, hasattr(lg, "secret_x"))

class Matrix:
    def __init__(self, rows):
        self.rows = rows
    def __getitem__(self, idx):
        r, c = idx
        return self.rows[r][c]
    def __setitem__(self, idx, v):
        r, c = idx
        self.rows[r][c] = v
    def __delitem__(self, idx):
        self.rows[idx[0]][idx[1]] = None
    def __len__(self):
        return len(self.rows)
    def __contains__(self, v):
        return any(v in row for row in self.rows)
    def __iter__(self):
        return iter(self.rows)
    def __call__(self, scale):
        return Matrix([[x * scale for x in row] for row in self.rows])
    def __enter__(self):
        return self
    def __exit__(self, *a):
        print("matrix exit", a[0])
        return False

mx = Matrix([[1, 2], [3, 4]])
mx[0, 1] = 20
print(mx[0, 1], len(mx), 4 in mx, 7 in mx, list(mx), mx(2).rows)
del mx[1, 1]
print(mx.rows)
with mx as same:
    print(same is mx)
try:
    with mx:
        raise KeyError("inside")
except KeyError as e:
    print("propagated", e)

class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()), 20 in Seq())

class Base:
    def __init_subclass__(cls, **kw):
        cls.tagged = True
class Derived(Base):
    pass
print(Derived.tagged)

class Cmp:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
print(Cmp(1) == Cmp(1), Cmp(1) != Cmp(2), Cmp.__hash__ is None)
try:
    hash(Cmp(1))
except TypeError as e:
    print(e)
try:
    Money(1) < 5
except AttributeError as e:
    print("AttributeError", e)
try:
    Money(1) @ Money(2)
except TypeError as e:
    print(e)
