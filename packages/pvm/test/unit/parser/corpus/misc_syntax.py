# comments
x = 1  # trailing comment

# blank lines with whitespace
   
y = (1 +
     2)
z = 1 + \
    2
w = [
    1,
    2,  # comment
]
if x:
	pass
v = {
    'a': 1,
}
def f(): pass; pass
class C: x = 1; y = 2
for i in x: pass
while 0: pass
with a: pass
try: pass
except: pass
u = x if x else y
t = not x
s = x is not y
r = x not in y
q = f(a)[b].c
p = a @ b
o = a.b if c.d else e.f
