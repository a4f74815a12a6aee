
def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if getattr(value, "__isabstractmethod__", False):
        return True
    if isinstance(value, property):
        for part in (value.fget, value.fset, value.fdel):
            if part is not None and getattr(part, "__isabstractmethod__", False):
                return True
        return False
    if isinstance(value, (classmethod, staticmethod)):
        return bool(getattr(value.__func__, "__isabstractmethod__", False))
    return False


# The PVM's classmethod/staticmethod/property types cannot be subclassed: the deprecated
# abstract* helpers are factories returning the builtin descriptor around an abstract function.
def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    for part in (fget, fset, fdel):
        if part is not None:
            part.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


def _compute_abstracts(cls, namespace_items):
    abstracts = []
    for name, value in namespace_items:
        if _is_abstract(value):
            abstracts.append(name)
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            if name in abstracts:
                continue
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.append(name)
    return frozenset(abstracts)


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls, namespace.items())
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def __call__(cls, *args, **kwargs):
        abstracts = cls.__abstractmethods__
        if abstracts:
            names = sorted(abstracts)
            plural = "s" if len(names) > 1 else ""
            raise TypeError(
                "Can't instantiate abstract class " + cls.__name__
                + " with abstract method" + plural + " " + ", ".join(names)
            )
        return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        if cls in subclass.__mro__:
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                return True
        for scls in cls._abc_subclasses:
            if issubclass(subclass, scls):
                return True
        return False

    def _dump_registry(cls, file=None):
        print("Class: " + cls.__module__ + "." + cls.__qualname__)


class ABC(metaclass=ABCMeta):
    __slots__ = ()


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls, vars(cls).items())
    return cls
