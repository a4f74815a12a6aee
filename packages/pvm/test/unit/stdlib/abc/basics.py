from abc import ABC, ABCMeta, abstractmethod, abstractproperty
import abc

class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def name(self): ...
    def describe(self):
        return self.name() + " " + str(self.area())

class Half(Shape):
    def area(self): return 1

class Square(Half):
    def __init__(self, s): self.s = s
    def area(self): return self.s * self.s
    def name(self): return "square"

for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print(type(e).__name__, e)
sq = Square(3)
print(sq.describe(), isinstance(sq, Shape), issubclass(Square, Shape), issubclass(Shape, Square))
print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), sorted(Square.__abstractmethods__))

class WithProp(ABC):
    @property
    @abstractmethod
    def value(self): ...
try:
    WithProp()
except TypeError as e:
    print(type(e).__name__, e)
class Impl(WithProp):
    @property
    def value(self): return 42
print(Impl().value)

class Cm(ABC):
    @classmethod
    @abstractmethod
    def make(cls): ...
    @staticmethod
    @abstractmethod
    def util(): ...
try:
    Cm()
except TypeError as e:
    print(type(e).__name__, e)

class Sized(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return hasattr(C, "__len__")
        return NotImplemented
class Box:
    def __len__(self): return 1
print(isinstance(Box(), Sized), isinstance(3, Sized), issubclass(dict, Sized))

class Animal(ABC):
    pass
class Dog:
    pass
Animal.register(Dog)
print(isinstance(Dog(), Animal), issubclass(Dog, Animal), issubclass(int, Animal))
class Mammal(Animal):
    pass
class Cat:
    pass
Mammal.register(Cat)
print(issubclass(Cat, Animal), issubclass(Cat, Mammal), issubclass(Dog, Mammal))
print(Animal.register(Mammal) is Mammal)
try:
    Animal.register(3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Mammal.register(Animal)
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    issubclass(3, Animal)
except TypeError as e:
    print(type(e).__name__, e)

@Animal.register
class Fish:
    pass
print(Fish.__name__, isinstance(Fish(), Animal))
print(type(Shape).__name__, type(ABC).__name__, isinstance(Shape, ABCMeta))

class Legacy(ABC):
    @abstractproperty
    def p(self): ...
try:
    Legacy()
except TypeError as e:
    print(type(e).__name__, e)

class Late(ABC):
    def go(self): pass
def go(self): pass
Late.go = abstractmethod(go)
abc.update_abstractmethods(Late)
try:
    Late()
except TypeError as e:
    print(type(e).__name__, e)
print(abc.get_cache_token() == abc.get_cache_token())

class Mk(ABC):
    @abc.abstractclassmethod
    def build(cls): ...
    @abc.abstractstaticmethod
    def helper(): ...
try:
    Mk()
except TypeError as e:
    print(type(e).__name__, e)
class MkImpl(Mk):
    @classmethod
    def build(cls): return cls.__name__
    @staticmethod
    def helper(): return 7
print(MkImpl.build(), MkImpl.helper(), MkImpl().build())
