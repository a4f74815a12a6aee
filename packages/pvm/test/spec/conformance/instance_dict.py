# obj.__dict__ and vars(obj) are the object's attribute storage, not a copy.
class A:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def total(self):
        return sum(v for v in vars(self).values() if isinstance(v, int))


a = A(x=1, y=2)
print(vars(a), a.x, a.total())
d = a.__dict__
print(d is vars(a), d is a.__dict__)
d["z"] = 3
a.w = 4
print(a.z, d["w"], list(d), a.total())
del d["x"]
print(hasattr(a, "x"), vars(a))
del a.y
print("y" in d, d)
d.clear()
print(vars(a), hasattr(a, "z"))
d[7] = "non-str key"
a.k = "v"
print(vars(a), a.k)

# Iterating the dict while adding attributes fails as in CPython.
b = A(p=1, q=2)
try:
    for key in b.__dict__:
        setattr(b, key + "_copy", 0)
except RuntimeError as e:
    print("RuntimeError:", e)

# Replacing __dict__.
c = A(old=1)
c.__dict__ = {"new": 2}
print(vars(c), hasattr(c, "old"), c.new)
try:
    c.__dict__ = [1, 2]
except TypeError as e:
    print("TypeError:", e)
shared = A()
shared.__dict__ = c.__dict__
shared.both = 1
print(c.both, vars(shared) is vars(c))

# A cached attribute site keeps working after the storage moved into the dict.
class P:
    def __init__(self, v):
        self.v = v

def getv(o):
    return o.v

ps = [P(i) for i in range(4)]
print([getv(p) for p in ps])
ps[2].__dict__["v"] = 20
vars(ps[3])["v"] = 30
ps[1].v += 10
print([getv(p) for p in ps], [vars(p) for p in ps])

# Functions: __dict__ holds their attributes (annotations live apart).
def f(a: int) -> str:
    return str(a)

f.tag = 1
print(vars(f), f.__annotations__, vars(f))
f.__dict__["extra"] = 2
print(f.extra, sorted(vars(f)))
f.__annotations__ = {"z": int}
print(f.__annotations__, vars(f))
f.__annotations__ = None
print(f.__annotations__)

# __slots__ without __dict__: no __dict__ at all.
class S:
    __slots__ = ("u",)

s = S()
s.u = 1
print(hasattr(s, "__dict__"))
try:
    vars(s)
except TypeError as e:
    print("TypeError:", e)

# Exceptions carry an attribute dict too.
e = ValueError("bad")
e.code = 7
print(vars(e), e.__dict__ is vars(e))

# __class__ assignment between compatible classes.
class Cat:
    def speak(self):
        return "meow " + self.name

class Dog:
    def speak(self):
        return "woof " + self.name

pet = Cat()
pet.name = "rex"
print(pet.speak())
pet.__class__ = Dog
print(pet.speak(), type(pet).__name__, isinstance(pet, Dog), vars(pet))
setattr(pet, "__class__", Cat)
print(pet.speak())
for bad in (3, int):
    try:
        pet.__class__ = bad
    except TypeError as e:
        print("TypeError:", e)

class Slotted:
    __slots__ = ("name",)

try:
    pet.__class__ = Slotted
except TypeError as e:
    print("TypeError:", e)
try:
    (1).__class__ = bool
except TypeError as e:
    print("TypeError:", e)
