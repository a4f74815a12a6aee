class A:
    pass

class B(A):
    x = 1

    def method(self):
        return self.x

class C(A, B, metaclass=Meta, **kw):
    """Docstring."""

    @property
    def p(self):
        return 1

    @staticmethod
    def s():
        pass

    class Inner:
        pass

class D(): pass

@dataclass
class E:
    x: int
    y: str = "a"

class F(*bases):
    pass
