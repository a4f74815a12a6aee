x = 1
x = y = z = 2
a, b = 1, 2
(a, b) = c
[a, b] = c
a, *b = c
*a, b = c
[a, [b, *c]] = d
a.b = 1
a[0] = 1
a[1:2] = b
x += 1
x -= 1
x *= 2
x /= 2
x //= 2
x %= 2
x **= 2
x @= m
x &= 1
x |= 1
x ^= 1
x <<= 1
x >>= 1
a.b += 1
a[0] -= 1
x: int
x: int = 5
a.b: str = "s"
a[0]: int
(x): int = 1
pass
del x
del x, y
del a.b, a[0], (c, d), [e]
assert x
assert x, "msg"
import os
import os.path
import os.path as p, sys
from os import path
from os import path as p, sep
from . import x
from .. import y
from ...a.b import c
from .... import d
from os import (a, b,)
from x import *
global_var = 1
x = yield_ = 3
a = b; c = d;
print(x); print(y)
x = 1 if y else 2
f()
a.b.c
x
