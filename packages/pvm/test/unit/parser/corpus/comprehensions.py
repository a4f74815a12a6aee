a = [x for x in y]
b = [x * 2 for x in range(10) if x % 2 if x > 3]
c = {x for x in y}
d = {k: v for k, v in items}
e = (x for x in y)
f = [x + y for x in a for y in b]
g = [[j for j in range(i)] for i in range(5)]
h = [(x, y) for x, y in pairs]
i = {x: [y for y in x] for x in z if x}
j = [y for (x, *y) in z]
k = sum(x for x in range(10))
l = [y := x for x in z]
m = [x for x in (a if b else c)]
n = [x for x in a or b]
o = [lambda: x for x in y]
async def agen():
    p = [x async for x in aiter()]
    q = {x: y async for x, y in aiter()}
    r = (await x for x in y)
    s = [await x for x in y]
