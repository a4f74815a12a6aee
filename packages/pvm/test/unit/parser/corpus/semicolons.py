def f():
    x = 1; pass; del x;
if x: pass;
class C:
    a = 1;
for i in x:
    pass
else:
    y = 2;  # trailing
