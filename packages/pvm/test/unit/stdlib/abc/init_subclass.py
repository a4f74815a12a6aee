from abc import ABC, ABCMeta, abstractmethod

registry = []


class Plugin(ABC):
    def __init_subclass__(cls, tag="none", **kwargs):
        super().__init_subclass__(**kwargs)
        registry.append((cls.__name__, tag))

    @abstractmethod
    def run(self): ...


class Echo(Plugin, tag="echo"):
    def run(self):
        return "echo"


class Quiet(Plugin):
    def run(self):
        return None


print(registry, Echo().run(), Quiet().run())
Made = ABCMeta("Made", (Plugin,), {"run": lambda self: 1})
print(registry[-1], Made().run())
