class OrderedMeta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, [b.__name__ for b in bases], sorted(kw))
        d = {"injected": 42}
        return d
    def __new__(mcls, name, bases, ns, **kw):
        print("new", name, sorted(k for k in ns if not k.startswith("__")))
        return super().__new__(mcls, name, bases, ns)
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
class A(metaclass=OrderedMeta, flag=1):
    x = 1
    y = injected + 1
    def m(self):
        return self.y
print(A.injected, A.y, A().m())
class Rec(dict):
    def __init__(self):
        super().__init__()
        self.order = []
    def __setitem__(self, k, v):
        self.order.append(k)
        super().__setitem__(k, v)
class RecMeta(type):
    def __prepare__(name, bases):
        return Rec()
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = [k for k in ns.order if not k.startswith("__")]
        return cls
class B(metaclass=RecMeta):
    b = 2
    a = 1
    def z(self): pass
print(B.order, B.a)
class Bad(type):
    @classmethod
    def __prepare__(m, name, bases):
        return 5
try:
    class C(metaclass=Bad):
        pass
except TypeError as e:
    print(type(e).__name__, e)
class AnnMeta(type):
    @classmethod
    def __prepare__(m, name, bases):
        return Rec()
class H(metaclass=AnnMeta):
    a: int = 1
    b: str
    del a
print(sorted(H.__annotations__), hasattr(H, "a"))
class Plain(metaclass=AnnMeta):
    def f(self):
        return __class__.__name__
print(Plain().f())
