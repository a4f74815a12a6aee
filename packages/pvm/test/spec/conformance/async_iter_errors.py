# The TypeErrors of async for / aiter / anext and the async generator awaitables' types and states.
import asyncio
class A:
    def __aiter__(self): return 5
class B:
    def __aiter__(self): return self
    def __anext__(self): return 7
async def main():
    for obj in [5, A(), B()]:
        try:
            async for x in obj: pass
        except TypeError as e: print(type(e).__name__, e)
    for obj in [5, A()]:
        try: aiter(obj)
        except TypeError as e: print(type(e).__name__, e)
    try: anext(5)
    except TypeError as e: print(type(e).__name__, e)
    async def ag():
        yield 1
    g = ag()
    print(type(g).__name__, type(g.__anext__()).__name__, type(g.athrow(ValueError)).__name__, type(g.aclose()).__name__, type(anext(g, 0)).__name__)
    print(await anext(g), await anext(g, "dflt"))
    try: await anext(g)
    except StopAsyncIteration as e: print("SAI", repr(e))
    g = ag()
    try: await g.athrow(ValueError("fresh"))
    except ValueError as e: print("athrow fresh", e)
    print(await g.asend(None) if False else "x")
    try: print(await g.asend(None))
    except StopAsyncIteration: print("closed after athrow fresh")
    g = ag()
    print(await g.aclose(), await g.aclose())
    g = ag(); await anext(g)
    try: await anext(g)
    except StopAsyncIteration: print("exhausted")
    try: await g.athrow(KeyError("k"))
    except BaseException as e: print("athrow exhausted", type(e).__name__, e)
    print(await g.aclose())
    g = ag()
    try: await g.asend(3)
    except TypeError as e: print(e)
    print(g.__name__, g.__qualname__, repr(g)[:40])
asyncio.run(main())
