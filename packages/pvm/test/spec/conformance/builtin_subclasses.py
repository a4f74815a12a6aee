class Stack(list):
    def push(self, v):
        self.append(v)
        self.pushes = getattr(self, "pushes", 0) + 1
    def peek(self):
        return self[-1]
s = Stack([1])
s.push(2)
s.push(3)
print(s, s.peek(), s.pushes, len(s), isinstance(s, list), s + [9], type(s).__name__)
class Counter(dict):
    def __missing__(self, k):
        return 0
c = Counter()
c["a"] += 2
print(c, c["zz"], c.get("zz"))
class Bag(list):
    def __init__(self, items, label):
        super().__init__(items)
        self.label = label
b = Bag((3, 1, 2), "nums")
b.sort()
print(b, b.label, len(b), sum(b))
class Tags(set):
    def __init__(self, *tags):
        super().__init__(t.lower() for t in tags)
print(sorted(Tags("A", "b", "a")))
class Defaults(dict):
    def __init__(self, **kw):
        super().__init__(kw)
        self.setdefault("x", 0)
print(Defaults(y=1))
