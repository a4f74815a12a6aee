"""keccak-256 and secp256k1 against known answers and test-vectors/crypto/secp256k1.json."""

import hashlib

import pytest
from vectors import load

from cowboy_py import secp256k1
from cowboy_py.keccak import keccak256

SECP = load("crypto/secp256k1.json")["cases"]


@pytest.mark.parametrize(
    ("message", "digest"),
    [
        (b"", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"),
        (b"abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"),
        # Around the 136-byte rate (answers from @noble/hashes' keccak_256): at 135 the padding is
        # one byte (0x81), at 136 it fills a second block.
        (b"\x00" * 135, "29e3704feeca7fb9ba229f0fa04d9b36449cf3ad6e1d85d9cfff3a10df9abc3e"),
        (b"\x00" * 136, "3a5912a7c5faa06ee4fe906253e339467a9ce87d533c65be3c15cb231cdb25f9"),
        (b"\x00" * 137, "bee7fbb405cb0d91a8775e338c4a5e4b5d6b2d051f687fa942043cffdc73bd28"),
    ],
)
def test_keccak256_known_answers(message, digest):
    assert keccak256(message).hex() == digest


def test_keccak_is_not_sha3():
    # The original Keccak padding (0x01), not FIPS 202's (0x06).
    assert keccak256(b"") != hashlib.sha3_256(b"").digest()


def test_keccak_block_boundaries_are_distinct():
    seen = {keccak256(b"a" * n) for n in range(130, 280)}
    assert len(seen) == 150


@pytest.mark.parametrize("case", SECP, ids=[c["name"] for c in SECP])
def test_secp256k1_vectors(case):
    key = bytes.fromhex(case["privateKey"])
    digest = bytes.fromhex(case["msgHash"])
    assert secp256k1.public_key(key).hex() == case["publicKey"]
    assert secp256k1.address_of(key).hex() == case["address"]
    signature = secp256k1.sign(digest, key)
    assert signature.hex() == case["signature"]
    assert secp256k1.recover_address(digest, signature).hex() == case["address"]


def test_signatures_are_low_s_and_recover_only_their_message():
    key = bytes(31) + b"\x07"
    for i in range(20):
        digest = keccak256(bytes([i]))
        sig = secp256k1.sign(digest, key)
        assert int.from_bytes(sig[32:64], "big") <= secp256k1.N // 2
        assert sig[64] in (0, 1)
        assert secp256k1.recover_address(digest, sig) == secp256k1.address_of(key)
        assert secp256k1.recover_address(keccak256(b"other" + bytes([i])), sig) != secp256k1.address_of(key)


def test_refuses_bad_keys_and_signatures():
    with pytest.raises(ValueError):
        secp256k1.public_key(bytes(32))
    with pytest.raises(ValueError):
        secp256k1.public_key(secp256k1.N.to_bytes(32, "big"))
    digest = keccak256(b"x")
    sig = bytearray(secp256k1.sign(digest, bytes(31) + b"\x01"))
    high_s = bytearray(sig)
    high_s[32:64] = (secp256k1.N - int.from_bytes(sig[32:64], "big")).to_bytes(32, "big")
    with pytest.raises(ValueError, match="high S"):
        secp256k1.recover(digest, bytes(high_s))
    sig[64] = 2
    with pytest.raises(ValueError):
        secp256k1.recover(digest, bytes(sig))
