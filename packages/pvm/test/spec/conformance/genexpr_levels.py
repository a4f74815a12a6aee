g = (x * y for x in range(3) if x for y in range(x))
print(list(g), list(g))
g = (x for x in [1, 2])
print(next(g), next(g), next(g, "end"))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
def f():
    return (yield from (i for i in range(2)))
print(list(f()))
print(sum(i * 0.5 for i in range(10)), any(x > 3 for x in range(5)))
