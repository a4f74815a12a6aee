def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        raise KeyError("k")
    return n

for n in range(3):
    try:
        r = risky(n)
    except ValueError as e:
        print("VE", e, e.args)
    except (KeyError, IndexError) as e:
        print("lookup", repr(e), str(e))
    else:
        print("ok", r)
    finally:
        print("finally", n)

def f():
    try:
        return "try"
    finally:
        print("cleanup")
print(f())

def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("fin", i)
g()

class MyError(Exception):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code

try:
    raise MyError(7)
except Exception as e:
    print(type(e).__name__, e, e.code, isinstance(e, Exception))

try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(e, type(e.__cause__).__name__, e.__suppress_context__)

try:
    try:
        {}["x"]
    except KeyError:
        raise ValueError("during")
except ValueError as e:
    print(e, repr(e.__context__))

try:
    assert 1 == 2, "math is broken"
except AssertionError as e:
    print("assert:", e)

try:
    raise ExceptionGroup("group", [ValueError("a"), TypeError("b"), ValueError("c")])
except* ValueError as eg:
    print("values", [str(x) for x in eg.exceptions])
except* TypeError as eg:
    print("types", [str(x) for x in eg.exceptions])

def reraiser():
    try:
        raise IndexError("inner")
    except IndexError:
        raise

try:
    reraiser()
except IndexError as e:
    print("reraised", e)

print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(KeyError, LookupError), issubclass(StopIteration, Exception))
print(ValueError("x", 1).args, str(KeyError("k")), repr(ValueError()), str(ValueError()))
try:
    undefined_name
except NameError as e:
    print(e)
def local_unbound():
    print(zz)
    zz = 1
try:
    local_unbound()
except UnboundLocalError as e:
    print(e)
try:
    None.foo
except AttributeError as e:
    print(e)
try:
    [1, 2] < "ab"
except TypeError as e:
    print(e)
try:
    raise TypeError
except TypeError as e:
    print(repr(e))
try:
    len(5)
except TypeError as e:
    print(e)
try:
    int(None)
except TypeError as e:
    print(e)
try:
    x, y = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1]
except ValueError as e:
    print(e)
try:
    object() + 1
except TypeError as e:
    print(e)
try:
    import not_a_whitelisted_module
except ImportError as e:
    print(type(e).__name__, e)
def deep():
    raise ValueError("uncaught at the end")
deep()
