// Share encryption of the DKG / reshare (cips/crypto.md "DKG and reshare", "Share encryption"):
// hashed ElGamal in G1 to each recipient's BLS public key, with a Chaum–Pedersen proof so a
// recipient can reveal its Diffie–Hellman point in a complaint without revealing its key.
//   K_j = r·PK_j = sk_j·R,  pad_j = HKDF-SHA256(ikm = K_j, salt = "cowboy/dkg/share/v1",
//   info = context ‖ u32 dealer ‖ u32 j ‖ R, 32),  e_j = u256(s_j) XOR pad_j
import { CryptoError } from "../errors.js";
import { abytes, bigintToBytes, bytesToBigint, concatBytes } from "../guards.js";
import { hkdf } from "../hkdf.js";
import { sha256 } from "../hashes.js";
import { Fr, G1, type G1Point, derivedScalar, u32be } from "./field.js";

const PAD_SALT = new TextEncoder().encode("cowboy/dkg/share/v1");
const DLEQ_TAG = new TextEncoder().encode("cowboy/dkg/dleq/v1");
const DLEQ_NONCE_SALT = new TextEncoder().encode("cowboy/dkg/dleq-nonce/v1");

/** Proof that log_G(PK) = log_R(K): challenge c and response z, 32 bytes each. */
export interface DleqProof {
  readonly c: bigint;
  readonly z: bigint;
}

/** The one-time pad that hides recipient `recipient`'s share in a dealing by `dealer`. */
export function sharePad(shared: G1Point, context: Uint8Array, dealer: number, recipient: number, ephemeral: Uint8Array): Uint8Array {
  const info = concatBytes(context, u32be(dealer), u32be(recipient), ephemeral);
  return hkdf(shared.toBytes(true), PAD_SALT, info, 32);
}

/** e = u256(share) XOR pad. */
export function xorScalar(value: bigint, pad: Uint8Array): Uint8Array {
  const out = bigintToBytes(value, 32);
  for (let i = 0; i < 32; i++) out[i] = (out[i] as number) ^ (pad[i] as number);
  return out;
}

/** The share hidden in e under pad, or undefined when the 256-bit value is not below r. */
export function unxorScalar(encrypted: Uint8Array, pad: Uint8Array): bigint | undefined {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (encrypted[i] as number) ^ (pad[i] as number);
  const v = bytesToBigint(out);
  return v < Fr.ORDER ? v : undefined;
}

function challenge(pk: G1Point, r: G1Point, k: G1Point, a1: G1Point, a2: G1Point): bigint {
  const data = concatBytes(DLEQ_TAG, ...[G1.BASE, pk, r, k, a1, a2].map((p) => p.toBytes(true)));
  return Fr.create(bytesToBigint(concatBytes(sha256(concatBytes(data, new Uint8Array([0]))), sha256(concatBytes(data, new Uint8Array([1]))))));
}

/** K = sk·R and a proof that it shares its discrete log with PK = sk·G (nonce derived from sk, R). */
export function proveSharedPoint(secretKey: bigint, ephemeral: G1Point): { shared: G1Point; proof: DleqProof } {
  const pk = G1.BASE.multiply(secretKey);
  const shared = ephemeral.multiply(secretKey);
  const w = derivedScalar(concatBytes(bigintToBytes(secretKey, 32), ephemeral.toBytes(true)), DLEQ_NONCE_SALT, new Uint8Array(0));
  const a1 = G1.BASE.multiply(w);
  const a2 = ephemeral.multiply(w);
  const c = challenge(pk, ephemeral, shared, a1, a2);
  return { shared, proof: { c, z: Fr.add(w, Fr.mul(c, secretKey)) } };
}

/** True iff `proof` shows log_G(pk) = log_R(shared). */
export function verifySharedPoint(pk: G1Point, ephemeral: G1Point, shared: G1Point, proof: DleqProof): boolean {
  if (proof.c >= Fr.ORDER || proof.z >= Fr.ORDER) return false;
  const negC = Fr.neg(proof.c);
  const a1 = G1.BASE.multiplyUnsafe(proof.z).add(pk.multiplyUnsafe(negC));
  const a2 = ephemeral.multiplyUnsafe(proof.z).add(shared.multiplyUnsafe(negC));
  return challenge(pk, ephemeral, shared, a1, a2) === proof.c;
}

export function encodeProof(proof: DleqProof): Uint8Array {
  return concatBytes(bigintToBytes(proof.c, 32), bigintToBytes(proof.z, 32));
}

export function decodeProof(arg: string, bytes: Uint8Array): DleqProof {
  abytes(bytes, arg, 64);
  const proof = { c: bytesToBigint(bytes.subarray(0, 32)), z: bytesToBigint(bytes.subarray(32)) };
  if (proof.c >= Fr.ORDER || proof.z >= Fr.ORDER) throw new CryptoError("INVALID_SCALAR", `${arg}: scalars must be below r`);
  return proof;
}
