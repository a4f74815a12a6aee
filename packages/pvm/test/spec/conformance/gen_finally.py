# try/except/else/finally inside generators: every way through runs the finally clause once.
def handled():
    try:
        yield 1
        raise ValueError("x")
    except ValueError as e:
        print("handled", e)
        yield 2
    finally:
        print("fin handled")
    yield 3


print(list(handled()))


def unhandled():
    try:
        yield 1
        raise KeyError("k")
    finally:
        print("fin unhandled")


try:
    print(list(unhandled()))
except KeyError as e:
    print("KeyError", e)


def with_else():
    try:
        yield 1
    except ValueError:
        print("no")
    else:
        print("else")
        yield 2
    finally:
        print("fin else")


print(list(with_else()))


def returns():
    try:
        yield 1
        return "r"
    finally:
        print("fin return")


g = returns()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)


def swallow():
    try:
        yield 1
        raise ValueError("lost")
    finally:
        return "swallowed"


g = swallow()
next(g)
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)


def closed():
    try:
        yield 1
        yield 2
    finally:
        print("fin closed")


g = closed()
next(g)
g.close()


def context():
    try:
        yield 1
        raise ValueError("first")
    finally:
        try:
            raise TypeError("second")
        except TypeError as e:
            print("context", repr(e.__context__))


g = context()
next(g)
try:
    next(g)
except ValueError as e:
    print("ValueError", e)


def loop():
    for i in range(4):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            yield i
        finally:
            print("fin", i)


print(list(loop()))


def reraise():
    try:
        yield 1
        raise ValueError("inner")
    except ValueError:
        raise RuntimeError("outer")
    finally:
        print("fin reraise")


try:
    list(reraise())
except RuntimeError as e:
    print("RuntimeError", e, repr(e.__context__))
