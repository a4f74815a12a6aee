from dataclasses import dataclass
from typing import Optional
def f(x: int | None = None) -> int | None:
    return x
print(f(3))
@dataclass
class P:
    x: int | None = None
    y: "str | bytes" = ""
print(P())
class C: pass
U = int | str
print(U, int | None, None | int, int | int, int | str | int, C | None)
print(isinstance(3, U), isinstance(b"", U), isinstance(None, int | None), issubclass(bool, int | str))
print(U == (str | int), U == (int | None), hash(U) == hash(str | int), type(U).__name__, U.__args__)
print((int | None).__args__, {U: 1}[str | int])
s = slice(1, 5, 2)
print(s.start, s.stop, s.step, range(2, 9, 3).start, range(2, 9, 3).stop, range(2, 9, 3).step)
try:
    int | 3
except TypeError as e:
    print(type(e).__name__, e)
print(Optional[int] | None, int | Optional[str])
