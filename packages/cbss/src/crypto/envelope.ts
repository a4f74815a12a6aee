// A sealed secret (cips/cbss.md §4 "Envelope"): a fresh 32-byte data key k encrypts the value with
// AES-256-GCM (12-byte nonce, AAD = identity); k itself is IBE-encrypted to the identity. Only the
// envelope goes on chain; the value and k never do.
//   bytes = 0x01 ‖ U (48) ‖ V (32) ‖ W (32) ‖ nonce (12) ‖ AES-GCM ciphertext ‖ tag (16)
import { gcm } from "@noble/ciphers/aes.js";
import { CbssError } from "../errors.js";
import { type IbeCiphertext, ibeDecrypt, ibeEncrypt } from "./ibe.js";

export const ENVELOPE_VERSION = 1;
const HEADER = 1 + 48 + 32 + 32 + 12;
const TAG = 16;

export interface SealOptions {
  /** Fixed data key, IBE σ and nonce, for test vectors only. */
  readonly dataKey?: Uint8Array;
  readonly sigma?: Uint8Array;
  readonly nonce?: Uint8Array;
}

const rand = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** Seals `value` to `identity` under the 48-byte group key. */
export function sealSecret(groupKey: Uint8Array, identity: Uint8Array, value: Uint8Array, options: SealOptions = {}): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new CbssError("INVALID_ARGUMENT", "value: expected bytes");
  const dataKey = options.dataKey ?? rand(32);
  const nonce = options.nonce ?? rand(12);
  if (dataKey.length !== 32 || nonce.length !== 12) throw new CbssError("INVALID_ARGUMENT", "dataKey is 32 bytes, nonce 12");
  const ct = ibeEncrypt(groupKey, identity, dataKey, options.sigma === undefined ? {} : { sigma: options.sigma });
  const body = gcm(dataKey, nonce, identity).encrypt(value);
  const out = new Uint8Array(HEADER + body.length);
  out[0] = ENVELOPE_VERSION;
  out.set(ct.U, 1);
  out.set(ct.V, 49);
  out.set(ct.W, 81);
  out.set(nonce, 113);
  out.set(body, HEADER);
  if (options.dataKey === undefined) dataKey.fill(0);
  return out;
}

/** Splits an envelope into its IBE part, nonce and AES-GCM body (INVALID_ENCODING if malformed). */
export function parseEnvelope(bytes: Uint8Array): { ibe: IbeCiphertext; nonce: Uint8Array; body: Uint8Array } {
  if (!(bytes instanceof Uint8Array) || bytes.length < HEADER + TAG || bytes[0] !== ENVELOPE_VERSION) {
    throw new CbssError("INVALID_ENCODING", `envelope: expected version ${ENVELOPE_VERSION} and at least ${HEADER + TAG} bytes`);
  }
  return {
    ibe: { U: bytes.slice(1, 49), V: bytes.slice(49, 81), W: bytes.slice(81, 113) },
    nonce: bytes.slice(113, HEADER),
    body: bytes.slice(HEADER),
  };
}

/** Plaintext length of an envelope (what the chain may reveal about a secret). */
export const envelopeValueLength = (bytes: Uint8Array): number => parseEnvelope(bytes).body.length - TAG;

/** Opens an envelope with the 96-byte decryption key s·Q_id; DECRYPT_FAILED on any mismatch. */
export function openSecret(decryptionKey: Uint8Array, identity: Uint8Array, envelope: Uint8Array): Uint8Array {
  const { ibe, nonce, body } = parseEnvelope(envelope);
  const dataKey = ibeDecrypt(decryptionKey, ibe);
  try {
    return gcm(dataKey, nonce, identity).decrypt(body);
  } catch (cause) {
    throw new CbssError("DECRYPT_FAILED", "AES-GCM: the envelope does not authenticate under this identity", undefined, { cause });
  } finally {
    dataKey.fill(0);
  }
}
