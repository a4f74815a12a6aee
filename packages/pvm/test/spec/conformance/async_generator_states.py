# Async generator awaitables are single-use; athrow's argument errors; two pending __anext__ awaitables.
import asyncio
async def ag():
    yield 1
    yield 2
async def main():
    g = ag()
    a = g.__anext__()
    print(await a)
    try:
        await a
    except RuntimeError as e:
        print(type(e).__name__, e)
    c = g.aclose()
    await c
    try:
        await c
    except RuntimeError as e:
        print(type(e).__name__, e)
    g = ag()
    a = g.asend(None)
    try:
        print(a.send(None))
    except StopIteration as e:
        print("StopIteration", e.value)
    try:
        a.send(None)
    except RuntimeError as e:
        print(type(e).__name__, e)
    try:
        await g.athrow()
    except TypeError as e:
        print(type(e).__name__, e)
    g = ag()
    try:
        await g.athrow(1)
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        await g.athrow(ValueError, 5)
    except ValueError as e:
        print(type(e).__name__, e)
    g = ag()
    a1 = g.__anext__()
    a2 = g.__anext__()
    print(await a1, await a2)
asyncio.run(main())
