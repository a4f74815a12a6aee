from collections import namedtuple

Point = namedtuple('Point', ['x', 'y'])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[1], len(p), tuple(p), p == (1, 2), isinstance(p, tuple), hash(p) == hash((1, 2)))
x, y = p
print(x, y, Point._fields, Point.__name__, p._asdict(), p._replace(x=10), Point._make([3, 4]))
print(Point.__doc__, Point.x.__doc__, p + (3,), p * 2, p[:1], sorted([Point(2, 1), Point(1, 5)]))
P3 = namedtuple('P3', 'a b c', defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults, P3.__new__.__doc__)
P4 = namedtuple('P4', 'a, b')
print(P4(1, 2))
R = namedtuple('R', ['abc', 'def', 'abc', '_x', '1y'], rename=True)
print(R._fields)
for bad in [('A', ['class']), ('A', ['_x']), ('A', ['x', 'x']), ('1A', ['x']), ('A', ['x y'])]:
    try:
        namedtuple(*bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    namedtuple('A', 'x y', defaults=[1, 2, 3])
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, 2, z=3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, x=3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point._make([1])
except TypeError as e:
    print(type(e).__name__, e)
try:
    p._replace(z=1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    p.x = 5
except AttributeError as e:
    print(type(e).__name__)

class Vec(namedtuple('Vec', 'x y')):
    __slots__ = ()
    def norm1(self):
        return abs(self.x) + abs(self.y)
    def __repr__(self):
        return f'Vec<{self.x},{self.y}>'
v = Vec(3, -4)
print(v, v.norm1(), v._replace(x=0), type(v._replace(x=0)).__name__, Vec._make((1, 1)).norm1())
E = namedtuple('E', [])
print(E(), len(E()))
T1 = namedtuple('T1', 'only')
print(T1(5), T1.__doc__)
match p:
    case Point(x=1, y=yy):
        print('matched', yy)
match Point(7, 8):
    case Point(a, b):
        print('positional', a, b)
