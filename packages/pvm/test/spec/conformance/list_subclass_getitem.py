# A list subclass's own __getitem__ is used for indexing, slicing and augmented assignment reads.
class L(list):
    def __getitem__(self, i):
        if isinstance(i, slice):
            return ("slice", type(i).__name__)
        return ("item", i)
l = L([1, 2, 3])
print(l[0], l[-1], l[0:2], l[::2], len(l), list(l))
class M(list):
    pass
m = M([4, 5, 6])
print(m[1], m[1:], type(m[1:]).__name__)
m[0] += 10
print(m)
class N(list):
    def __getitem__(self, i):
        return 100
n = N([1, 2])
n[0] += 1
print(list(n))
