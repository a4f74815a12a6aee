# Big-integer arithmetic: factorials, a Fibonacci by doubling, modular exponentiation, digit sums
# and integer square roots by Newton's method (arbitrary-precision int operations and str(int))
def fib(n):
    a, b = 0, 1
    for bit in bin(n)[2:]:
        c = a * (2 * b - a)
        d = a * a + b * b
        if bit == "1":
            a, b = d, c + d
        else:
            a, b = c, d
    return a

def isqrt(n):
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x

def digit_sum(n):
    return sum(int(c) for c in str(n))

def bench():
    f = 1
    for i in range(2, 400):
        f *= i
    m = (1 << 127) - 1
    acc = 0
    for k in range(1, 60):
        acc = (acc + pow(k, f % 1000003 + k, m)) % m
    fb = fib(3000)
    r = isqrt(f)
    mixed = 0
    for i in range(1, 300):
        mixed ^= (f >> i) & ((1 << 64) - 1)
        mixed = (mixed * 6364136223846793005 + i) % (1 << 64)
    return digit_sum(f), acc % 1000000007, fb % 1000000007, r.bit_length(), mixed, f // (fb + 1) % 997
