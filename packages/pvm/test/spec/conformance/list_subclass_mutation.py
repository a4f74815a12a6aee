# A subclass of list, tuple or set that defines its own __setitem__, __delitem__ or __contains__
# is called for item assignment, deletion and `in` (CPython's slots), exact builtins unchanged.
class Logged(list):
    def __setitem__(self, i, v):
        print("set", i, v)
        super().__setitem__(i, v * 10)

    def __delitem__(self, i):
        print("del", i)
        super().__delitem__(i)

    def __contains__(self, x):
        print("contains", x)
        return super().__contains__(x) or x == "always"


xs = Logged([1, 2, 3])
xs[0] = 5
xs[1:2] = [7]
del xs[2]
print(xs, 50 in xs, "always" in xs, 99 in xs)


class Plain(list):
    pass


p = Plain([1, 2, 3])
p[0] = 9
del p[1]
print(p, 9 in p, 2 in p)


class AnyTuple(tuple):
    def __contains__(self, x):
        return True


class NoSet(set):
    def __contains__(self, x):
        return x == "yes"


print(3 in AnyTuple(()), "yes" in NoSet(), 1 in NoSet({1}), 1 in [1], 1 in (1,), 1 in {1})
