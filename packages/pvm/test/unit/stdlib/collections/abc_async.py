# collections.abc recognises the builtin async_generator and coroutine types (CPython registers them).
import collections.abc as cabc
async def ag():
    yield 1
async def co():
    return 1
def g():
    yield 1
a = ag(); c = co(); gg = g()
for name in ["AsyncGenerator", "AsyncIterator", "AsyncIterable", "Coroutine", "Awaitable", "Generator", "Iterator", "Iterable"]:
    T = getattr(cabc, name)
    print(name, isinstance(a, T), isinstance(c, T), isinstance(gg, T), issubclass(type(a), T))
c.close()
