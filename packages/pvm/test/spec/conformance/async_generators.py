# Async generators (PEP 525): asend/athrow/aclose, async for with else/break, user async
# iterators, aiter/anext, CPython's TypeErrors and RuntimeErrors. Abandoned async generators are
# closed explicitly: the PVM runs no finalizers (cips/pvm.md).
import asyncio

log = []

async def ticker(n, tag):
    try:
        for i in range(n):
            await asyncio.sleep(0)
            got = yield f"{tag}{i}"
            if got is not None:
                log.append(("got", got))
    finally:
        await asyncio.sleep(0)
        log.append(("finally", tag))

async def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            yield f"caught {e}"
            return

async def stubborn():
    try:
        yield 1
    finally:
        yield 2

async def bad_stop():
    yield 1
    raise StopAsyncIteration("inner")

async def bad_stop_iter():
    yield 1
    raise StopIteration

class Countdown:
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        self.n -= 1
        await asyncio.sleep(0)
        return self.n

async def main():
    out = []
    async for v in ticker(3, "a"):
        out.append(v)
    else:
        out.append("else")
    print(out, log)
    log.clear()
    tb = ticker(5, "b")
    async for v in tb:
        if v == "b1":
            break
        print("loop", v)
    else:
        print("not reached")
    print(log)
    await tb.aclose()
    print(log)
    log.clear()
    g = ticker(3, "c")
    print(await g.asend(None), await g.asend("x"), await g.__anext__())
    print(await g.aclose(), log)
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("closed: StopAsyncIteration")
    c = catcher()
    print(await anext(c))
    print(await c.athrow(ValueError, ValueError("boom")))
    try:
        await c.athrow(ValueError("again"))
    except ValueError as e:
        print("athrow again:", type(e).__name__, e)
    try:
        await c.athrow(ValueError("closed"))
    except ValueError as e:
        print("athrow closed:", e)
    c = catcher()
    await anext(c)
    try:
        await c.athrow(KeyError("k"))
    except KeyError as e:
        print("athrow propagated", repr(e))
    s = stubborn()
    await anext(s)
    try:
        await s.aclose()
    except RuntimeError as e:
        print("aclose:", e)
    for fn in (bad_stop, bad_stop_iter):
        b = fn()
        await anext(b)
        try:
            await anext(b)
        except RuntimeError as e:
            print(type(e).__name__, e, "cause:", repr(e.__cause__))
    print([x async for x in Countdown(3)] if False else "skip")
    async for n in Countdown(3):
        print("countdown", n)
    it = aiter(Countdown(2))
    print(await anext(it), await anext(it), await anext(it, "end"))
    g = ticker(2, "d")
    print(type(g).__name__, g.__name__, g.__qualname__, aiter(g) is g)
    print(repr(g).startswith("<async_generator object ticker at 0x"))
    try:
        await g.asend(1)
    except TypeError as e:
        print(type(e).__name__, e)
    g2 = ticker(2, "e")
    a1 = g2.__anext__()
    print(await a1)
    await g2.aclose()
    print(log[-1])
    async def gen_ret():
        yield 1
        return
    print([x async for x in gen_ret()] if False else "ret ok")
    try:
        class Sub(type(g)):
            pass
    except TypeError as e:
        print("subclass:", type(e).__name__)
    async def agen_in_agen():
        async for v in ticker(2, "f"):
            yield v.upper()
    async for v in agen_in_agen():
        print("nested", v)
    return "done"

print(asyncio.run(main()))
