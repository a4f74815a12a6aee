# spectral-norm (Benchmarks Game), n = 60
def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)

def mul_av(v, n):
    return [sum(eval_a(i, j) * v[j] for j in range(n)) for i in range(n)]

def mul_atv(v, n):
    return [sum(eval_a(j, i) * v[j] for j in range(n)) for i in range(n)]

def mul_atav(v, n):
    return mul_atv(mul_av(v, n), n)

def bench():
    n = 60
    u = [1.0] * n
    for _ in range(10):
        v = mul_atav(u, n)
        u = mul_atav(v, n)
    vbv = 0.0
    vv = 0.0
    for ue, ve in zip(u, v):
        vbv += ue * ve
        vv += ve * ve
    return round((vbv / vv) ** 0.5, 9)
