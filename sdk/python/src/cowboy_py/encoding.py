"""The canonical transaction encoding of @cowboy/types (cips/transactions.md, cips/codec.md).

A transaction is handled in its JSON form (the dict the RPC and `test-vectors/transactions/` use:
snake_case keys, u64 as decimal strings, bytes as 0x-hex, absent options as None). `encode_tx`
writes its canonical bytes, `decode_tx` reads them back strictly, `signing_hash` is keccak256 of
the encoding with every signature zeroed (also the transaction's hash).
"""

from __future__ import annotations

from typing import Any

from .keccak import keccak256

U64_MAX = (1 << 64) - 1
MAX_TX_SIZE = 131_072
MAX_ADDITIONAL_SIGNERS = 16
ZERO_SIGNATURE = "0x" + "00" * 65

# type → (category, sub_type, [(json name, kind)]) in wire order (cips/transactions.md "Instruction").
INSTRUCTIONS: dict[str, tuple[int, int, list[tuple[str, str]]]] = {
    "transfer": (0, 1, [("to", "address"), ("amount", "amount")]),
    "schedule_timer": (0, 48, [
        ("target", "address"), ("handler", "name"), ("data", "bytes"), ("fire_at", "uint"),
        ("cycles_per_fire", "uint"), ("cells_per_fire", "uint"), ("expires_at", "option_uint"),
        ("fee_payer", "option_address"),
    ]),
    "schedule_interval": (0, 49, [
        ("target", "address"), ("handler", "name"), ("data", "bytes"), ("every_blocks", "uint"),
        ("cycles_per_fire", "uint"), ("cells_per_fire", "uint"), ("expires_at", "option_uint"),
        ("fee_payer", "option_address"),
    ]),
    "cancel_timer": (0, 50, [("timer_id", "hash")]),
    "deploy_actor": (1, 1, [("code", "bytes"), ("salt", "hash"), ("args", "bytes")]),
    "call_actor": (1, 2, [("target", "address"), ("method", "name"), ("args", "bytes"), ("value", "amount")]),
}  # fmt: skip
_BY_CODE = {(cat, sub): name for name, (cat, sub, _) in INSTRUCTIONS.items()}

_SCALARS = ("chain_id", "nonce")
_LIMITS = ("cycles_limit", "cells_limit", "max_fee_per_cycle", "max_fee_per_cell", "max_priority_fee_per_cycle", "max_priority_fee_per_cell")


class EncodingError(ValueError):
    """Bytes or a JSON form that is not a canonical transaction; `code` is @cowboy/codec's name."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


# --- writing -------------------------------------------------------------------------------


def varint(n: int, limit: int = U64_MAX) -> bytes:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= limit:
        raise EncodingError("INVALID_VALUE", f"{n!r} is not an integer in [0, {limit}]")
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _u64(text: Any, where: str) -> int:
    if not isinstance(text, str) or not text.isdigit() or (len(text) > 1 and text[0] == "0") or int(text) > U64_MAX:
        raise EncodingError("INVALID_VALUE", f"{where}: expected a decimal u64 string, got {text!r}")
    return int(text)


def _hex(text: Any, where: str, size: int | None = None) -> bytes:
    if not isinstance(text, str) or not text.startswith("0x") or text != text.lower():
        raise EncodingError("INVALID_VALUE", f"{where}: expected 0x-prefixed lowercase hex")
    try:
        raw = bytes.fromhex(text[2:])
    except ValueError:
        raise EncodingError("INVALID_VALUE", f"{where}: expected 0x-prefixed lowercase hex") from None
    if size is not None and len(raw) != size:
        raise EncodingError("INVALID_VALUE", f"{where}: expected {size} bytes, got {len(raw)}")
    return raw


def _bytes_field(raw: bytes) -> bytes:
    return varint(len(raw), MAX_TX_SIZE) + raw


def _field(kind: str, value: Any, where: str) -> bytes:
    if kind == "address":
        return _hex(value, where, 20)
    if kind == "hash":
        return _hex(value, where, 32)
    if kind == "amount":
        return _u64(value, where).to_bytes(8, "big")
    if kind == "uint":
        return varint(_u64(value, where))
    if kind == "bytes":
        return _bytes_field(_hex(value, where))
    if kind == "name":
        if not isinstance(value, str):
            raise EncodingError("INVALID_VALUE", f"{where}: expected a string")
        raw = value.encode("utf-8")
        if not 1 <= len(raw) <= 128:
            raise EncodingError("INVALID_VALUE", f"{where}: a name is 1..128 UTF-8 bytes")
        return varint(len(raw)) + raw
    if kind.startswith("option_"):
        return b"\x00" if value is None else b"\x01" + _field(kind[7:], value, where)
    raise AssertionError(kind)


def encode_instruction(ins: dict[str, Any]) -> bytes:
    spec = INSTRUCTIONS.get(ins.get("type"))  # type: ignore[arg-type]
    if spec is None:
        raise EncodingError("INVALID_VALUE", f"unknown instruction type {ins.get('type')!r}")
    category, sub_type, fields = spec
    out = bytearray([category, sub_type])
    for name, kind in fields:
        out += _field(kind, ins.get(name), f"instruction.{name}")
    return bytes(out)


def encode_tx(tx: dict[str, Any]) -> bytes:
    """The canonical bytes of a transaction given in its JSON form."""
    out = bytearray()
    for name in _SCALARS:
        out += varint(_u64(tx[name], name))
    out += encode_instruction(tx["instruction"])
    for name in _LIMITS:
        out += varint(_u64(tx[name], name))
    out += _hex(tx["from"], "from", 20)
    if tx.get("access_list") is not None:
        raise EncodingError("RESERVED_FIELD", "access_list must be null in v1")
    out += b"\x00"
    out += _bytes_field(_hex(tx.get("metadata", "0x"), "metadata"))
    out += _field("option_hash", tx.get("origin_tx_hash"), "origin_tx_hash")
    out += _field("option_uint", tx.get("origin_remaining_cycles"), "origin_remaining_cycles")
    out += _field("option_uint", tx.get("origin_remaining_cells"), "origin_remaining_cells")
    out += _hex(tx.get("signature", ZERO_SIGNATURE), "signature", 65)
    signers = tx.get("additional_signers", [])
    if len(signers) > MAX_ADDITIONAL_SIGNERS:
        raise EncodingError("LENGTH_OUT_OF_RANGE", f"at most {MAX_ADDITIONAL_SIGNERS} additional signers")
    out += varint(len(signers))
    for i, s in enumerate(signers):
        out += _hex(s["address"], f"additional_signers[{i}].address", 20)
        out += _hex(s["signature"], f"additional_signers[{i}].signature", 65)
    return bytes(out)


def signing_hash(tx: dict[str, Any]) -> bytes:
    """keccak256 of the encoding with the primary and every additional signature zeroed (cips/transactions.md)."""
    unsigned = dict(tx, signature=ZERO_SIGNATURE)
    unsigned["additional_signers"] = [{"address": s["address"], "signature": ZERO_SIGNATURE} for s in tx.get("additional_signers", [])]
    return keccak256(encode_tx(unsigned))


# --- reading -------------------------------------------------------------------------------


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise EncodingError("END_OF_BUFFER", f"needed {n} bytes at offset {self.at}")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def varint(self, max_bytes: int = 10) -> int:
        value = 0
        for i in range(max_bytes):
            byte = self.take(1)[0]
            if i == max_bytes - 1 and byte > (0x01 if max_bytes == 10 else 0x0F):
                raise EncodingError("VARINT_OVERFLOW", f"varint at offset {self.at - 1} carries bits beyond its width")
            value |= (byte & 0x7F) << (7 * i)
            if not byte & 0x80:
                if i > 0 and byte == 0:
                    raise EncodingError("NON_CANONICAL_VARINT", f"varint ending at offset {self.at - 1} is not minimal")
                return value
        raise AssertionError("unreachable")

    def length(self, limit: int) -> int:
        n = self.varint(5)
        if n > limit:
            raise EncodingError("LENGTH_OUT_OF_RANGE", f"length {n} exceeds {limit}")
        return n

    def option(self) -> bool:
        tag = self.take(1)[0]
        if tag > 1:
            raise EncodingError("INVALID_OPTION_TAG", f"tag 0x{tag:02x} at offset {self.at - 1}")
        return tag == 1


def _read_field(r: _Reader, kind: str) -> Any:
    if kind == "address":
        return "0x" + r.take(20).hex()
    if kind == "hash":
        return "0x" + r.take(32).hex()
    if kind == "amount":
        return str(int.from_bytes(r.take(8), "big"))
    if kind == "uint":
        return str(r.varint())
    if kind == "bytes":
        return "0x" + r.take(r.length(MAX_TX_SIZE)).hex()
    if kind == "name":
        n = r.length(128)
        if n == 0:
            raise EncodingError("LENGTH_OUT_OF_RANGE", "a name is 1..128 bytes")
        raw = r.take(n)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EncodingError("INVALID_UTF8", "a name is not valid UTF-8") from None
        return text
    if kind.startswith("option_"):
        return _read_field(r, kind[7:]) if r.option() else None
    raise AssertionError(kind)


def decode_tx(data: bytes) -> dict[str, Any]:
    """The JSON form of canonical transaction bytes; EncodingError for anything else."""
    if len(data) > MAX_TX_SIZE:
        raise EncodingError("LENGTH_OUT_OF_RANGE", f"a transaction is at most {MAX_TX_SIZE} bytes")
    r = _Reader(bytes(data))
    tx: dict[str, Any] = {name: str(r.varint()) for name in _SCALARS}
    code = (r.take(1)[0], r.take(1)[0])
    kind = _BY_CODE.get(code)
    if kind is None:
        raise EncodingError("UNKNOWN_DISCRIMINANT", f"instruction {code[0]}/{code[1]}")
    ins: dict[str, Any] = {"type": kind}
    for name, field_kind in INSTRUCTIONS[kind][2]:
        ins[name] = _read_field(r, field_kind)
    tx["instruction"] = ins
    for name in _LIMITS:
        tx[name] = str(r.varint())
    tx["from"] = _read_field(r, "address")
    tag = r.take(1)[0]
    if tag == 1:
        raise EncodingError("RESERVED_FIELD", "access_list is reserved in v1")
    if tag != 0:
        raise EncodingError("INVALID_OPTION_TAG", f"tag 0x{tag:02x}")
    tx["access_list"] = None
    tx["metadata"] = _read_field(r, "bytes")
    tx["origin_tx_hash"] = _read_field(r, "option_hash")
    tx["origin_remaining_cycles"] = _read_field(r, "option_uint")
    tx["origin_remaining_cells"] = _read_field(r, "option_uint")
    tx["signature"] = "0x" + r.take(65).hex()
    count = r.length(MAX_ADDITIONAL_SIGNERS)
    tx["additional_signers"] = [{"address": "0x" + r.take(20).hex(), "signature": "0x" + r.take(65).hex()} for _ in range(count)]
    if r.at != len(r.data):
        raise EncodingError("TRAILING_BYTES", f"{len(r.data) - r.at} bytes after the transaction")
    return tx
