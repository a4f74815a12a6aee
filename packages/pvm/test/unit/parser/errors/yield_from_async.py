async def f():
    yield 1
    yield from g()
