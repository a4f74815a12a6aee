# yield/await in f-strings, slices, *args/**kw and display unpacking, walrus, comprehension first
# iterables, and statements (augmented attribute/subscript targets, annotated assignment,
# multi-item with, del, assert, raise).
import asyncio
class O: pass
class CM:
    def __init__(s, n): s.n = n
    def __enter__(s): print("enter", s.n); return s.n
    def __exit__(s, *a): print("exit", s.n)
def g():
    print("comp", [x * 2 for x in (yield "it")])
    print("walrus", (y := (yield "w")), y)
    print("genexp", list(x for x in (yield "ge")))
    o = O(); o.a = 1
    o.a += (yield "aug-attr")
    d = {"k": 1}
    d["k"] += (yield "aug-sub")
    print(o.a, d)
    z: int = (yield "ann")
    print("ann", z)
    with CM(1) as a, CM((yield "with2")) as b:
        print("in", a, b)
    lst = [1, 2, 3]
    del lst[(yield "del")]
    print(lst)
    assert (yield "assert"), "msg"
    try:
        assert (yield "assert2"), (yield "amsg")
    except AssertionError as e:
        print("assert", e)
    try:
        raise (yield "raise")
    except ValueError as e:
        print("caught", repr(e))
    print("tuplesub", {(1, 2): "t"}[1, (yield "ts")])
    return "end"
gen = g()
vals = [None, [1, 2], 5, "ab", 10, 20, 7, 2, 0, True, 0, "why", ValueError("v"), 2]
try:
    for v in vals:
        print("->", gen.send(v))
except StopIteration as e:
    print("stop", e.value)
async def am():
    async def val(x):
        await asyncio.sleep(0)
        return x
    print(f"f {await val(1)} {await val('s')!r:>5}")
    print([1, 2, 3][await val(1):])
    print(*(await val([1, 2])), sep="-")
    print({**(await val({"a": 1}))})
asyncio.run(am())
def g():
    x = f"a{(yield 1)}b{(yield 2)!r:>{(yield 3)}}"
    print(x)
    a = [1,2,3,4]
    print(a[(yield 4):(yield 5)])
    def f(*a, **k): return a, k
    print(f(*(yield 6), **(yield 7)))
    print([*(yield 8), 0], {**(yield 9)}, {*(yield 10)})
gen = g()
print(next(gen))
for v in ["X", "Y", 5, 1, 3, (1,2), {"k": 1}, (4,), {"z": 2}, [7]]:
    try:
        print(gen.send(v))
    except StopIteration: print("stop")
