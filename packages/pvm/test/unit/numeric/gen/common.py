"""Shared helpers for the numeric vector generators (run with CPython 3.11, PYTHONHASHSEED=0)."""
import json, os, random, struct, sys

assert sys.version_info[:2] == (3, 11), "vectors must be captured with CPython 3.11"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors")


def bits(x: float) -> str:
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(h: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", h))[0]


def write(name: str, obj) -> None:
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(obj, f, indent=0, ensure_ascii=True)
        f.write("\n")


def sample_doubles(rng: random.Random, n: int) -> list:
    """A spread of doubles: random bit patterns, 'decimal-looking' values, boundaries and specials."""
    out = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, 1e16, 1e15, 9999999999999998.0, 1e-4, 1e-5,
           0.0001, 0.00009999999999999999, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
           float("inf"), float("-inf"), 123456789012345678.0, 1 / 3, 2 / 3, 100.0, 1e22, 1e23]
    for _ in range(n):
        k = rng.randrange(5)
        if k == 0:
            out.append(from_bits(rng.getrandbits(64)))
        elif k == 1:
            out.append(rng.uniform(-1e6, 1e6))
        elif k == 2:
            out.append(float("%de%d" % (rng.randrange(1, 10 ** rng.randrange(1, 17)), rng.randrange(-30, 30))))
        elif k == 3:
            out.append(rng.randrange(-10 ** 6, 10 ** 6) / 8)
        else:
            out.append(rng.choice([1.0, -1.0]) * 10.0 ** rng.randrange(-310, 309) * rng.uniform(0.5, 2))
    return [x for x in out if x == x]
