#!/usr/bin/env python3
"""Writes test-vectors/codec/primitives.json.

Independent of the TypeScript code on purpose: the encodings here are computed from the rules in
cips/codec.md by plain Python, so the TypeScript decoder is checked against a second reading of
the format, not against itself. Deterministic: run it twice, get the same file.
"""
import json, os, struct

def varint(n):
    assert 0 <= n < 1 << 64
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)

H = lambda b: b.hex()
valid, invalid = [], []
def ok(t, value, enc): valid.append({"type": t, "value": value, "hex": H(enc)})
def bad(t, enc, code, why): invalid.append({"type": t, "hex": H(enc), "code": code, "reason": why})

for v in [0, 1, 0x7F, 0xFF]: ok("u8", v, bytes([v]))
for v in [0, 1, 0x0102, 0xFFFF]: ok("u16", v, struct.pack(">H", v))
for v in [0, 1, 0x01020304, 0xFFFFFFFF]: ok("u32", v, struct.pack(">I", v))
for v in [0, 1, 42, 1 << 53, (1 << 64) - 1]: ok("u64", str(v), struct.pack(">Q", v))
for s in range(0, 64, 7):
    for v in sorted({(1 << s) - 1 if s else 0, 1 << s, (1 << (s + 1)) - 1}):
        if v < 1 << 64: ok("uint", str(v), varint(v))
ok("uint", str((1 << 64) - 1), varint((1 << 64) - 1))
ok("uint", "50000", varint(50000))
for v in [False, True]: ok("bool", v, bytes([int(v)]))
for b in [b"", b"\x00", b"\x01\x02\x03", bytes(range(8))]: ok("bytes<=8", "0x" + b.hex(), varint(len(b)) + b)
ok("option<uint>", None, b"\x00")
for v in [0, 300]: ok("option<uint>", str(v), b"\x01" + varint(v))
for xs in [[], [1], [0xFFFF, 0, 7]]: ok("vec<u16><=3", xs, varint(len(xs)) + b"".join(struct.pack(">H", x) for x in xs))
for m in [[], [[1, True]], [[0, False], [2, True], [255, False]]]:
    ok("map<u8,bool><=4", m, varint(len(m)) + b"".join(bytes([k, int(v)]) for k, v in m))
for s in ["", "abc", "é", "日本"]:
    e = s.encode("utf-8"); ok("utf8<=8", s, varint(len(e)) + e)
ok("variant{a:0=unit,b:1=u8}", {"type": "a", "value": None}, b"\x00")
ok("variant{a:0=unit,b:1=u8}", {"type": "b", "value": 7}, b"\x01\x07")

# Strictness: each of these must be refused.
bad("u16", b"\x01", "END_OF_BUFFER", "one byte short")
bad("u64", b"\x00" * 9, "TRAILING_BYTES", "one byte too many")
bad("uint", b"", "END_OF_BUFFER", "empty")
bad("uint", b"\x80", "END_OF_BUFFER", "continuation bit on the last byte")
bad("uint", b"\x80\x00", "NON_CANONICAL_VARINT", "zero encoded in two bytes")
bad("uint", b"\xff\x00", "NON_CANONICAL_VARINT", "127 padded with a zero group")
bad("uint", b"\xd0\x86\x83\x00", "NON_CANONICAL_VARINT", "50000 padded with a zero group")
bad("uint", b"\xff" * 9 + b"\x00", "NON_CANONICAL_VARINT", "ten bytes ending in zero")
bad("uint", b"\xff" * 9 + b"\x02", "VARINT_OVERFLOW", "65th bit set")
bad("uint", b"\xff" * 9 + b"\x7f", "VARINT_OVERFLOW", "bits beyond 64")
bad("uint", b"\x80" * 10 + b"\x01", "VARINT_OVERFLOW", "eleven bytes")
bad("uint", b"\x01\x00", "TRAILING_BYTES", "trailing byte")
bad("bool", b"\x02", "INVALID_BOOL", "bool must be 0 or 1")
bad("bool", b"\xff", "INVALID_BOOL", "bool must be 0 or 1")
bad("bytes<=8", b"\x09" + bytes(9), "LENGTH_OUT_OF_RANGE", "longer than the configured maximum")
bad("bytes<=8", b"\x03\x01\x02", "END_OF_BUFFER", "fewer bytes than the prefix says")
bad("bytes<=8", b"\xff\xff\xff\xff\x0f", "LENGTH_OUT_OF_RANGE", "hostile 4 GiB prefix refused before allocating")
bad("bytes<=8", b"\xff\xff\xff\xff\x10", "VARINT_OVERFLOW", "length prefix beyond u32")
bad("bytes<=8", b"\x80\x00", "NON_CANONICAL_VARINT", "non-minimal length prefix")
bad("option<uint>", b"\x02\x00", "INVALID_OPTION_TAG", "option tag must be 0 or 1")
bad("option<uint>", b"\x00\x00", "TRAILING_BYTES", "absent option followed by a byte")
bad("vec<u16><=3", b"\x04" + bytes(8), "LENGTH_OUT_OF_RANGE", "more elements than allowed")
bad("vec<u16><=3", b"\x02\x00\x01", "END_OF_BUFFER", "truncated element")
bad("map<u8,bool><=4", b"\x02\x02\x01\x01\x00", "UNSORTED_MAP", "keys descending")
bad("map<u8,bool><=4", b"\x02\x01\x01\x01\x00", "DUPLICATE_MAP_KEY", "key repeated")
bad("map<u8,bool><=4", b"\x01\x01\x02", "INVALID_BOOL", "value is not a bool")
bad("map<u8,bool><=4", b"\x05" + bytes(10), "LENGTH_OUT_OF_RANGE", "more entries than allowed")
bad("utf8<=8", b"\x02\xc3\x28", "INVALID_UTF8", "invalid continuation byte")
bad("utf8<=8", b"\x02\xc0\xaf", "INVALID_UTF8", "overlong encoding")
bad("utf8<=8", b"\x03\xed\xa0\x80", "INVALID_UTF8", "encoded surrogate")
bad("variant{a:0=unit,b:1=u8}", b"\x02", "UNKNOWN_DISCRIMINANT", "no case has tag 2")
bad("variant{a:0=unit,b:1=u8}", b"\x01", "END_OF_BUFFER", "missing body")

out = os.path.join(os.path.dirname(__file__), "../../../test-vectors/codec/primitives.json")
with open(out, "w") as f:
    json.dump({"version": 1, "valid": valid, "invalid": invalid}, f, indent=1)
    f.write("\n")
print(f"{len(valid)} valid, {len(invalid)} invalid -> {os.path.normpath(out)}")
