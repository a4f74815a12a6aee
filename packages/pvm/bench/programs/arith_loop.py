# Metered arithmetic throughput: a tight integer loop
def bench():
    total = 0
    i = 0
    while i < 300000:
        total = (total + i * 3) % 1000003
        i += 1
    return total
