# yield in expression positions: unary, comparisons (chained, short-circuit), and/or, conditional
# expressions, attribute and subscript loads, dict displays.
class O:
    a = 5
def g():
    x = -(yield "neg")
    print("neg", x)
    print("cmp", (yield "c1") < (yield "c2") < (yield "c3"))
    print("cmp-short", 5 < (yield "s1") < (yield "never?"))
    print("not", not (yield "not"))
    print("and/or", (yield "a1") and (yield "a2"), (yield "o1") or (yield "o2"))
    print("ifexp", (yield "t") if (yield "test") else (yield "f"))
    print("attr", (yield "obj").a)
    print("sub", (yield "seq")[(yield "idx")])
    d = {(yield "k1"): (yield "v1"), "z": (yield "v2")}
    print("dict", d)
    return "done"
sends = iter([None, 3, 1, 2, 3, 9, 0, True, 0, 7, 1, "yes", O(), [10, 20, 30], -1, "key", "val", "zv"])
gen = g()
try:
    y = gen.send(next(sends))
    while True:
        print("yielded", y)
        y = gen.send(next(sends))
except StopIteration as e:
    print("stop", e.value)
def h():
    def f(a, b=0, *, c=1):
        return (a, b, c)
    print("call", f((yield "pa"), c=(yield "kc"), b=(yield "kb")))
    print("set", sorted({(yield "s1"), (yield "s2"), 1}))
hg = h()
print(next(hg), hg.send(1), hg.send(2), hg.send(3), hg.send(4))
try:
    hg.send(5)
except StopIteration:
    print("h done")
