"""Ethereum interoperability (spec 16.1, cips/interop.md): verify EIP-712 signatures made by Ethereum wallets."""
import pvm_host as _h


def _bytes(value, what):
    if isinstance(value, str):
        value = bytes.fromhex(value[2:] if value.startswith("0x") else value)
    if not isinstance(value, bytes):
        raise TypeError(what + " must be bytes or a 0x-prefixed hex string")
    return value


def verify_typed_data(domain, types, primary_type, message, signature, address):
    """True when `signature` (65 bytes r||s||v, v 27/28 or 0/1) over the EIP-712 digest of the typed data was made
    by the Ethereum `address`; False for any other signer, or the same signature under another domain (chainId).
    `types` may omit EIP712Domain: it is derived from the domain's fields, as viem does."""
    return _h.eth_verify_typed_data(domain, types, primary_type, message, _bytes(signature, "signature"), _bytes(address, "address"))
