from collections import deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), bool(d), bool(deque()), d[0], d[-1], d[2])
print(d.pop(), d.popleft(), d)
d.extend('ab')
d.extendleft([9, 8])
print(d, list(d), list(reversed(d)))
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d.rotate(0)
d.rotate(100)
print(d)
print(d.index(2), d.index('a'), d.count(2), 'a' in d, 'z' in d)
try:
    d.index('z')
except ValueError as e:
    print(type(e).__name__, e)
d.remove('a')
print(d)
try:
    d.remove('zz')
except ValueError as e:
    print(type(e).__name__, e)
d.reverse()
print(d)
c = d.copy()
c.clear()
print(c, d == c, d == d.copy(), d != c, deque([1, 2]) < deque([1, 3]), deque([1]) == [1])
d[0] = 'first'
del d[1]
print(d)
try:
    d[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    deque().pop()
except IndexError as e:
    print(type(e).__name__, e)
try:
    deque().popleft()
except IndexError as e:
    print(type(e).__name__, e)

m = deque(range(5), maxlen=3)
print(m, m.maxlen, deque().maxlen)
m.append(10)
print(m)
m.appendleft(-1)
print(m)
m.extend([7, 8])
print(m)
m.extendleft([1, 2])
print(m)
try:
    m.insert(0, 5)
except IndexError as e:
    print(type(e).__name__, e)
z = deque([1, 2], maxlen=0)
z.append(3)
print(z)
try:
    deque([], maxlen=-1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    deque([], maxlen='x')
except TypeError as e:
    print(type(e).__name__, e)

q = deque()
for i in range(100):
    q.append(i)
    if i % 3 == 0:
        q.popleft()
print(len(q), q[0], q[-1], sum(q))
for i in range(50):
    q.appendleft(-i)
print(len(q), q[0], q[49], q[50], q[-1])
i = deque([1, 2, 3])
i.insert(1, 'x')
i.insert(-1, 'y')
i.insert(100, 'z')
i.insert(-100, 'w')
print(i)
print(deque([1, 2]) + deque([3]), deque([1, 2]) * 2, 2 * deque([0]))
try:
    deque([1]) + [2]
except TypeError as e:
    print(type(e).__name__, e)
try:
    hash(deque())
except TypeError as e:
    print(type(e).__name__)
it = deque([1, 2, 3])
try:
    for x in it:
        it.append(x)
except RuntimeError as e:
    print(type(e).__name__, e)
e = deque('abc')
e += 'de'
print(e, e.index('c', 1, 4))
class MyDeque(deque):
    pass
md = MyDeque([1, 2], maxlen=5)
print(md, type(md.copy()).__name__)

# A long deterministic mix of operations checked against a plain list model.
def stress(maxlen):
    s = 7
    d = deque(maxlen=maxlen)
    model = []
    bad = 0
    for step in range(600):
        s = (s * 1103515245 + 12345) % 2147483648
        op = s % 7
        if op <= 1:
            d.append(step)
            model.append(step)
            if maxlen is not None and len(model) > maxlen:
                model.pop(0)
        elif op == 2:
            d.appendleft(step)
            model.insert(0, step)
            if maxlen is not None and len(model) > maxlen:
                model.pop()
        elif op == 3 and model:
            if d.popleft() != model.pop(0):
                bad += 1
        elif op == 4 and model:
            if d.pop() != model.pop():
                bad += 1
        elif op == 5 and model:
            k = s % 5 - 2
            d.rotate(k)
            for _ in range(k % len(model)):
                model.insert(0, model.pop())
        elif op == 6 and model:
            i = s % len(model)
            if d[i] != model[i] or d[-1 - i] != model[-1 - i]:
                bad += 1
        if list(d) != model or len(d) != len(model):
            bad += 1
    return bad, len(d), list(d)[:5]
print(stress(None), stress(5), stress(0), stress(40))
