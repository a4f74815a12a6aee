# list.pop at the head, in the middle, at the end and out of range (errors as CPython).
l = list(range(8))
print(l.pop(0), l.pop(3), l.pop(-2), l.pop(), l.pop(len(l) - 1), l)
q = ["a"]
print(q.pop(0), q)
for bad in (5, -9):
    try:
        [1, 2].pop(bad)
    except IndexError as e:
        print(type(e).__name__, e)
try:
    [].pop(0)
except IndexError as e:
    print(type(e).__name__, e)
