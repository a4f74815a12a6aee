# PEP 604 unions of classes and None, and slice/range attributes (no imports).
class C:
    pass


U = int | str
print(U, int | None, None | int, int | int, int | str | int, C | None, type(None) | int)
print(isinstance(3, U), isinstance(b"", U), isinstance(None, int | None), issubclass(bool, int | str))
print(U == (str | int), U == (int | None), U != (int | None), hash(U) == hash(str | int), type(U).__name__)
print(U.__args__, (int | None).__args__, (int | None | C).__parameters__)
print({U: 1}[str | int], len({int | str, str | int, int | None}))
for bad in (lambda: int | 3, lambda: 3 | int, lambda: "x" | None):
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)
s = slice(1, 5, 2)
print(s.start, s.stop, s.step, slice(7).start, slice(7).stop)
r = range(2, 9, 3)
print(r.start, r.stop, r.step, range(4).start, range(10**20, 10**20 + 5).start)
