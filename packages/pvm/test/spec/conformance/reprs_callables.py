# Reprs of functions, methods and builtins as CPython prints them; __qualname__ of functions and
# classes. Addresses are masked: the PVM prints deterministic 0x... ids, never host addresses.


def mask(x):
    s = repr(x)
    out = ""
    i = 0
    while i < len(s):
        if s[i:i + 2] == "0x":
            out += "0x"
            i += 2
            while i < len(s) and s[i] in "0123456789abcdef":
                i += 1
        else:
            out += s[i]
            i += 1
    return out


def f():
    pass


class A:
    def g(self):
        pass

    @classmethod
    def c(cls):
        pass

    @staticmethod
    def s():
        pass

    class In:
        def h(self):
            pass

    def __repr__(self):
        return "A()"


class P:
    pass


def outer():
    def inner():
        pass

    class Local:
        def m(self):
            pass

    return inner, Local


inner, Local = outer()
lam = lambda x: x
print(mask(f), mask(A.g), mask(A.s), mask(A.In.h), mask(inner), mask(lam), mask(Local.m))
print(mask(A().g), mask(P().__init__) if False else mask(A.c), mask(Local().m))
p = P()
print(mask(len), mask(print), mask([].append), mask({}.get), mask("".upper), mask((1).bit_length), mask(dict.fromkeys))
print(mask(list.append), mask(int.__add__), mask(object.__init__), mask(str.join), mask(dict.__getitem__))
print(f.__qualname__, A.g.__qualname__, A.In.__qualname__, A.In.h.__qualname__, inner.__qualname__, lam.__qualname__, Local.__qualname__, Local.m.__qualname__)
print(f.__name__, inner.__name__, lam.__name__, Local.__name__, len.__name__, [].append.__name__)
print(type(f).__name__, type(A().g).__name__, type(len).__name__, type([].append).__name__, type(lam).__name__, type(A.c).__name__)
print([mask(f)], {"k": mask(A().g)}, mask(p.__class__), mask(P), mask(A.In))
print(str(f) == repr(f), f"{f!r}" == repr(f), "%r" % (f,) == repr(f), mask(p).startswith("<__main__.P object at 0x"))


def deco(fn):
    def wrapper(*a):
        return fn(*a)
    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = fn.__qualname__
    return wrapper


@deco
def decorated():
    pass


print(mask(decorated), decorated.__name__, decorated.__qualname__)
A.__qualname__ = "Renamed"
print(mask(A), A.__qualname__, A.__name__)
try:
    f.__name__ = 3
except TypeError as e:
    print(type(e).__name__, e)
