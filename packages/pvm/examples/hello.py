# A tour of the PVM: ordinary Python 3.11, run deterministically and metered in Cycles.

class Counter:
    def __init__(self):
        self.count = 0

    def increment(self, by=1):
        self.count += by
        return self.count


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


counter = Counter()
for step in (1, 2, 3):
    counter.increment(step)

words = "the quick brown fox jumps over the lazy dog the end".split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1

print(f"counter = {counter.count}")
print(f"fib(90) = {fib(90)}")
print(f"2**200 = {2**200}")
print("most common:", sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:2])
print([x * x for x in range(10) if x % 2 == 0])
