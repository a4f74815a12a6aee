# yield/await in def, class and lambda headers, match statements, except*, assignment, for and
# with targets, del of tuples, and await in an async with's context expression.
import asyncio

def deco(tag):
    def wrap(fn):
        fn.tag = tag
        return fn
    return wrap

class Base:
    kind = "base"

def headers():
    @deco((yield "deco"))
    def f(a=(yield "default"), *, b=(yield "kwdefault")):
        return a, b
    print("def", f(), f.tag)
    lam = lambda q=(yield "lamdef"), *, r=(yield "lamkw"): (q, r)
    print("lambda", lam())
    class C((yield "base")):
        pass
    print("class", C.__name__, C.kind, C.__mro__[1].__name__)
    x: int
    return "headers done"

def matching():
    match (yield "subject"):
        case [a, *rest] if (yield "guard"):
            print("seq", a, rest)
            yield "in-case"
        case {"k": v}:
            print("map", v)
            yield "in-map"
        case _:
            print("other")
    for value in ([1, 2], {"k": 9}, "x"):
        match value:
            case [p, q]:
                yield f"pair {p} {q}"
            case {"k": v}:
                yield f"map {v}"
            case str() as s:
                yield f"str {s}"

def star():
    try:
        yield "before"
        raise ExceptionGroup("eg", [ValueError("v"), KeyError("k"), TypeError("t")])
    except* ValueError as e:
        yield f"value {len(e.exceptions)}"
    except* KeyError:
        yield "key"
    except* TypeError as e:
        print("type", repr(e.exceptions[0]))
    finally:
        yield "finally"

def targets():
    d = {}
    lst = [0, 0, 0]
    class O:
        pass
    o = O()
    d[(yield "key")] = (yield "value")
    o.attr, lst[(yield "idx")] = (yield "pair")
    for d[(yield "forkey")] in range(2):
        pass
    print(d, lst, o.attr)
    a = [1, 2, 3, 4]
    b = {"x": 1, "y": 2}
    del (a[(yield "del1")], b[(yield "del2")])
    print(a, b)
    class CM:
        def __enter__(self):
            return 42
        def __exit__(self, *a):
            return False
    with CM() as d[(yield "withkey")]:
        pass
    print(d)

def drive(gen, sends):
    out = []
    try:
        out.append(next(gen))
        for s in sends:
            out.append(gen.send(s))
    except StopIteration as e:
        out.append(("stop", e.value))
    print(out)

drive(headers(), ["D", 1, 2, 3, 4, Base])
drive(matching(), [[1, 2, 3], True, None, None, None, None])
drive(matching(), [{"k": 5}, None, None, None, None])
drive(star(), [None, None, None, None])
drive(targets(), ["k", "v", ("A", 7), 1, "fk", "fk2", 0, "x", "wk"])

class Res:
    def __init__(self, n):
        self.n = n
    async def __aenter__(self):
        return self.n
    async def __aexit__(self, *a):
        return False

async def make(n):
    await asyncio.sleep(0)
    return Res(n)

async def main():
    async with (await make(3)) as n, (await make(4)) as m:
        print("async with", n, m)
    cache = {}
    async def key():
        return "kk"
    cache[await key()] = await make(1)
    print(list(cache), cache["kk"].n)
asyncio.run(main())
