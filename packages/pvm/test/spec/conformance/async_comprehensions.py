# Asynchronous comprehensions (PEP 530): list/set/dict forms, await in elements and conditions,
# nested and mixed sync/async clauses, async generator expressions, errors inside them.
import asyncio

async def ag(n, tag=""):
    for i in range(n):
        await asyncio.sleep(0)
        yield f"{tag}{i}" if tag else i

async def val(x):
    await asyncio.sleep(0)
    return x

class Pairs:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return (self.i, self.i * self.i)

async def main():
    print([x async for x in ag(4)])
    print(sorted({x % 2 async for x in ag(5)}))
    print({k: v async for k, v in Pairs(3)})
    print([await val(x) * 10 for x in range(3)])
    print([x for x in range(6) if await val(x % 3)])
    print([(x, y) async for x in ag(2) async for y in ag(2, "y") if y != "y0"])
    print([[y async for y in ag(x)] for x in range(3)])
    print([(x, c) async for x in ag(4) if x % 2 for c in "ab"])
    print({x: [await val(x)] async for x in ag(2)})
    print([f"{await val(x)}!" async for x in ag(2)])
    print([x async for x in ag(await val(3))])
    ge = (x * 2 async for x in ag(3))
    print(type(ge).__name__, ge.__name__, ge.__qualname__)
    print(await anext(ge), [x async for x in ge])
    ge2 = (await val(x) for x in [7, 8])
    print(type(ge2).__name__, [x async for x in ge2])
    ge3 = (x async for x in ag(3))
    print(await ge3.asend(None), await ge3.aclose())
    try:
        await anext(ge3)
    except StopAsyncIteration:
        print("closed genexp")
    total = 0
    async for s in (x + 1 async for x in ag(4)):
        total += s
    print("total", total)
    n = 5
    print([x + n async for x in ag(2)])
    try:
        print([x async for x in 42])
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        print([x async for x in range(3)])
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        print([1 / x async for x in ag(2)])
    except ZeroDivisionError as e:
        print(type(e).__name__, e)
    try:
        print((x async for x in 42))
    except TypeError as e:
        print(type(e).__name__, e)
    x = "outer"
    print([x async for x in ag(1)], x)
    return "done"

def sync_maker():
    # An async generator expression may be created outside async functions.
    return (x async for x in ag(2))

async def consume():
    return [x async for x in sync_maker()]

print(asyncio.run(main()))
print(asyncio.run(consume()))
