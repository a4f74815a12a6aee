def countdown(n):
    while n > 0:
        yield n
        n -= 1

print(list(countdown(5)), sum(countdown(4)), max(countdown(3)))

def echo():
    received = []
    try:
        while True:
            v = yield len(received)
            received.append(v)
    except GeneratorExit:
        print("closing with", received)
        raise

g = echo()
print(next(g), g.send("a"), g.send("b"))
g.close()

def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            yield f"caught {e}"

c = catcher()
print(next(c), c.throw(ValueError("boom")), next(c))

def inner():
    x = yield 1
    y = yield x * 2
    return x + y

def outer():
    result = yield from inner()
    yield f"inner returned {result}"

o = outer()
print(next(o), o.send(10), o.send(5))

def flatten(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x
print(list(flatten([1, [2, [3, 4], 5], [[6]]])))

def fin():
    try:
        yield 1
        yield 2
    finally:
        print("gen finally")
# The PVM has no finalizers: a generator abandoned mid-loop is not closed implicitly
# (CPython closes it when its refcount drops). Close explicitly, which works in both.
fg = fin()
for v in fg:
    print("got", v)
    break
fg.close()

gen = (i * i for i in range(5) if i % 2)
print(list(gen), list(gen))
it = iter([1, 2, 3])
print(next(it), list(it), next(it, "default"))

class Squares:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        self.i = 0
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i ** 2
print(list(Squares(4)), [s for s in Squares(2)], 9 in Squares(3))

def pipeline():
    nums = (n for n in range(20))
    evens = (n for n in nums if n % 2 == 0)
    sq = (n * n for n in evens)
    return list(sq)
print(pipeline())

import_free = list(zip(countdown(3), "abc"))
print(import_free, list(enumerate(countdown(2))))

async def add(a, b):
    return a + b

async def main():
    x = await add(1, 2)
    y = await add(x, 10)
    return [x, y]

co = main()
try:
    co.send(None)
except StopIteration as e:
    print("async result", e.value)

def early():
    yield 1
    return "stopped"
e = early()
next(e)
try:
    next(e)
except StopIteration as s:
    print("return value:", s.value)

def bad():
    yield 1
    raise StopIteration("inner")
try:
    list(bad())
except RuntimeError as err:
    print("RuntimeError:", err)

def guarded(items):
    for it in items:
        try:
            yield 10 // it
        except ZeroDivisionError as err:
            yield f"skip ({err})"
            try:
                raise ValueError("in handler")
            except ValueError as inner:
                yield repr(inner.__context__)
print(list(guarded([5, 0, 2])))

# except in a generator checks its classes as everywhere (TypeError for a non-exception class).
def g_except(kind):
    try:
        yield 1
        raise ValueError("v")
    except kind:
        yield "caught"

for kind in (ValueError, (KeyError, ValueError), 5, int, (KeyError, str)):
    try:
        print(list(g_except(kind)))
    except TypeError as e:
        print("TypeError:", e)
    except ValueError as e:
        print("ValueError:", e)
