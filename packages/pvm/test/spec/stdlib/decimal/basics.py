import decimal
from decimal import Decimal, getcontext, setcontext, localcontext, Context

D = Decimal
print(D("1.10") + D("2.205"), D(1) / D(3), D(2) ** D("0.5"), D("7") // D("-2"), D("7") % D("-2"))
print(repr(D("1.5")), repr(D(10)), repr(D(-0.0)), repr(D("1e+3")), D("-0"), D("NaN"), D("-Infinity"), D("sNaN12"))
print(D(0.1), D(" 1_000.5 "), D(True), D((1, (1, 2), -1)), D((0, (), "F")), D([0, [4, 2], 3]))
print(D(5) + 1, 1 + D(5), 3 - D(1), D(2) * 4, 1 / D(8), 7 // D(2), 7 % D(3), 2 ** D(10), D(2) ** 10)
print(divmod(D(7), D(2)), divmod(7, D(-2)), divmod(D("7.5"), 2), pow(D(3), 4, 5), pow(D(2), D(100), D(97)))
print(-D("1.5"), +D("1.50"), abs(D("-2.5")), D("1.50") == D("1.5"), D(1) == 1, D("0.5") == 0.5, D(1) < 2, D(2) >= 2.0)
print(hash(D(5)) == hash(5), hash(D("1.5")) == hash(1.5), hash(D("0.1")) == hash(0.1), hash(D(10 ** 30)) == hash(10 ** 30))
print(int(D("-7.9")), float(D("1.25")), round(D("2.5")), round(D("3.5")), round(D("1.2345"), 2), round(D("-1.5")))
print(bool(D(0)), bool(D("0.00")), bool(D("NaN")), str(D("1E-7")), str(D("123E+5")), D("0.000001"), D("1E+2").to_eng_string())
print(format(D("1234.5678"), ",.2f"), format(D("0.5"), "%"), f"{D('3.14159'):.3}", f"{D('-12'):>8}", f"{D('1e10'):e}")
print(D("1.2345").quantize(D("0.01")), D("1.2355").quantize(D("0.001"), rounding=decimal.ROUND_UP), D("2").sqrt(), D(1).exp())
print(D(10).ln(), D(1000).log10(), D("1.200").normalize(), D("1.7").to_integral_value(), D("-1.5").to_integral(decimal.ROUND_FLOOR))
print(D(1).compare(D(2)), D(3).compare_total(D("3.0")), D(-3).copy_sign(D(1)), D("-4").copy_abs(), D(5).copy_negate())
print(D("123.45").as_tuple(), D("-inf").as_tuple(), D("1.5").as_integer_ratio(), D(100).adjusted(), D("0.0012").adjusted())
t = D("-1.25").as_tuple()
print(t.sign, t.digits, t.exponent, t[1], len(t))
print(D(5).max(D(7)), D(5).min(D(-7)), D(2).max_mag(D(-3)), D(1).next_plus(), D(1).next_minus(), D(1).next_toward(D(2)))
print(D("1.5").is_finite(), D("inf").is_infinite(), D("nan").is_nan(), D("snan").is_snan(), D(-1).is_signed(), D(0).is_zero())
print(D("1e-999999").is_normal(), D("1e-1000000").is_subnormal(), D(2).fma(3, 4), D(10).remainder_near(D(6)), D(3).same_quantum(D(4)))
print(D(7).number_class(), D("-0").number_class(), D("-inf").number_class(), D("nan").number_class(), D("1e-1000000").number_class())
print(D(2).logb(), D.from_float(0.25), D(1).radix(), D("1.5").real, D("1.5").imag, D(3).conjugate())
print(getcontext())
c = getcontext()
c.prec = 6
print(D(1) / D(7), D(2).sqrt(), c.prec)
c.rounding = decimal.ROUND_DOWN
print(D(2) / D(3), D("1.0000005") + 0)
c.prec = 28
c.rounding = decimal.ROUND_HALF_EVEN
print(c.flags[decimal.Inexact], c.flags[decimal.Rounded], c.traps[decimal.DivisionByZero])
c.clear_flags()
print(c.flags)
print(c.traps)
with localcontext() as lc:
    lc.prec = 3
    print(D(1) / 3, getcontext() is lc)
print(D(1) / 3)
with localcontext(prec=5, rounding=decimal.ROUND_UP) as lc:
    print(lc.prec, lc.rounding, D(2) / 3)
ctx = Context(prec=4, rounding=decimal.ROUND_HALF_UP, traps=[decimal.Inexact])
print(ctx)
print(ctx.add(1, 2), ctx.multiply(D("1.5"), 3), ctx.create_decimal("3.142"), ctx.Etiny(), ctx.Etop())
try:
    ctx.divide(1, 3)
except decimal.Inexact as e:
    print(type(e).__name__, e)
ctx.traps[decimal.Inexact] = False
print(ctx.divide(1, 3), ctx.flags[decimal.Inexact], ctx.power(2, 10), ctx.power(3, 4, 5), ctx.sqrt(2), ctx.divmod(7, 2))
print(ctx.to_sci_string(D("1e3")), ctx.is_zero(D(0)), ctx.copy_decimal(D(5)), ctx.compare(1, 2), ctx.quantize(D("1.555"), D("0.01")))
setcontext(decimal.BasicContext)
print(getcontext().prec, getcontext().rounding, D(1) / 7)
setcontext(decimal.DefaultContext)
print(getcontext().prec)
for f in [lambda: D(1) / 0, lambda: D(0) / 0, lambda: D("abc"), lambda: D(1).quantize(D("1e-30000")), lambda: D("NaN") < 1,
          lambda: D(1).quantize(1.5), lambda: D([1]), lambda: D((0, (1, 12), 0)), lambda: D((2, (1,), 0)),
          lambda: D((0, (1,), "x")), lambda: int(D("nan")), lambda: int(D("-inf")), lambda: hash(D("snan")), lambda: round(D("inf")),
          lambda: round(D("nan")), lambda: Context(prec=0), lambda: Context(rounding="x"), lambda: Context(Emax=-1), lambda: D(2).sqrt(1),
          lambda: D(1) < 1.5, lambda: D(-1).sqrt(), lambda: D(10) ** D("1e10"), lambda: D("1e999999") * 10, lambda: D({}),
          lambda: setcontext(5)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(issubclass(decimal.DivisionByZero, ZeroDivisionError), issubclass(decimal.FloatOperation, TypeError), issubclass(decimal.Overflow, decimal.Inexact))
print(issubclass(decimal.InvalidOperation, ArithmeticError), decimal.DivisionByZero.__mro__)
try:
    D(1) / 0
except ZeroDivisionError as e:
    print("caught", type(e).__name__, e.args)
c = getcontext()
c.traps[decimal.FloatOperation] = True
try:
    D(1) < 1.5
except decimal.FloatOperation as e:
    print(type(e).__name__, e)
print(D(1) == 1.0)
try:
    D(0.5)
except decimal.FloatOperation as e:
    print(type(e).__name__, e)
c.traps[decimal.FloatOperation] = False
c.traps[decimal.DivisionByZero] = False
print(D(1) / 0, D(-1) / 0, c.flags[decimal.DivisionByZero])
c.traps[decimal.InvalidOperation] = False
print(D(0) / 0, D("abc"), D(-1).sqrt(), D("NaN") < 1)
print(sorted([D(3), D("1.5"), 2, D("-1")]), max(D(1), D("1.0")), sum([D("0.1")] * 10), D("0.1") * 3 == D("0.3"))
print(decimal.ROUND_HALF_EVEN, decimal.ROUND_05UP, type(D(1)).__name__, D, Context, decimal.DecimalTuple)
print({D(1): "one"}[D("1.00")], D("1.0") in {D(1)}, [D(x) / 4 for x in range(4)])
