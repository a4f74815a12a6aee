"""Captures floatRepr and hash vectors. Run: PYTHONHASHSEED=0 python3 gen_repr_hash.py"""
import os, random
from common import bits, write, sample_doubles

assert os.environ.get("PYTHONHASHSEED") == "0", "run with PYTHONHASHSEED=0"
rng = random.Random(20260001)

doubles = sample_doubles(rng, 3000)
write("repr.json", [[bits(x), repr(x)] for x in doubles])

ints = [0, 1, -1, -2, 2 ** 61 - 1, 2 ** 61, -(2 ** 61), 2 ** 64, -(2 ** 64) + 1, 2 ** 4000 + 17, -(3 ** 900)]
ints += [rng.getrandbits(rng.randrange(1, 300)) * rng.choice([1, -1]) for _ in range(500)]
hash_int = [[str(v), str(hash(v))] for v in ints]
hash_float = [[bits(x), str(hash(x))] for x in doubles]

def rand_str(r):
    n = r.randrange(0, 40)
    pools = [(32, 127), (0, 256), (0x100, 0x3000), (0xd800, 0xe000), (0x10000, 0x110000)]
    chars = []
    for _ in range(n):
        lo, hi = r.choice(pools[: r.randrange(1, 6)])
        chars.append(chr(r.randrange(lo, hi)))
    return "".join(chars)

strs = ["", "a", "abc", "hello world", "\u00e9", "\u20ac", "\U0001F600", "abcdefgh", "abcdefghi"]
strs += [rand_str(rng) for _ in range(600)]
# JSON cannot carry lone surrogates portably; store code points.
hash_str = [[[ord(c) for c in s], str(hash(s))] for s in strs]
bs = [b"", b"a", b"abcdefgh", bytes(range(256))] + [bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 70))) for _ in range(300)]
hash_bytes = [[b.hex(), str(hash(b))] for b in bs]
tuples = []
for _ in range(300):
    items = [rng.choice([rng.getrandbits(70) - 2 ** 69, rng.random() * 1e6, "s%d" % rng.randrange(999), -1]) for _ in range(rng.randrange(0, 8))]
    tuples.append([[str(hash(i)) for i in items], str(hash(tuple(items)))])
write("hash.json", {"int": hash_int, "float": hash_float, "str": hash_str, "bytes": hash_bytes, "tuple": tuples})
