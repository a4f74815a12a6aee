class Registry(type):
    classes = []
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.classes.append(name)
        cls.tag = kw.get("tag", "none")
        return cls
    def __call__(cls, *args, **kwargs):
        inst = super().__call__(*args, **kwargs)
        inst.created_by_meta = True
        return inst
class A(metaclass=Registry, tag="a"):
    def __init__(self, x):
        self.x = x
class B(A):
    pass
a = B(3)
print(Registry.classes, A.tag, B.tag, a.x, a.created_by_meta, type(A).__name__, isinstance(A, Registry))
class WithNew:
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.args = args
        return inst
print(WithNew(1, 2).args)
class Singleton:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
print(Singleton() is Singleton())

class VirtualMeta(type):
    registered = []
    def register(cls, sub):
        VirtualMeta.registered.append(sub)
        return sub
    def __instancecheck__(cls, obj):
        return type(obj) in VirtualMeta.registered
    def __subclasscheck__(cls, sub):
        return sub in VirtualMeta.registered
class Interface(metaclass=VirtualMeta):
    pass
class Impl:
    pass
Interface.register(Impl)
print(isinstance(Impl(), Interface), isinstance(1, Interface), issubclass(Impl, Interface), issubclass(int, Interface))
