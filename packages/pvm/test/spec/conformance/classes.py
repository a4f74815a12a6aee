class Animal:
    kind = "animal"
    count = 0

    def __init__(self, name):
        self.name = name
        Animal.count += 1

    def speak(self):
        return f"{self.name} makes a sound"

    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"

class Dog(Animal):
    kind = "dog"

    def speak(self):
        return super().speak() + " (woof)"

d = Dog("rex")
print(d.speak(), d, d.kind, Animal.kind, Animal.count, isinstance(d, Animal), issubclass(Dog, Animal), type(d) is Dog)

class A:
    def who(self):
        return "A"
class B(A):
    def who(self):
        return "B" + super().who()
class C(A):
    def who(self):
        return "C" + super().who()
class D(B, C):
    def who(self):
        return "D" + super().who()
print(D().who(), [k.__name__ for k in D.__mro__])

class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __eq__(self, o):
        return isinstance(o, Vec) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __iter__(self):
        yield self.x
        yield self.y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __bool__(self):
        return bool(self.x or self.y)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __contains__(self, v):
        return v in (self.x, self.y)

v = Vec(1, 2) + Vec(3, 4)
print(v, v * 2, 3 * v, -v, v == Vec(4, 6), v != Vec(0, 0), len(v), v[0], list(v), 6 in v, bool(Vec(0, 0)))
print(sorted([Vec(2, 1), Vec(1, 5)]), {Vec(1, 1): "a"}[Vec(1, 1)], max(Vec(1, 2), Vec(1, 3)))

class Temp:
    def __init__(self):
        self._c = 0
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273:
            raise ValueError("too cold")
        self._c = v
    @staticmethod
    def unit():
        return "C"
    @classmethod
    def make(cls):
        return cls()
t = Temp.make()
t.c = 25
print(t.c, Temp.unit(), t.unit())
try:
    t.c = -300
except ValueError as e:
    print(e)

class Meta(type):
    pass
class WithMeta(metaclass=Meta):
    pass
print(type(WithMeta).__name__)

class Base:
    registry = []
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        Base.registry.append((cls.__name__, tag))
class P1(Base, tag="one"):
    pass
class P2(Base):
    pass
print(Base.registry)

class Box:
    def __class_getitem__(cls, item):
        return f"Box[{item.__name__}]"
print(Box[int])

class Slotted:
    __slots__ = ("a",)
    def __init__(self):
        self.a = 1
s = Slotted()
try:
    s.b = 2
except AttributeError as e:
    print("AttributeError", e)

class Dyn:
    def __getattr__(self, name):
        return "dyn_" + name
print(Dyn().anything, getattr(Dyn(), "x"), hasattr(Dyn(), "y"))

class Ctx:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, et, ev, tb):
        print("exit", et.__name__ if et else None)
        return True
with Ctx() as c:
    raise ValueError("suppressed")
print("after with")

X = type("X", (object,), {"val": 5, "get": lambda self: self.val})
print(X().get(), X.__name__)

class Desc:
    def __get__(self, obj, owner):
        return "desc" if obj is not None else "class-desc"
    def __set_name__(self, owner, name):
        self.name = name
class UsesDesc:
    attr = Desc()
print(UsesDesc().attr, UsesDesc.attr, UsesDesc.__dict__["attr"].name)

class Callable:
    def __call__(self, x):
        return x * 10
print(Callable()(4), vars(t))
try:
    Animal()
except TypeError as e:
    print(e)
try:
    d.missing
except AttributeError as e:
    print(e)
# class attribute changes after use must be seen (lookup caches are invalidated)
class Base2:
    def hello(self):
        return "base"
class Kid(Base2):
    pass
k = Kid()
print(k.hello())
Base2.hello = lambda self: "patched"
print(k.hello())
Kid.hello = lambda self: "kid"
print(k.hello())
del Kid.hello
print(k.hello(), hasattr(Kid, "missing"))
Base2.missing = 1
print(Kid.missing, k.missing)
Base2.__repr__ = lambda self: "<base2>"
print(repr(k))
