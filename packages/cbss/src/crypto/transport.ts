// Transport sealing (cips/cbss.md §5 "Transport"): shares travel only encrypted to a recipient's X25519
// transport key — the dealer's shares to proxies, and each proxy's share signature to the runner.
//   sealed = ephemeral public key (32) ‖ nonce (12) ‖ AES-256-GCM(k, nonce, aad)(plaintext) ‖ tag (16)
//   k = HKDF-SHA256(ikm = X25519(eph, recipient), salt = "cowboy/cbss/transport/v1", info = eph ‖ recipient, 32)
import { hkdf } from "@cowboy/crypto";
import { gcm } from "@noble/ciphers/aes.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { CbssError } from "../errors.js";

const SALT = new TextEncoder().encode("cowboy/cbss/transport/v1");
const OVERHEAD = 32 + 12 + 16;

/** A fresh X25519 key pair (32-byte secret, 32-byte public). */
export function transportKeyPair(secretKey?: Uint8Array): { secretKey: Uint8Array; publicKey: Uint8Array } {
  const sk = secretKey ?? x25519.utils.randomSecretKey();
  return { secretKey: sk, publicKey: x25519.getPublicKey(sk) };
}

function derive(shared: Uint8Array, eph: Uint8Array, recipient: Uint8Array): Uint8Array {
  const info = new Uint8Array(64);
  info.set(eph, 0);
  info.set(recipient, 32);
  return hkdf(shared, SALT, info, 32);
}

/** Encrypts `plaintext` to the 32-byte X25519 `recipient`, bound to `aad`. */
export function sealTo(recipient: Uint8Array, plaintext: Uint8Array, aad: Uint8Array, ephemeralSecret?: Uint8Array, nonce?: Uint8Array): Uint8Array {
  if (!(recipient instanceof Uint8Array) || recipient.length !== 32) throw new CbssError("INVALID_ARGUMENT", "recipient: expected a 32-byte X25519 key");
  const eph = transportKeyPair(ephemeralSecret);
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(eph.secretKey, recipient);
  } catch (cause) {
    throw new CbssError("INVALID_ARGUMENT", "recipient: not a usable X25519 key", undefined, { cause });
  }
  const k = derive(shared, eph.publicKey, recipient);
  const n = nonce ?? crypto.getRandomValues(new Uint8Array(12));
  const body = gcm(k, n, aad).encrypt(plaintext);
  const out = new Uint8Array(44 + body.length);
  out.set(eph.publicKey, 0);
  out.set(n, 32);
  out.set(body, 44);
  k.fill(0);
  return out;
}

/** Opens what sealTo made for the key pair with `secretKey`; DECRYPT_FAILED if not for us or tampered. */
export function openFrom(secretKey: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Uint8Array {
  if (!(sealed instanceof Uint8Array) || sealed.length < OVERHEAD) throw new CbssError("INVALID_ENCODING", `sealed: expected at least ${OVERHEAD} bytes`);
  const eph = sealed.slice(0, 32);
  try {
    const k = derive(x25519.getSharedSecret(secretKey, eph), eph, x25519.getPublicKey(secretKey));
    const out = gcm(k, sealed.slice(32, 44), aad).decrypt(sealed.slice(44));
    k.fill(0);
    return out;
  } catch (cause) {
    throw new CbssError("DECRYPT_FAILED", "transport: the sealed message is not for this key or was tampered with", undefined, { cause });
  }
}
