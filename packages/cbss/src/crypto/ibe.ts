// Boneh–Franklin IBE on BLS12-381 with the Fujisaki–Okamoto transform (cips/cbss.md §2 "IBE"): the
// master key lives on G1 (48-byte compressed, as the chain's min-pk BLS keys), identities hash to G2, and
// a decryption key is the BLS signature s·H(id) on G2. The hashes H2/H3/H4 and the GT byte order are those
// of drand's tlock (kyber/kilic), so ciphertexts interoperate with tlock-js's encryptOnG1 when the same DST is used.
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { CbssError } from "../errors.js";
import { CBSS_IBE_DST } from "./identity.js";

const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
const Fp12 = bls12_381.fields.Fp12;
const R = bls12_381.fields.Fr.ORDER;
const enc = new TextEncoder();
const H2_TAG = enc.encode("IBE-H2");
const H3_TAG = enc.encode("IBE-H3");
const H4_TAG = enc.encode("IBE-H4");

/** U = r·G1 (48 bytes compressed), V = σ ⊕ H2(e(P, Q_id)^r), W = m ⊕ H4(σ); |V| = |W| = |m| ≤ 32. */
export interface IbeCiphertext {
  readonly U: Uint8Array;
  readonly V: Uint8Array;
  readonly W: Uint8Array;
}

type Gt = ReturnType<typeof bls12_381.pairing>;
type G2Point = ReturnType<typeof G2.fromBytes>;

function fpBytes(x: bigint): Uint8Array {
  const out = new Uint8Array(48);
  let v = x;
  for (let i = 47; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/**
 * GT element as 576 bytes in the kilic/kyber order: Fp12 = c1 ‖ c0, each Fp6 = c2 ‖ c1 ‖ c0, each
 * Fp2 = c1 ‖ c0, each Fp 48 bytes big-endian.
 */
export function gtToBytes(gt: Gt): Uint8Array {
  const out = new Uint8Array(576);
  let o = 0;
  for (const fp6 of [gt.c1, gt.c0]) {
    for (const fp2 of [fp6.c2, fp6.c1, fp6.c0]) {
      for (const fp of [fp2.c1, fp2.c0]) {
        out.set(fpBytes(fp), o);
        o += 48;
      }
    }
  }
  return out;
}

function hash(...parts: Uint8Array[]): Uint8Array {
  const h = sha256.create();
  for (const p of parts) h.update(p);
  return h.digest();
}

/** H3(σ, m) → a scalar in [0, r): h = SHA-256("IBE-H3" ‖ σ ‖ m); for i = 1, 2, …: d = SHA-256(u16le(i) ‖ h), d[0] >>= 1, take d (BE) if < r. */
export function h3(sigma: Uint8Array, msg: Uint8Array): bigint {
  const base = hash(H3_TAG, sigma, msg);
  for (let i = 1; i < 0xffff; i++) {
    const d = hash(new Uint8Array([i & 0xff, i >> 8]), base);
    d[0] = (d[0] as number) >> 1;
    let n = 0n;
    for (const b of d) n = (n << 8n) | BigInt(b);
    if (n < R && n !== 0n) return n;
  }
  throw new CbssError("INVALID_ARGUMENT", "h3: no scalar found (probability 2^-65535)");
}

const h2 = (gt: Gt, len: number): Uint8Array => hash(H2_TAG, gtToBytes(gt)).slice(0, len);
const h4 = (sigma: Uint8Array, len: number): Uint8Array => hash(H4_TAG, sigma).slice(0, len);

function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) ^ (b[i] as number);
  return out;
}

const POINT_CACHE = new Map<string, G2Point>();
const POINT_CACHE_SIZE = 64;

/** Q_id = hash_to_G2(identity, dst). Hashing to G2 dominates a release, so the last 64 points are kept (points are immutable). */
export function identityPoint(identity: Uint8Array, dst: string = CBSS_IBE_DST): G2Point {
  let k = dst;
  for (const b of identity) k += b.toString(16).padStart(2, "0");
  const hit = POINT_CACHE.get(k);
  if (hit !== undefined) return hit;
  const q = bls12_381.G2.hashToCurve(identity, { DST: dst }) as unknown as G2Point;
  if (POINT_CACHE.size >= POINT_CACHE_SIZE) POINT_CACHE.delete(POINT_CACHE.keys().next().value as string);
  POINT_CACHE.set(k, q);
  return q;
}

function g1(arg: string, bytes: Uint8Array) {
  try {
    const p = G1.fromBytes(bytes);
    p.assertValidity();
    if (p.is0()) throw new Error("infinity");
    return p;
  } catch {
    throw new CbssError("INVALID_ENCODING", `${arg}: not a valid compressed G1 point`);
  }
}

export function decodeG2Point(arg: string, bytes: Uint8Array): G2Point {
  try {
    const p = G2.fromBytes(bytes);
    p.assertValidity();
    if (p.is0()) throw new Error("infinity");
    return p;
  } catch {
    throw new CbssError("INVALID_ENCODING", `${arg}: not a valid compressed G2 point`);
  }
}

export interface IbeOptions {
  /** Hash-to-G2 DST for the identity (CBSS_IBE_DST unless cross-checking tlock). */
  readonly dst?: string;
  /** The FO randomness σ (|σ| = |m|); fresh random bytes unless a test vector fixes it. */
  readonly sigma?: Uint8Array;
}

/** Encrypts `msg` (1–32 bytes) to `identity` under the 48-byte G1 master public key. */
export function ibeEncrypt(master: Uint8Array, identity: Uint8Array, msg: Uint8Array, options: IbeOptions = {}): IbeCiphertext {
  if (!(msg instanceof Uint8Array) || msg.length < 1 || msg.length > 32) throw new CbssError("INVALID_ARGUMENT", "msg: expected 1-32 bytes");
  if (!(identity instanceof Uint8Array)) throw new CbssError("INVALID_ARGUMENT", "identity: expected bytes");
  const P = g1("master", master);
  const sigma = options.sigma ?? crypto.getRandomValues(new Uint8Array(msg.length));
  if (sigma.length !== msg.length) throw new CbssError("INVALID_ARGUMENT", "sigma: must be as long as msg");
  const r = h3(sigma, msg);
  const gid = bls12_381.pairing(P, identityPoint(identity, options.dst));
  return {
    U: G1.BASE.multiply(r).toBytes(true),
    V: xor(sigma, h2(Fp12.pow(gid, r), msg.length)),
    W: xor(msg, h4(sigma, msg.length)),
  };
}

/** Decrypts with the 96-byte G2 key s·Q_id; DECRYPT_FAILED unless the FO check U = H3(σ, m)·G1 holds. */
export function ibeDecrypt(key: Uint8Array, ct: IbeCiphertext): Uint8Array {
  const { U, V, W } = ct;
  if (!(V instanceof Uint8Array) || !(W instanceof Uint8Array) || V.length !== W.length || V.length < 1 || V.length > 32) {
    throw new CbssError("INVALID_ENCODING", "ciphertext: V and W must be 1-32 bytes of equal length");
  }
  const u = g1("ciphertext.U", U);
  const d = decodeG2Point("key", key);
  const sigma = xor(V, h2(bls12_381.pairing(u, d), V.length));
  const msg = xor(W, h4(sigma, W.length));
  if (!G1.BASE.multiply(h3(sigma, msg)).equals(u)) {
    throw new CbssError("DECRYPT_FAILED", "IBE: the key does not open this ciphertext (wrong identity or key, or tampered)");
  }
  return msg;
}
