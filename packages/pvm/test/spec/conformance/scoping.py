x = "global"

def read_global():
    return x

def shadow():
    x = "local"
    return x

def closures_in_loop():
    fs = []
    for i in range(3):
        def f(i=i):
            return i
        fs.append(f)
    return [f() for f in fs]

def nonlocal_chain():
    a = 1
    def mid():
        nonlocal a
        a += 1
        def inner():
            nonlocal a
            a *= 10
            return a
        return inner()
    return mid(), a

class K:
    y = 5
    z = [y * 2 for _ in range(2)] if False else None
    w = y + 1
    def m(self):
        return x

print(read_global(), shadow(), closures_in_loop(), nonlocal_chain(), K.w, K().m())

def walrus():
    data = [1, 5, 2, 8]
    if (n := len(data)) > 3:
        print("long", n)
    found = [y for v in data if (y := v * 2) > 4]
    return found, y

print(walrus())
total = [t := 0] and [t := t + v for v in range(4)]
print(total, t)

def counter_factory():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def get():
        return count
    return inc, get

inc, get = counter_factory()
inc(); inc()
print(get())

def uses_later():
    def inner():
        return later
    later = "bound after def"
    return inner()
print(uses_later())

def comp_scope():
    v = 10
    return [v + i for i in range(3)], {i: v for i in range(2)}, list(v * i for i in range(3))
print(comp_scope())

def gen_closure():
    return [lambda: i for i in range(3)][0]()
print(gen_closure())

g1 = 0
def multi():
    global g1, g2
    g1 = 1
    g2 = 2
multi()
print(g1, g2)

def del_local():
    v = 1
    del v
    try:
        return v
    except UnboundLocalError as e:
        return str(e)
print(del_local())

class Outer:
    class Inner:
        val = 3
    def get(self):
        return self.Inner.val
print(Outer().get(), Outer.Inner.__qualname__, Outer.get.__qualname__)

def f():
    def g():
        pass
    return g
print(f().__qualname__, (lambda: 0).__name__)
