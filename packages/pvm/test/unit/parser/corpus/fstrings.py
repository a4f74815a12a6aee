name = "x"
width = 10
prec = 3
value = 3.14159
a = f"hello {name}"
b = f'{name!r} {name!s} {name!a}'
c = f"{value:{width}.{prec}f}"
d = f"{{literal}} {name}}}"
e = f"{name=}"
f = f"{ name = }"
g = f"{value=:.2f}"
h = f"{name!r:>10}"
i = f"{'nested'} {'x' if name else 'y'}"
j = f"""{name}
{width +
  prec}"""
k = "plain " f"{name}" " tail"
l = rf"raw {name} \n"
m = F"{name}" fR'{width}\t'
n = f""
o = f"{value:}"
p = f"{a}{b}{c}"
q = f"é{name}😀{width}"
r = f"{[1, 2][0]} {({'k': 1})['k']} {(lambda x: x)(1)}"
s = f"{width:#x} {name:{'>'}{width}}"
t = f"\x41{name}\n"
u = f"{name = !r}"
v = f"{3.5:.{prec}}"
w = f"{ {'a': 1}['a'] }"
x = f"{name:=^10}"
y = f'{value!r:^{width}}' 'tail' f'{name}'
z = f"{yield_ if (yield_ := 1) else 0}"
aa = f"{name,}"
bb = f"ab{ width, *a }"
cc = f"{name, width!r:>{width}}"
