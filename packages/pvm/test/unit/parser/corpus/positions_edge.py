result = (
    first  # comment inside
    + second
)
value = f(
    a,
    *b,
    c=d,
    **e,
)[
    1:2
].attr
chain = a < b < c != d
neg = - x
s = a[1:2:3, ..., None]
t = a[(1, 2)]
u = a[b:c]
v = a[:, 1]
w = x[lambda: 1]
big = [
    [1, 2],
    {3: 4},
    (5,),
]
call = f(x)(y)[z].w(
    k=v
)
text = ("implicit "
        "concatenation "
        f"with {value} "
        'mixed')
astral = "𝔘𝔫𝔦" + f"{'𝔠𝔬𝔡𝔢'}" + x  # non-BMP before code
x = 𝔘 = 1
y = [𝔘 for 𝔘 in range(3)]
def g(a=lambda: 0, *, b=(yield_ := 1)):
    global gx, gy
    return *a, b
for *h, t in x: pass
for x, in y: pass
z = yield_, *rest = 1, 2, 3
q = not not x
r = (not x) == y
e1 = a if b else c if d else e
e2 = [*a, *b]
e3 = {**a, 'b': 1, **c}
e4 = {*a, *b}
e5 = print(*a, sep='')
e6 = (yield_ for yield_ in x)
e7 = a @ b @ c
e8 = a ** -b ** c
e9 = ~-+x
e10 = a.b.c.d
e11 = 1 .real
e12 = 1.0.hex()
e13 = 0x10.bit_length
e14 = x[1][2][3]
e15 = "".join
e16 = type(x)(y)
e17 = (a)(b)
e18 = ((a, b), [c, d])
e19 = [i for i in range(3) if i if i > 0 for j in range(i)]
