# float ** through the numeric core's correctly rounded pow, with CPython's special cases
print(2.0**0.5, 10.0**-2, (-8.0)**3, 0.0**0.0, (-0.0)**3, 1.1**100, 2.0**1023, float('inf')**-1, (-2.0)**-1, float('nan')**0)
print(2 ** 0.5, 3 ** -2, 1.0000001 ** 1e7, 0.5 ** 1074, 0.5 ** 1075, (-1.5) ** 2, (-1.5) ** 3, 7.0 ** 0.333, 1e-300 ** 2)
print([round(1.07 ** k, 12) for k in range(0, 50, 7)], 9.0 ** 0.5, 2.0 ** -1074, (-2.0) ** 1024 if False else (-2.0) ** 1023)
for a, b in [(10.0, 400), (0.0, -1), (-2.0, 1025)]:
    try:
        print(a ** b)
    except (OverflowError, ZeroDivisionError, ValueError) as e:
        print(type(e).__name__, e)
