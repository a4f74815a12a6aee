"""Captures test-vectors/crypto/*.json with CPython 3.11 + pyca/cryptography, independently of
the TypeScript code under test: ECDSA (RFC 6979) and HKDF come from OpenSSL via `cryptography`;
keccak-256, point recovery and low-S normalisation are written out below from their definitions.
Run: python3 test-vectors/crypto/generate.py   (writes next to this file)."""
import hashlib, json, os
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

HERE = os.path.dirname(os.path.abspath(__file__))

# --- keccak-256 (original padding 0x01), from the Keccak reference description ---
RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
      0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
      0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
      0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
      0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]
M64 = (1 << 64) - 1

def rol(x, n):
    return ((x << n) | (x >> (64 - n))) & M64 if n else x

def keccak_f(A):
    for rc in RC:
        C = [A[x][0] ^ A[x][1] ^ A[x][2] ^ A[x][3] ^ A[x][4] for x in range(5)]
        D = [C[(x - 1) % 5] ^ rol(C[(x + 1) % 5], 1) for x in range(5)]
        A = [[A[x][y] ^ D[x] for y in range(5)] for x in range(5)]
        B = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                B[y][(2 * x + 3 * y) % 5] = rol(A[x][y], ROT[x][y])
        A = [[B[x][y] ^ ((~B[(x + 1) % 5][y]) & B[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        A[0][0] ^= rc
    return A

def keccak256(data: bytes) -> bytes:
    rate = 136
    msg = bytearray(data) + b"\x01" + b"\x00" * ((-len(data) - 1) % rate)
    msg[-1] |= 0x80
    A = [[0] * 5 for _ in range(5)]
    for off in range(0, len(msg), rate):
        block = msg[off:off + rate]
        for i in range(rate // 8):
            A[i % 5][i // 5] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        A = keccak_f(A)
    out = b"".join(A[i % 5][i // 5].to_bytes(8, "little") for i in range(4))
    return out

assert keccak256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"

# --- secp256k1 affine arithmetic, for recovery ids and public keys ---
P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)

def add(p, q):
    if p is None: return q
    if q is None: return p
    if p[0] == q[0] and (p[1] + q[1]) % P == 0: return None
    if p == q: l = 3 * p[0] * p[0] * pow(2 * p[1], -1, P) % P
    else: l = (q[1] - p[1]) * pow(q[0] - p[0], -1, P) % P
    x = (l * l - p[0] - q[0]) % P
    return (x, (l * (p[0] - x) - p[1]) % P)

def mul(k, p):
    r = None
    while k:
        if k & 1: r = add(r, p)
        p = add(p, p); k >>= 1
    return r

def recover(h: int, r: int, s: int, v: int):
    y2 = (pow(r, 3, P) + 7) % P
    y = pow(y2, (P + 1) // 4, P)
    if y % 2 != v: y = P - y
    R = (r, y)
    rinv = pow(r, -1, N)
    return add(mul(s * rinv % N, R), mul((-h * rinv) % N, G))

def uncompressed(pt): return b"\x04" + pt[0].to_bytes(32, "big") + pt[1].to_bytes(32, "big")

def secp_case(name, key: int, msg_hash: bytes):
    sk = ec.derive_private_key(key, ec.SECP256K1())
    der = sk.sign(msg_hash, ec.ECDSA(utils.Prehashed(hashes.SHA256()), deterministic_signing=True))
    r, s = utils.decode_dss_signature(der)
    if s > N // 2: s = N - s  # low-S: the other valid s for the same r
    pub = mul(key, G)
    h = int.from_bytes(msg_hash, "big")
    v = next(v for v in (0, 1) if recover(h, r, s, v) == pub)
    pubb = uncompressed(pub)
    return {"name": name, "privateKey": key.to_bytes(32, "big").hex(), "msgHash": msg_hash.hex(),
            "signature": r.to_bytes(32, "big").hex() + s.to_bytes(32, "big").hex() + f"{v:02x}",
            "publicKey": pubb.hex(), "address": keccak256(pubb[1:])[12:].hex()}

sha = lambda b: hashlib.sha256(b).digest()
secp = [
    secp_case("appendix-a", int("11" * 32, 16), bytes.fromhex("203b9aa5435ad7de1164fa534c9d72de46e734a9d99703790756380c67b8304a")),
    secp_case("key-1-satoshi", 1, sha(b"Satoshi Nakamoto")),
    secp_case("key-1-tears", 1, sha(b"All those moments will be lost in time, like tears in rain. Time to die...")),
    secp_case("key-n-1-satoshi", N - 1, sha(b"Satoshi Nakamoto")),
    secp_case("key-2-abc", 2, keccak256(b"abc")),
    secp_case("key-deadbeef-zero-hash", 0xDEADBEEF, b"\x00" * 32),
]
for i in range(6):
    seed = keccak256(b"cowboy secp256k1 vector " + bytes([i]))
    key = int.from_bytes(seed, "big") % (N - 1) + 1
    secp.append(secp_case(f"keccak-seeded-{i}", key, keccak256(seed)))

# Published RFC 6979 answers for key 1 / sha256("Satoshi Nakamoto") (widely used secp256k1 KAT).
assert secp[1]["signature"].startswith("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
                                       "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5")
assert secp[1]["address"] == "7e5f4552091a69125d5dfcb7b8c2659029395bdf"

def hkdf_case(name, ikm, salt, info, length):
    okm = HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)
    import hmac
    prk = hmac.new(salt if salt else b"\x00" * 32, ikm, hashlib.sha256).digest()
    return {"name": name, "ikm": ikm.hex(), "salt": salt.hex(), "info": info.hex(), "length": length,
            "prk": prk.hex(), "okm": okm.hex()}

hkdf = [
    hkdf_case("rfc5869-1", b"\x0b" * 22, bytes(range(0x00, 0x0d)), bytes(range(0xf0, 0xfa)), 42),
    hkdf_case("rfc5869-2", bytes(range(0x00, 0x50)), bytes(range(0x60, 0xb0)), bytes(range(0xb0, 0x100)), 82),
    hkdf_case("rfc5869-3", b"\x0b" * 22, b"", b"", 42),
]
# Published OKMs from RFC 5869 appendix A (first bytes), as a guard on the capture itself.
assert hkdf[0]["okm"].startswith("3cb25f25faacd57a90434f64d0362f2a")
assert hkdf[2]["okm"].startswith("8da4e775a563c18f715f802a063c5a31")
SALT = b"cowboy/randomness/v1"
beacon = bytes(range(96))
randomness = [hkdf_case(f"randomness-{lbl.decode()}", beacon, SALT, lbl, 32) for lbl in (b"lottery", b"committee/7", b"")]

# --- malformed BLS12-381 G1 public keys (compressed, 48 bytes) ---
BP = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab

def g1_compressed(x, y_large):
    b = bytearray(x.to_bytes(48, "big"))
    b[0] |= 0x80 | (0x20 if y_large else 0)
    return bytes(b)

def find_x(want_square):
    x = 1
    while True:
        rhs = (pow(x, 3, BP) + 4) % BP
        is_sq = pow(rhs, (BP - 1) // 2, BP) == 1
        if is_sq == want_square:
            return x
        x += 1

bad_g1 = [
    {"name": "infinity", "bytes": "c0" + "00" * 47},
    {"name": "off-curve", "bytes": g1_compressed(find_x(False), False).hex()},
    # On the curve E(Fp) but (overwhelmingly likely, and checked by the tests' other backend) not in G1.
    {"name": "outside-subgroup", "bytes": g1_compressed(find_x(True), False).hex()},
    {"name": "missing-compression-flag", "bytes": "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"},
    {"name": "x-not-reduced", "bytes": g1_compressed(BP, False).hex()},
]

# --- Ed25519: RFC 8032 §7.1 tests 1-3, re-signed with OpenSSL and compared to the RFC's text ---
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization

RFC8032 = [
    ("rfc8032-1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("rfc8032-2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("rfc8032-3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]
ed = []
for name, skh, msgh, sigh in RFC8032:
    k = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(skh))
    sig = k.sign(bytes.fromhex(msgh))
    assert sig.hex() == sigh, name
    pub = k.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    ed.append({"name": name, "secretKey": skh, "publicKey": pub.hex(), "message": msgh, "signature": sigh})

def dump(name, obj):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(obj, f, indent=2, sort_keys=True)
        f.write("\n")

dump("secp256k1.json", {"description": "secp256k1 r||s||v signatures (RFC 6979, low-S), public keys, addresses", "cases": secp})
dump("bls-invalid-g1.json", {"description": "48-byte encodings that every BLS backend must reject as a public key", "cases": bad_g1})
dump("ed25519.json", {"description": "Ed25519 RFC 8032 section 7.1 tests 1-3", "cases": ed})
dump("hkdf.json", {"description": "HKDF-SHA256 (RFC 5869 test cases 1-3) and Cowboy actor randomness", "cases": hkdf, "randomness": randomness})
