if (n := len(a)) > 10:
    pass
while chunk := read():
    pass
print(x := 1)
foo(a, b := 2)
data = [y for x in z if (y := f(x))]
a[b := 1]
def g():
    x = yield
    y = yield 1
    z = yield from w
    yield a, *b
    return (yield)
async def h():
    x = await y
    z = [await a async for a in b]
    await asyncio.sleep(1)
    return await (await c)
