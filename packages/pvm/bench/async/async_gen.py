# Async generators, async for and async comprehensions, driven without an event loop (send(None)
# until StopIteration), so the same source runs under CPython and the PVM.
async def numbers(n):
    for i in range(n):
        yield i


async def squares(n):
    async for x in numbers(n):
        yield x * x


async def work(n):
    total = 0
    async for s in squares(n):
        total += s
    evens = [x async for x in numbers(n) if x % 2 == 0]
    return total + len(evens)


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


def bench():
    return run(work(20000))
