"""Accounts (a private key that signs transactions) and actor addresses (spec §1.2, §2.5).

`Account.from_key(hex)` holds a secp256k1 key; `account.address` is an `Address` (a "0x…" str
that actor arguments encode as 20 bytes); `account.sign_transaction(tx)` fills in the signature of a
transaction's JSON form. `actor_address(creator, salt, code)` is where a deploy lands.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from . import secp256k1
from .cbor import Address
from .encoding import signing_hash
from .keccak import keccak256

DEV_ACCOUNT_COUNT = 10


class Account:
    """A key that signs; `address` is its 20-byte address as an `Address` ("0x…")."""

    def __init__(self, private_key: bytes) -> None:
        self._key = bytes(private_key)
        self.address = Address(secp256k1.address_of(self._key))

    @classmethod
    def from_key(cls, key: str | bytes) -> Account:
        """From 32 bytes or their hex (with or without 0x)."""
        if isinstance(key, str):
            text = key[2:] if key.startswith("0x") else key
            try:
                key = bytes.fromhex(text)
            except ValueError:
                raise ValueError("a private key is 64 hex digits") from None
        return cls(key)

    @property
    def private_key(self) -> bytes:
        return self._key

    def sign_hash(self, digest: bytes) -> bytes:
        """65 bytes r ‖ s ‖ v over a 32-byte hash."""
        return secp256k1.sign(digest, self._key)

    def sign_transaction(self, tx: dict[str, Any]) -> dict[str, Any]:
        """A copy of `tx` (JSON form, `from` = this account) with its primary signature set."""
        if tx["from"] != self.address:
            raise ValueError(f"the transaction is from {tx['from']}, not {self.address}")
        return dict(tx, signature="0x" + self.sign_hash(signing_hash(tx)).hex())

    def __repr__(self) -> str:
        return f"Account({self.address})"


def dev_accounts(count: int = DEV_ACCOUNT_COUNT) -> list[Account]:
    """The devnet's public dev accounts: key i is keccak256("cowboy devnet account i")."""
    return [Account(keccak256(f"cowboy devnet account {i}".encode())) for i in range(count)]


def canonicalize_source(source: str | bytes) -> bytes:
    """Canonical actor source (cips/transactions.md "Actor addresses"): strict UTF-8, every leading
    U+FEFF dropped, CRLF then lone CR → LF, NFC."""
    text = source.decode("utf-8") if isinstance(source, (bytes, bytearray)) else source
    text = text.lstrip("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text).encode("utf-8")


def code_hash(code: bytes) -> bytes:
    return keccak256(code)


def actor_address(creator: str | bytes, salt: bytes, code: bytes) -> Address:
    """last 20 bytes of keccak256(creator ‖ salt ‖ keccak256(canonical code))."""
    raw_creator = Address(creator).bytes if isinstance(creator, str) else bytes(creator)
    if len(raw_creator) != 20 or len(salt) != 32:
        raise ValueError("a creator is 20 bytes and a salt 32")
    return Address(keccak256(raw_creator + salt + code_hash(code))[-20:])
