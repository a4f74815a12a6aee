"""secp256k1 ECDSA for Cowboy signatures (spec §2.5, cips/transactions.md "Signing hash").

Pure Python: deterministic nonces by RFC 6979 (HMAC-SHA256), low-S signatures, 65 bytes r ‖ s ‖ v
with v ∈ {0, 1} the recovery id, and public-key recovery. Addresses are the last 20 bytes of
keccak256 of the uncompressed public key without its 0x04 prefix. Not constant-time: for tests,
wallets on a developer's machine and devnets, not for keys an attacker can time.
"""

from __future__ import annotations

import hashlib
import hmac

from .keccak import keccak256

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)

# Jacobian coordinates (X, Y, Z) with x = X/Z², y = Y/Z³; Z = 0 is the point at infinity.
_Jac = tuple[int, int, int]
_INF: _Jac = (0, 1, 0)


def _double(p: _Jac) -> _Jac:
    x, y, z = p
    if z == 0 or y == 0:
        return _INF
    ysq = y * y % P
    s = 4 * x * ysq % P
    m = 3 * x * x % P
    nx = (m * m - 2 * s) % P
    ny = (m * (s - nx) - 8 * ysq * ysq) % P
    return (nx, ny, 2 * y * z % P)


def _add(p: _Jac, q: _Jac) -> _Jac:
    if p[2] == 0:
        return q
    if q[2] == 0:
        return p
    x1, y1, z1 = p
    x2, y2, z2 = q
    z1s, z2s = z1 * z1 % P, z2 * z2 % P
    u1, u2 = x1 * z2s % P, x2 * z1s % P
    s1, s2 = y1 * z2s * z2 % P, y2 * z1s * z1 % P
    if u1 == u2:
        return _double(p) if s1 == s2 else _INF
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    h2 = h * h % P
    h3 = h * h2 % P
    u1h2 = u1 * h2 % P
    nx = (r * r - h3 - 2 * u1h2) % P
    ny = (r * (u1h2 - nx) - s1 * h3) % P
    return (nx, ny, h * z1 * z2 % P)


def _mul(k: int, point: tuple[int, int]) -> _Jac:
    acc = _INF
    add: _Jac = (point[0], point[1], 1)
    while k:
        if k & 1:
            acc = _add(acc, add)
        add = _double(add)
        k >>= 1
    return acc


def _affine(p: _Jac) -> tuple[int, int]:
    if p[2] == 0:
        raise ValueError("the point at infinity has no affine form")
    zi = pow(p[2], -1, P)
    zi2 = zi * zi % P
    return (p[0] * zi2 % P, p[1] * zi2 * zi % P)


def _scalar(private_key: bytes) -> int:
    if not isinstance(private_key, (bytes, bytearray)) or len(private_key) != 32:
        raise ValueError("a private key is 32 bytes")
    d = int.from_bytes(private_key, "big")
    if not 0 < d < N:
        raise ValueError("the private key is not in [1, n-1]")
    return d


def public_key(private_key: bytes) -> bytes:
    """The 65-byte uncompressed public key (0x04 ‖ x ‖ y)."""
    x, y = _affine(_mul(_scalar(private_key), G))
    return b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big")


def address_of_public_key(pub: bytes) -> bytes:
    """The 20-byte address of a 65-byte uncompressed public key."""
    if len(pub) != 65 or pub[0] != 4:
        raise ValueError("expected a 65-byte uncompressed public key")
    return keccak256(pub[1:])[-20:]


def address_of(private_key: bytes) -> bytes:
    """The 20-byte address of a private key."""
    return address_of_public_key(public_key(private_key))


def _rfc6979_nonces(d: int, msg_hash: bytes):
    """RFC 6979 §3.2 candidate nonces for secp256k1 with HMAC-SHA256 (qlen = hlen = 256 bits)."""
    x = d.to_bytes(32, "big")
    h = (int.from_bytes(msg_hash, "big") % N).to_bytes(32, "big")  # bits2octets
    v = b"\x01" * 32
    k = b"\x00" * 32
    k = hmac.new(k, v + b"\x00" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    k = hmac.new(k, v + b"\x01" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    while True:
        v = hmac.new(k, v, hashlib.sha256).digest()
        candidate = int.from_bytes(v, "big")
        if 0 < candidate < N:
            yield candidate
        k = hmac.new(k, v + b"\x00", hashlib.sha256).digest()
        v = hmac.new(k, v, hashlib.sha256).digest()


def sign(msg_hash: bytes, private_key: bytes) -> bytes:
    """Signs a 32-byte hash: 65 bytes r ‖ s ‖ v, low-S, v the recovery id (0 or 1)."""
    if len(msg_hash) != 32:
        raise ValueError("the message hash is 32 bytes")
    d = _scalar(private_key)
    z = int.from_bytes(msg_hash, "big") % N
    for k in _rfc6979_nonces(d, msg_hash):
        rx, ry = _affine(_mul(k, G))
        r = rx % N
        if r == 0:
            continue
        s = pow(k, -1, N) * (z + r * d) % N
        if s == 0:
            continue
        recovery = (ry & 1) | (2 if rx >= N else 0)
        if s > N // 2:
            s = N - s
            recovery ^= 1
        if recovery > 1:
            continue  # r overflowed n: not expressible with v ∈ {0, 1} (probability ~2^-128)
        return r.to_bytes(32, "big") + s.to_bytes(32, "big") + bytes([recovery])
    raise AssertionError("unreachable")


def recover(msg_hash: bytes, signature: bytes) -> bytes:
    """The 65-byte public key that made `signature` over `msg_hash`; ValueError if none (or high S)."""
    if len(signature) != 65 or len(msg_hash) != 32:
        raise ValueError("expected a 32-byte hash and a 65-byte signature")
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:64], "big")
    v = signature[64]
    if not (0 < r < N and 0 < s <= N // 2 and v in (0, 1)):
        raise ValueError("malformed signature (r, s out of range, high S, or v not 0/1)")
    x = r
    alpha = (pow(x, 3, P) + 7) % P
    beta = pow(alpha, (P + 1) // 4, P)
    if beta * beta % P != alpha:
        raise ValueError("r is not the x coordinate of a curve point")
    y = beta if beta & 1 == v else P - beta
    z = int.from_bytes(msg_hash, "big") % N
    ri = pow(r, -1, N)
    q = _add(_mul(s * ri % N, (x, y)), _mul((-z * ri) % N, G))
    qx, qy = _affine(q)
    return b"\x04" + qx.to_bytes(32, "big") + qy.to_bytes(32, "big")


def recover_address(msg_hash: bytes, signature: bytes) -> bytes:
    """The 20-byte address whose key made `signature` over `msg_hash`."""
    return address_of_public_key(recover(msg_hash, signature))
