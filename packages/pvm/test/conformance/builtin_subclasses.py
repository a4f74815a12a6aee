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
