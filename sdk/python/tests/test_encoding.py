"""The canonical transaction encoding, signing hash and signatures against test-vectors/transactions/,
actor addresses against test-vectors/addresses/, canonical CBOR against test-vectors/cbor/."""

import math

import pytest
from vectors import load

from cowboy_py import Account, Address, CborError, EncodingError, actor_address, canonicalize_source, decode_tx, encode_args, encode_tx, signing_hash
from cowboy_py import cbor, secp256k1
from cowboy_py.keccak import keccak256

VALID = load("transactions/valid.json")["cases"]
INVALID = load("transactions/invalid.json")["cases"]
APPENDIX_A = load("transactions/appendix-a.json")
ADDRESSES = load("addresses/actor-addresses.json")["cases"]
CBOR = load("cbor/canonical.json")


@pytest.mark.parametrize("case", VALID, ids=[c["name"] for c in VALID])
def test_valid_transactions(case):
    tx = case["json"]
    assert encode_tx(tx).hex() == case["hex"]
    assert decode_tx(bytes.fromhex(case["hex"])) == tx
    digest = signing_hash(tx)
    assert digest.hex() == case["signing_hash"]
    keys = [bytes.fromhex(k) for k in case["signer_keys"]]
    if keys:
        assert secp256k1.sign(digest, keys[0]).hex() == tx["signature"][2:]
        for key, signer in zip(keys[1:], tx["additional_signers"]):
            assert secp256k1.sign(digest, key).hex() == signer["signature"][2:]
            assert "0x" + secp256k1.address_of(key).hex() == signer["address"]


@pytest.mark.parametrize("case", INVALID, ids=[c["name"] for c in INVALID])
def test_invalid_transactions(case):
    with pytest.raises(EncodingError) as refused:
        decode_tx(bytes.fromhex(case["hex"]))
    assert refused.value.code == case["code"]


def test_appendix_a_signed_by_an_account():
    account = Account.from_key(APPENDIX_A["private_key"])
    assert account.address == APPENDIX_A["json"]["from"]
    assert encode_tx(APPENDIX_A["json"]).hex() == APPENDIX_A["unsigned_hex"]
    assert signing_hash(APPENDIX_A["json"]).hex() == APPENDIX_A["signing_hash"]
    signed = account.sign_transaction(APPENDIX_A["json"])
    assert signed == APPENDIX_A["signed_json"]
    assert encode_tx(signed).hex() == APPENDIX_A["signed_hex"]


def test_an_account_signs_only_its_own_transactions():
    with pytest.raises(ValueError, match="not 0x"):
        Account.from_key("22" * 32).sign_transaction(APPENDIX_A["json"])


@pytest.mark.parametrize("case", ADDRESSES, ids=[c["name"] for c in ADDRESSES])
def test_actor_addresses(case):
    canonical = canonicalize_source(bytes.fromhex(case["source_utf8_hex"]))
    assert canonical.hex() == case["canonical_hex"]
    assert canonicalize_source(case["source"]) == canonical
    assert keccak256(canonical).hex() == case["code_hash"]
    assert actor_address(bytes.fromhex(case["creator"]), bytes.fromhex(case["salt"]), canonical) == "0x" + case["address"]


@pytest.mark.parametrize("case", CBOR["valid"], ids=[f"{i}:{c['python'][:40]}" for i, c in enumerate(CBOR["valid"])])
def test_cbor_valid(case):
    value = eval(case["python"], {"inf": math.inf})  # the vector's CPython expression
    assert cbor.encode(value).hex() == case["hex"]
    back = cbor.decode(bytes.fromhex(case["hex"]))
    assert type(back) is type(value)
    assert cbor.encode(back).hex() == case["hex"]


@pytest.mark.parametrize("case", CBOR["invalid"], ids=[f"{i}:{c['why'][:40]}" for i, c in enumerate(CBOR["invalid"])])
def test_cbor_invalid(case):
    with pytest.raises(CborError) as refused:
        cbor.decode(bytes.fromhex(case["hex"]))
    assert (refused.value.reason, refused.value.offset) == (case["reason"], case["offset"])


def test_addresses_encode_as_20_bytes_and_equal_them():
    a = Address("0x" + "AB" * 20)
    assert a == "0x" + "ab" * 20
    assert cbor.encode(a) == cbor.encode(bytes.fromhex("ab" * 20))
    assert a == bytes.fromhex("ab" * 20)
    assert bytes.fromhex("ab" * 20) == a
    assert a != bytes.fromhex("ac" * 20)
    with pytest.raises(ValueError):
        Address("0x1234")


def test_argument_payloads():
    assert encode_args() == b""
    assert encode_args([1, "x"]) == cbor.encode([1, "x"])
    assert encode_args(kwargs={"by": 2}) == cbor.encode({"by": 2})
    assert encode_args([1], {"by": 2}) == cbor.encode(([1], {"by": 2}))
    with pytest.raises(CborError, match="nan"):
        cbor.encode(float("nan"))
    with pytest.raises(CborError, match="bytearray"):
        cbor.encode(bytearray(b"x"))
