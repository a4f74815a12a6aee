# The synchronous twin of async_gen.py: the same work with generators, for and a comprehension.
def numbers(n):
    for i in range(n):
        yield i


def squares(n):
    for x in numbers(n):
        yield x * x


def work(n):
    total = 0
    for s in squares(n):
        total += s
    evens = [x for x in numbers(n) if x % 2 == 0]
    return total + len(evens)


def bench():
    return work(20000)
