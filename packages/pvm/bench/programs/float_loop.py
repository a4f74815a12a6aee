def bench():
    x = 0.0
    i = 0
    while i < 200000:
        x = x * 0.5 + 1.25
        i += 1
    return x
