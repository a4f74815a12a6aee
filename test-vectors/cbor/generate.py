#!/usr/bin/env python3
"""Regenerates cbor.json: the canonical CBOR vectors (cips/canonical-encoding.md).

An encoder written from the rules alone, run on CPython 3.11: it is the third implementation the
two TypeScript ones (@cowboy/codec, @cowboy/pvm) are checked against. Run from this folder:
    python3 generate.py > canonical.json
"""
import json
import math
import struct

TAG_TUPLE, TAG_FROZENSET, TAG_SET = 24601, 24602, 258


def head(major, n):
    m = major << 5
    if n < 24:
        return bytes([m | n])
    for info, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if n < 1 << (8 * size):
            return bytes([m | info]) + n.to_bytes(size, "big")
    raise ValueError("argument beyond 64 bits")


def enc(v):
    if v is None:
        return b"\xf6"
    if v is True or v is False:
        return b"\xf5" if v else b"\xf4"
    if type(v) is int:
        major, m = (0, v) if v >= 0 else (1, -1 - v)
        if m < 1 << 64:
            return head(major, m)
        b = m.to_bytes((m.bit_length() + 7) // 8, "big")
        return head(6, 2 + major) + head(2, len(b)) + b
    if type(v) is float:
        if math.isnan(v):
            raise TypeError("cannot canonically encode nan")
        return b"\xfb" + struct.pack(">d", v)
    if type(v) is str:
        b = v.encode("utf-8")  # raises on lone surrogates, as the rules ask
        return head(3, len(b)) + b
    if type(v) is bytes:
        return head(2, len(v)) + v
    if type(v) is list:
        return head(4, len(v)) + b"".join(enc(x) for x in v)
    if type(v) is tuple:
        return head(6, TAG_TUPLE) + head(4, len(v)) + b"".join(enc(x) for x in v)
    if type(v) is dict:
        pairs = sorted((enc(k), enc(x)) for k, x in v.items())
        return head(5, len(v)) + b"".join(k + x for k, x in pairs)
    if type(v) in (set, frozenset):
        items = sorted(enc(x) for x in v)
        return head(6, TAG_SET if type(v) is set else TAG_FROZENSET) + head(4, len(v)) + b"".join(items)
    raise TypeError(f"cannot canonically encode a value of type '{type(v).__name__}'")


def describe(v):
    """The typed JSON description of a value that the TypeScript tests rebuild it from."""
    if v is None:
        return {"none": None}
    if v is True or v is False:
        return {"bool": v}
    if type(v) is int:
        return {"int": str(v)}
    if type(v) is float:
        return {"float": struct.pack(">d", v).hex()}
    if type(v) is str:
        return {"str": v}
    if type(v) is bytes:
        return {"bytes": v.hex()}
    if type(v) is list:
        return {"list": [describe(x) for x in v]}
    if type(v) is tuple:
        return {"tuple": [describe(x) for x in v]}
    if type(v) is dict:
        return {"dict": [[describe(k), describe(x)] for k, x in sorted(v.items(), key=lambda kv: enc(kv[0]))]}
    kind = "set" if type(v) is set else "frozenset"
    return {kind: [describe(x) for x in sorted(v, key=enc)]}


def json_form(v):
    """The JSON text cborFromJson turns into this value, when JSON can say it."""
    def ok(x):
        if x is None or type(x) in (bool, int, str):
            return True
        if type(x) is float:
            return math.isfinite(x)
        if type(x) is list:
            return all(ok(y) for y in x)
        if type(x) is dict:
            return all(type(k) is str and ok(y) for k, y in x.items())
        return False
    return json.dumps(v, ensure_ascii=False) if ok(v) else None


VALID = [
    "None", "True", "False",
    "0", "1", "23", "24", "255", "256", "65535", "65536", "4294967295", "4294967296",
    "2**53 - 1", "2**53", "2**63", "18446744073709551615", "18446744073709551616",
    "-1", "-24", "-25", "-256", "-257", "-2**53", "-18446744073709551616", "-18446744073709551617",
    "2**200", "-2**200", "2**4095 + (2**4095 - 1)", "-(2**4095 + (2**4095 - 1))",
    '""', '"a"', '"héllo"', '"😀"', '"\\u0000"', '"\\uffff"', '"a" * 24', '"z" * 300',
    "b''", "b'\\x00\\xff'", "bytes(range(24))", "bytes(300)",
    "[]", "[1, [2, 3]]", "[None, True, 1.5, 'x', b'y']", "list(range(25))",
    "()", "(1, 'x')", "((),)", "(1, (2, (3,)))",
    "{}", '{"b": 1, "a": 2, "aa": 3}', "{(1, 2): 'pair', 10: 'ten', 'k': None}",
    "{-1: 'neg', 1: 'pos', 1.5: 'float', b'k': 'bytes', None: 'none', True: 'bool'}",
    "{frozenset({1}): 'fs', (): 'empty'}", "{-0.0: 'negative zero', 0.5: 'half'}", "{'nested': {'deeper': {'deepest': [1, 2]}}}",
    "{3, 1, 2}", "set()", "{'b', 'a', 'aa'}", "{(1, 2), (1,), -5}",
    "frozenset({'b', 'a'})", "frozenset()", "{frozenset({1, 2}), frozenset()}",
    "1.5", "-0.0", "0.0", "1.0", "0.1", "-2.5", "1e300", "5e-324", "2.0**1023 * 1.5",
    "float('inf')", "float('-inf')",
    # Nesting: the innermost list below is at depth 64, the deepest accepted.
    "[" * 65 + "]" * 65,
]

# (hex, why, reason, offset): every one is refused by both decoders with that reason at that offset.
INVALID = [
    ("", "empty input", "truncated", 0),
    ("18", "a head cut short", "truncated", 0),
    ("1b00000000000000", "an 8-byte head cut short", "truncated", 0),
    ("1817", "24 encoded with a 1-byte argument below 24", "non-minimal-head", 0),
    ("190017", "23 in two bytes", "non-minimal-head", 0),
    ("1900ff", "255 in two bytes", "non-minimal-head", 0),
    ("1a0000ffff", "65535 in four bytes", "non-minimal-head", 0),
    ("1b00000000ffffffff", "2**32-1 in eight bytes", "non-minimal-head", 0),
    ("3800", "-1 in a 1-byte head", "non-minimal-head", 0),
    ("5800", "empty byte string with a 1-byte length", "non-minimal-head", 0),
    ("8118ff18ff", "list [255] followed by a trailing item", "trailing-bytes", 3),
    ("9800", "empty array with a 1-byte length", "non-minimal-head", 0),
    ("d9010380", "unknown tag 259", "unknown-tag", 0),
    ("c000", "tag 0 (a date) is not used", "unknown-tag", 0),
    ("d800", "tag 0 with a 1-byte head", "non-minimal-head", 0),
    ("c101", "tag 1 (epoch time) is not used", "unknown-tag", 0),
    ("d8188100", "tag 24 written with a 1-byte head", "unknown-tag", 0),
    ("d900188100", "tag 24 with a non-minimal head", "non-minimal-head", 0),
    ("9f01ff", "indefinite-length array", "indefinite-length", 0),
    ("5f4101ff", "indefinite-length byte string", "indefinite-length", 0),
    ("7f6161ff", "indefinite-length text string", "indefinite-length", 0),
    ("bf6161f5ff", "indefinite-length map", "indefinite-length", 0),
    ("1c", "reserved additional information 28", "reserved-info", 0),
    ("5d", "reserved additional information 29", "reserved-info", 0),
    ("ff", "a lone break", "indefinite-length", 0),
    ("a2616201616101", "map keys out of order", "unsorted-keys", 4),
    ("a2616101616102", "repeated map key", "duplicate-key", 4),
    ("a262616101616201", "'aa' before 'b': the order is by encoded bytes, so length first", "unsorted-keys", 5),
    ("a20100f500", "1 and True: distinct bytes, one Python key", "duplicate-key", 3),
    ("a20000fb000000000000000000", "0 and 0.0: one Python key", "duplicate-key", 3),
    ("a20000fb800000000000000000", "0 and -0.0: one Python key", "duplicate-key", 3),
    ("a2d96019810100d9601981f500", "(1,) and (True,): one Python key", "duplicate-key", 7),
    ("a18000", "a list as a map key", "unhashable-key", 1),
    ("a1a000", "a dict as a map key", "unhashable-key", 1),
    ("a1d96019818000", "a tuple holding a list as a map key", "unhashable-key", 1),
    ("a1d901028000", "a set as a map key", "unhashable-key", 1),
    ("d9010283020103", "set items out of order", "unsorted-keys", 5),
    ("d90102820101", "repeated set item", "duplicate-key", 5),
    ("d9010282" + "01" + "fb3ff0000000000000", "1 and 1.0 in one set", "duplicate-key", 5),
    ("d9010281" + "80", "a list in a set", "unhashable-key", 4),
    ("d9601a81" + "d9010280", "a set in a frozenset", "unhashable-key", 4),
    ("d9010201", "a set tag around an int", "bad-tag-content", 0),
    ("d9601a6161", "a frozenset tag around a string", "bad-tag-content", 0),
    ("d96019a0", "a tuple tag around a map", "bad-tag-content", 0),
    ("c201", "a bignum tag around an int", "bad-tag-content", 0),
    ("c240", "an empty bignum", "bad-bignum", 0),
    ("c24101", "bignum below 2**64", "bad-bignum", 0),
    ("c248ffffffffffffffff", "bignum 2**64-1 (fits major type 0)", "bad-bignum", 0),
    ("c349010000000000000000" + "00", "a valid bignum followed by a byte", "trailing-bytes", 11),
    ("c2490001000000000000000000", "bignum with a leading zero", "bad-bignum", 0),
    ("c2590201" + "01" + "00" * 512, "2**4096: one bit too wide", "int-too-large", 0),
    ("c3590200" + "ff" * 512, "-2**4096: one past the PVM's range", "int-too-large", 0),
    ("f93c00", "half-precision float", "short-float", 0),
    ("fa3fc00000", "single-precision float", "short-float", 0),
    ("fb7ff8000000000000", "nan", "nan", 0),
    ("fbfff8000000000001", "nan with a payload", "nan", 0),
    ("f7", "undefined is not used", "simple-value", 0),
    ("f0", "simple value 16", "simple-value", 0),
    ("f820", "simple value 32", "simple-value", 0),
    ("f818", "simple value 24 in a 1-byte head", "simple-value", 0),
    ("62c328", "invalid UTF-8", "invalid-utf8", 0),
    ("63eda080", "UTF-8 of a lone surrogate", "invalid-utf8", 0),
    ("62c0af", "overlong UTF-8", "invalid-utf8", 0),
    ("820162c328", "invalid UTF-8 inside a list", "invalid-utf8", 2),
    ("0101", "trailing byte", "trailing-bytes", 1),
    ("5a00010000", "length past the end", "truncated", 0),
    ("9b00000001000000000000", "array length 2**32 past the end", "truncated", 0),
    ("bb7fffffffffffffff00", "map length 2**63-1 past the end", "truncated", 0),
    ("83010203ff", "a trailing break", "trailing-bytes", 4),
    ("81" * 65 + "80", "66 nested lists: the innermost at depth 65", "too-deep", 65),
]

def random_values(count, seed=20261123):
    """Seeded random nested values (every type, mixed key types): a parity corpus for the two
    TypeScript implementations. Python itself merges equal keys (1, 1.0, True) as a dict would."""
    import random
    rng = random.Random(seed)

    def scalar():
        k = rng.randrange(9)
        if k == 0:
            return None
        if k == 1:
            return rng.random() < 0.5
        if k == 2:
            return rng.randrange(-30, 30)
        if k == 3:
            return rng.randrange(-(2 ** rng.choice([8, 16, 32, 64, 65, 200])), 2 ** rng.choice([8, 16, 32, 64, 65, 200]))
        if k == 4:
            return rng.choice([0.0, -0.0, 0.5, -1.25, 1.0, 3.0, 1e-300, 1.7976931348623157e308, rng.uniform(-1e6, 1e6)])
        if k == 5:
            return "".join(rng.choice("aAz09 é€😀") for _ in range(rng.randrange(6)))
        if k == 6:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(5)))
        if k == 7:
            return rng.choice([0, 1, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 64 - 1, 2 ** 64, -(2 ** 64), -(2 ** 64) - 1])
        return rng.choice(["", "a", "b", "aa", "ab"])

    def key(depth):
        k = rng.randrange(5)
        if depth > 0 and k == 0:
            return tuple(key(depth - 1) for _ in range(rng.randrange(3)))
        if depth > 0 and k == 1:
            return frozenset(key(depth - 1) for _ in range(rng.randrange(3)))
        return scalar()

    def value(depth):
        k = rng.randrange(8) if depth > 0 else 0
        if k <= 2:
            return scalar()
        n = rng.randrange(5)
        if k == 3:
            return [value(depth - 1) for _ in range(n)]
        if k == 4:
            return tuple(value(depth - 1) for _ in range(n))
        if k == 5:
            return {key(2): value(depth - 1) for _ in range(n)}
        if k == 6:
            return {key(2) for _ in range(n)}
        return frozenset(key(2) for _ in range(n))

    return [value(4) for _ in range(count)]


CODES = {
    "truncated": "END_OF_BUFFER", "trailing-bytes": "TRAILING_BYTES", "too-large": "LENGTH_OUT_OF_RANGE",
    "too-deep": "VALUE_OUT_OF_RANGE", "int-too-large": "VALUE_OUT_OF_RANGE", "invalid-utf8": "INVALID_UTF8",
    "unsorted-keys": "UNSORTED_MAP", "duplicate-key": "DUPLICATE_MAP_KEY",
}


def main():
    valid = []
    for lit in VALID:
        v = eval(lit)
        entry = {"python": lit, "value": describe(v), "hex": enc(v).hex()}
        j = json_form(v)
        if j is not None:
            entry["json"] = j
        valid.append(entry)
    for v in random_values(150):
        valid.append({"python": repr(v), "value": describe(v), "hex": enc(v).hex(), "random": True})
    invalid = [{"hex": h, "why": why, "reason": r, "code": CODES.get(r, "INVALID_VALUE"), "offset": off} for h, why, r, off in INVALID]
    doc = {
        "version": 2,
        "description": "Canonical CBOR (cips/canonical-encoding.md), generated by generate.py on CPython 3.11. See README.md.",
        "valid": valid,
        "invalid": invalid,
    }
    print(json.dumps(doc, indent=1, ensure_ascii=False))


main()
