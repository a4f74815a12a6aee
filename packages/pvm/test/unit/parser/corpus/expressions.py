a = x + y * z - w / v // u % t @ s
b = -x ** -y
c = ~x << 2 >> 1 & 3 | 4 ^ 5
d = not a and b or c and not d
e = a < b <= c > d >= e == f != g
f = a in b not in c is d is not e
g = x if y else z if w else v
h = lambda: 0
i = lambda x, y=1, *args, z, w=2, **kw: x
j = lambda x, /, y, *, z: x
k = lambda *, a: a
l = (x := 10)
m = [y := f(x), y ** 2]
n = a.b.c(d)[e](f, *g, h=i, **j)
o = f(x for x in y)
p = f(*a, *b, c=1, **d, **e)
q = await_ = 1
r = a[1:2, ::3]
s = a[:]
t = a[1:]
u = a[::2]
v = a[x, y]
w = a[1:2:3]
x = a[...]
y = a[*b]
z = (1, 2, 3)
aa = 1, 2, 3,
bb = ()
cc = (1,)
dd = [1, *a, 2]
ee = {1, *a}
ff = {'a': 1, **b, 'c': 2}
gg = {}
hh = (((x)))
ii = a if b else (c if d else e)
jj = f(a)(b)(c)
kk = x.y[z].w
ll = -(-(-1))
mm = +x
nn = 2 ** 3 ** 4
oo = a or b or c
pp = a and b and c
qq = (a or b) and c
rr = None, True, False, ...
ss = f(a, b=1)
tt = f(
    a,
    b,
)
uu = x[1, 2:3, ...]
vv = lambda: (yield)
