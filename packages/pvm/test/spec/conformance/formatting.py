# Formatting, parsing and hashing through the deterministic numeric core (PYTHONHASHSEED=0).
print(hash("abc"), hash(""), hash("héllo"), hash(b"abc"), hash((1, "a", 2.5)), hash(1.5), hash(-2.25), hash(10 ** 30))
for spec in ["", "10", "<10", "^10", "+", " ", "08.3f", ".2e", "g", ".3g", "%", ".1%", ",", "_", "e", "G", "010.2f", "=+12.4f"]:
    print(repr(spec), format(3.14159, spec), format(-1234567.891, spec) if "%" not in spec else "")
for spec in ["", "5", "<5", "05", "+d", "x", "#X", "#o", "#b", ",", "_x", "c", ".2f", "e", "n"]:
    print(repr(spec), format(255, spec), format(-42, spec) if spec != "c" else "")
print(format("abc", "*^9"), format("abc", ".2"), format("", "x>3"), f"{'x'!r:>6}", f"{12345.6789:,.2f}")
print(1e100, 1.5e-10, 123e45, 0.000123, 1/7, 2.0**60, 2.0**-30, -0.0, 5e-324, 1.7976931348623157e308)
print(float("1_000.5"), float(".5e2"), float("-1E-3"), int("1_000"), int("  0o777 ", 0), float("  inf "), float("nAn"))
print(round(2.5), round(0.125, 2), round(1.005, 2), round(-2.5), round(123.456, -1), round(5e-324, 400), round(1e300, -299))
print("%.3s|%5s|%-5s|%c|%c|%5.1e|%g|%G|%#x|%+.2f|% d" % ("abcdef", "ab", "ab", 65, "z", 12345.678, 0.00001, 1e20, 255, 2.5, 3))
print("%(a)s-%(b)04d" % {"a": "x", "b": 7}, "%s" % [1, 2], "%s %s" % (1, (2, 3)) if False else "%s" % ((2, 3),))
print(7 / 2, 1 / 3 * 3, 10 ** 20 / 3, 2 ** 64 / 3, (2 ** 53 + 1) / 1, -7 / 2, 1e16 + 1)
try:
    format(1.5, "d")
except ValueError as e:
    print(e)
try:
    "%d" % "x"
except TypeError as e:
    print(e)
try:
    int("12a")
except ValueError as e:
    print(e)
try:
    float("1.2.3")
except ValueError as e:
    print(e)
