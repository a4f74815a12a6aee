# int/float arithmetic, big ints, division semantics
print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 2 ** 10, 2 ** -1, 10 / 4, 9 / 3)
print(2 ** 100, -(2 ** 64) // 3, (2 ** 64) % 7, divmod(-17, 5), divmod(17.5, -5))
print(1 + 2.5, 3 * 1.5, 0.1 + 0.2, 1e16, 1e-5, 123456789.123, -0.0, float("inf"), -float("inf"))
print(abs(-5), abs(-2.5), round(2.5), round(3.5), round(-0.5), round(1234, -2), round(1250, -2))
print(int("42"), int(" -17 "), int("ff", 16), int("0x1f", 0), int(3.99), int(-3.99), float("1.5"), float("-2"))
print(1 << 70, (1 << 70) >> 65, -1 >> 3, 5 & 3, 5 | 3, 5 ^ 3, ~5, ~-1)
print(pow(3, 4), pow(3, 4, 5), pow(3, -1, 7), pow(2.0, 3))
print(True + True, True * 3, 1 == 1.0, 2 ** 53 + 1 == float(2 ** 53 + 1), 0.5 < 1, 3 > 2.5)
print(hex(255), oct(8), bin(5), hex(-255), bin(0))
print(10 ** 20 // 7, -(10 ** 20) % 7, (10 ** 30) / (10 ** 10))
print(max(3, 1, 2), min([4, 2, 8]), sum([1, 2, 3]), sum([0.5, 0.25]), sum(range(101)))
print(7.0 // 2, -7.0 // 2, 7.5 % 2, -7.5 % 2, 2.0 ** 0.5)
print(int(True), float(3), 3 / 2 * 2, 17 // 0.5)
x = 10
x += 5
x *= 2
x -= 1
x //= 3
x **= 2
print(x)
for bad in ["1 / 0", "1 // 0", "1 % 0", "1.0 / 0", "int('abc')", "2 ** 10000", "float('x')"]:
    try:
        eval_result = None
        if bad == "1 / 0":
            1 / 0
        elif bad == "1 // 0":
            1 // 0
        elif bad == "1 % 0":
            1 % 0
        elif bad == "1.0 / 0":
            1.0 / 0
        elif bad == "int('abc')":
            int("abc")
        elif bad == "float('x')":
            float("x")
        else:
            print(len(str(2 ** 4000)))
            raise OverflowError("skip")
    except (ZeroDivisionError, ValueError) as e:
        print(type(e).__name__, e)
    except OverflowError:
        print("overflow branch")
