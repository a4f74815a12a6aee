"""Canonical CBOR of actor values (cips/canonical-encoding.md): the bytes of method arguments, return
values, storage values and event data. Pure Python, strict both ways.

`encode(value)` writes the one canonical form; `decode(data)` refuses anything else with a
`CborError` whose `reason` and `offset` are those of the CIP. An `Address` (a "0x…" str) encodes as
its 20 bytes, which is what an actor's `msg.sender` is.
"""

from __future__ import annotations

import math
import struct
from typing import Any

TAG_POS_BIGNUM = 2
TAG_NEG_BIGNUM = 3
TAG_SET = 258
TAG_TUPLE = 24601
TAG_FROZENSET = 24602
MAX_DEPTH = 64
MAX_INT_BITS = 4096


class CborError(ValueError):
    """A refused encoding or value: `reason` is the CIP's reason, `offset` where it was found."""

    def __init__(self, reason: str, offset: int, message: str = "") -> None:
        super().__init__(f"{reason} at offset {offset}" + (f": {message}" if message else ""))
        self.reason = reason
        self.offset = offset


class Address(str):
    """A 20-byte address in its "0x…" form; canonically encoded as the 20 bytes (spec §1.2)."""

    def __new__(cls, value: str | bytes) -> Address:
        if isinstance(value, (bytes, bytearray)):
            if len(value) != 20:
                raise ValueError("an address is 20 bytes")
            return super().__new__(cls, "0x" + bytes(value).hex())
        text = str(value).lower()
        if len(text) != 42 or not text.startswith("0x") or any(c not in "0123456789abcdef" for c in text[2:]):
            raise ValueError(f"not a 0x-prefixed 20-byte hex address: {value!r}")
        return super().__new__(cls, text)

    @property
    def bytes(self) -> bytes:
        return bytes.fromhex(self[2:])

    def __eq__(self, other: object) -> bool:
        # An actor returns addresses as 20 bytes: `actor.call.owner() == accounts[0].address` holds.
        if isinstance(other, (bytes, bytearray)):
            return len(other) == 20 and bytes(other) == self.bytes
        if isinstance(other, str):
            return str.__eq__(self, other.lower())
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = str.__hash__


def _head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes([major << 5 | n])
    for info, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if n < 1 << (8 * size):
            return bytes([major << 5 | info]) + n.to_bytes(size, "big")
    raise AssertionError("head beyond 64 bits")


def encode(value: Any) -> bytes:
    """The canonical encoding of `value`; CborError("unencodable") for a value without one."""
    out = bytearray()
    _encode(value, out, 0)
    return bytes(out)


def _sorted_items(items: list[bytes]) -> list[bytes]:
    return sorted(items)


def _encode(v: Any, out: bytearray, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise CborError("too-deep", len(out), "nesting deeper than 64")
    if v is None:
        out.append(0xF6)
    elif v is True or v is False:
        out.append(0xF5 if v else 0xF4)
    elif isinstance(v, Address):
        raw = v.bytes
        out += _head(2, len(raw)) + raw
    elif type(v) is int:
        if 0 <= v < 1 << 64:
            out += _head(0, v)
        elif -(1 << 64) <= v < 0:
            out += _head(1, -1 - v)
        else:
            magnitude = v if v > 0 else -1 - v
            if abs(v).bit_length() > MAX_INT_BITS:
                raise CborError("int-too-large", len(out), "beyond the PVM's 4,096-bit ints")
            raw = magnitude.to_bytes((magnitude.bit_length() + 7) // 8, "big")
            out += _head(6, TAG_POS_BIGNUM if v > 0 else TAG_NEG_BIGNUM) + _head(2, len(raw)) + raw
    elif type(v) is float:
        if math.isnan(v):
            raise CborError("nan", len(out), "cannot canonically encode nan")
        out += b"\xfb" + struct.pack(">d", v)
    elif type(v) is str:
        try:
            raw = v.encode("utf-8")
        except UnicodeEncodeError:
            raise CborError("invalid-utf8", len(out), "a string with lone surrogates") from None
        out += _head(3, len(raw)) + raw
    elif type(v) is bytes:
        out += _head(2, len(v)) + v
    elif type(v) is list:
        out += _head(4, len(v))
        for item in v:
            _encode(item, out, depth + 1)
    elif type(v) is tuple:
        out += _head(6, TAG_TUPLE) + _head(4, len(v))
        for item in v:
            _encode(item, out, depth + 1)
    elif type(v) is dict:
        entries = sorted((encode_at(k, depth + 1), encode_at(val, depth + 1)) for k, val in v.items())
        out += _head(5, len(entries))
        for k, val in entries:
            out += k + val
    elif type(v) in (set, frozenset):
        items = sorted(encode_at(item, depth + 1) for item in v)
        out += _head(6, TAG_SET if type(v) is set else TAG_FROZENSET) + _head(4, len(items))
        for item in items:
            out += item
    else:
        raise CborError("unencodable", len(out), f"cannot canonically encode a value of type {type(v).__name__!r}")


def encode_at(value: Any, depth: int) -> bytes:
    out = bytearray()
    _encode(value, out, depth)
    return bytes(out)


# --- decoding ------------------------------------------------------------------------------


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int, start: int) -> bytes:
        if n > len(self.data) - self.at:
            raise CborError("truncated", start, "the input ends early")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def head(self) -> tuple[int, int, int, int]:
        """(major, info, argument, start offset); refuses reserved, indefinite and non-minimal heads."""
        start = self.at
        byte = self.take(1, start)[0]
        major, info = byte >> 5, byte & 0x1F
        if info < 24:
            return major, info, info, start
        if info in (28, 29, 30):
            raise CborError("reserved-info", start)
        if info == 31:
            raise CborError("indefinite-length", start)
        size = 1 << (info - 24)
        n = int.from_bytes(self.take(size, start), "big")
        if major == 7:
            return major, info, n, start
        if n < (24 if size == 1 else 1 << (8 * size // 2)):
            raise CborError("non-minimal-head", start)
        return major, info, n, start


def decode(data: bytes) -> Any:
    """The value of a canonical encoding; CborError (reason, offset) for anything non-canonical."""
    r = _Reader(bytes(data))
    value = _decode(r, 0)
    if r.at != len(r.data):
        raise CborError("trailing-bytes", r.at)
    return value


def _key_check(value: Any, offset: int) -> None:
    try:
        hash(value)
    except TypeError:
        raise CborError("unhashable-key", offset) from None


def _sorted_unique(r: _Reader, count: int, depth: int, pairs: bool) -> list[tuple[Any, Any]]:
    out: list[tuple[Any, Any]] = []
    seen: set[Any] = set()
    previous: bytes | None = None
    for _ in range(count):
        start = r.at
        key = _decode(r, depth + 1)
        raw = r.data[start : r.at]
        _key_check(key, start)
        if previous is not None:
            if raw == previous:
                raise CborError("duplicate-key", start)
            if raw < previous:
                raise CborError("unsorted-keys", start)
        if key in seen:
            raise CborError("duplicate-key", start)
        seen.add(key)
        previous = raw
        out.append((key, _decode(r, depth + 1) if pairs else None))
    return out


def _decode(r: _Reader, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise CborError("too-deep", r.at)
    major, info, n, start = r.head()
    if major == 0:
        return n
    if major == 1:
        return -1 - n
    if major == 2:
        return r.take(n, start)
    if major == 3:
        raw = r.take(n, start)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CborError("invalid-utf8", start) from None
    if major == 4:
        if n > len(r.data) - r.at:
            raise CborError("truncated", start)
        return [_decode(r, depth + 1) for _ in range(n)]
    if major == 5:
        if n > len(r.data) - r.at:
            raise CborError("truncated", start)
        return dict(_sorted_unique(r, n, depth, True))
    if major == 6:
        return _tagged(r, n, start, depth)
    # major 7
    if info == 20:
        return False
    if info == 21:
        return True
    if info == 22:
        return None
    if info == 27:
        value = struct.unpack(">d", r.data[r.at - 8 : r.at])[0]
        if math.isnan(value):
            raise CborError("nan", start)
        return value
    if info in (25, 26):
        raise CborError("short-float", start)
    raise CborError("simple-value", start)


def _tagged(r: _Reader, tag: int, start: int, depth: int) -> Any:
    if tag in (TAG_POS_BIGNUM, TAG_NEG_BIGNUM):
        major, _info, n, at = r.head()
        if major != 2:
            raise CborError("bad-tag-content", start)
        raw = r.take(n, at)
        if len(raw) * 8 > MAX_INT_BITS + 8 or (raw and int.from_bytes(raw, "big").bit_length() > MAX_INT_BITS):
            raise CborError("int-too-large", start)
        if not raw or raw[0] == 0:
            raise CborError("bad-bignum", start)
        magnitude = int.from_bytes(raw, "big")
        if magnitude < 1 << 64:
            raise CborError("bad-bignum", start)
        value = magnitude if tag == TAG_POS_BIGNUM else -1 - magnitude
        if abs(value).bit_length() > MAX_INT_BITS:
            raise CborError("int-too-large", start)
        return value
    if tag in (TAG_TUPLE, TAG_SET, TAG_FROZENSET):
        major, _info, n, at = r.head()
        if major != 4:
            raise CborError("bad-tag-content", start)
        if n > len(r.data) - r.at:
            raise CborError("truncated", at)
        if tag == TAG_TUPLE:
            return tuple(_decode(r, depth + 1) for _ in range(n))
        items = [k for k, _ in _sorted_unique(r, n, depth, False)]
        return set(items) if tag == TAG_SET else frozenset(items)
    raise CborError("unknown-tag", start)
