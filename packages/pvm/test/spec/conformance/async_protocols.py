import asyncio

class Resource:
    def __init__(self, name):
        self.name = name
    async def __aenter__(self):
        print("open", self.name)
        await asyncio.sleep(0)
        return self
    async def __aexit__(self, et, ev, tb):
        print("close", self.name, et.__name__ if et else None)
        return et is KeyError

class Ticker:
    def __init__(self, n):
        self.n = n
        self.i = 0
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        await asyncio.sleep(0)
        return self.i * 10

async def main():
    out = []
    async with Resource("a") as r, Resource("b"):
        async for v in Ticker(3):
            out.append(v)
    async with Resource("c"):
        raise KeyError("swallowed")
    try:
        async with Resource("d"):
            raise ValueError("kept")
    except ValueError as e:
        out.append(str(e))
    async for v in Ticker(5):
        if v > 20:
            break
        out.append(v)
    else:
        out.append("no-break")
    return out

print(asyncio.run(main()))
