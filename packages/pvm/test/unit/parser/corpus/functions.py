def f():
    pass

def g(a, b=1, *args, c, d=2, **kwargs) -> int:
    return a

def h(a, /, b, *, c):
    return

def i(a: int, b: "str" = "x", *args: int, **kw: float) -> None:
    ...

def j(*, a=1, b):
    pass

def k(a, b, /):
    pass

def l(a=1, /, b=2, *c, d, e=3, **f):
    pass

@decorator
def m():
    pass

@a.b.c
@d(1, 2)
@e[0]
@(lambda f: f)
def n():
    pass

async def o():
    await x
    async for a in b:
        pass
    async with c as d:
        pass
    async for a in b:
        pass
    else:
        pass
    return await y

def gen():
    yield
    yield 1
    yield 1, 2
    x = yield
    y = yield from z
    await_ = (yield)
    return (yield x)

def outer():
    x = 1
    def inner():
        nonlocal x
        global y
        x = 2
    return inner

def one_liner(): return 1

@decorator
async def p(): pass

def q(a, b, *args, **kwargs,):
    pass

def r(
    a,
    b,
):
    pass

lambda_default = lambda a=(1, 2): a
