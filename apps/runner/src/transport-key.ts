// The runner's CBSS transport key (cips/runner-process.md "Secrets"; cips/cbss.md §5, §8): an X25519 key pair the
// proxies seal their share answers to. Generated once, registered on chain with the runner, and kept in the data dir
// encrypted at rest under a key derived from the runner's account key, so the data dir alone opens nothing:
//   transport.key = nonce (12) ‖ AES-256-GCM(k, nonce, aad = "cowboy/runner/transport-key/v1" ‖ address)(secret 32) ‖ tag (16)
//   k = HKDF-SHA256(ikm = account key, salt = "cowboy/runner/at-rest/v1", info = "transport-key", 32)
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transportKeyPair } from "@cowboy/cbss";
import { addressFromPrivateKey, hkdf } from "@cowboy/crypto";
import { RunnerError } from "./errors.js";

export const TRANSPORT_KEY_FILE = "transport.key";
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const SALT = enc("cowboy/runner/at-rest/v1");
const AAD = enc("cowboy/runner/transport-key/v1");
const FILE_BYTES = 12 + 32 + 16;

export interface TransportKey {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  /** True when this call generated the key (first start). */
  readonly created: boolean;
}

function atRestKey(accountKey: Uint8Array): Uint8Array {
  return hkdf(accountKey, SALT, enc("transport-key"), 32);
}

function aad(accountKey: Uint8Array): Uint8Array {
  const address = addressFromPrivateKey(accountKey);
  const out = new Uint8Array(AAD.length + address.length);
  out.set(AAD);
  out.set(address, AAD.length);
  return out;
}

/** Encrypts a transport secret for `dataDir/transport.key` (exported for tests). */
export function sealTransportKey(accountKey: Uint8Array, secretKey: Uint8Array, nonce: Uint8Array = new Uint8Array(randomBytes(12))): Uint8Array {
  const cipher = createCipheriv("aes-256-gcm", atRestKey(accountKey), nonce);
  cipher.setAAD(aad(accountKey));
  const body = cipher.update(secretKey);
  cipher.final();
  const out = new Uint8Array(FILE_BYTES);
  out.set(nonce, 0);
  out.set(body, 12);
  out.set(cipher.getAuthTag(), 44);
  return out;
}

/** Opens `transport.key` bytes; STATE_INVALID if they are not this account's (other key, truncated, tampered). */
export function openTransportKey(accountKey: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (sealed.length !== FILE_BYTES) throw new RunnerError("STATE_INVALID", `${TRANSPORT_KEY_FILE}: expected ${FILE_BYTES} bytes, found ${sealed.length}`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", atRestKey(accountKey), sealed.subarray(0, 12));
    decipher.setAAD(aad(accountKey));
    decipher.setAuthTag(sealed.subarray(44));
    const secret = decipher.update(sealed.subarray(12, 44));
    decipher.final();
    return new Uint8Array(secret);
  } catch (cause) {
    throw new RunnerError("STATE_INVALID", `${TRANSPORT_KEY_FILE} does not open with this runner's key (another runner's data dir, or tampered)`, undefined, { cause });
  }
}

/** Loads the runner's transport key from `dataDir`, generating and persisting it (mode 0600) on first use. */
export function loadOrCreateTransportKey(dataDir: string, accountKey: Uint8Array): TransportKey {
  const path = join(dataDir, TRANSPORT_KEY_FILE);
  if (existsSync(path)) {
    const pair = transportKeyPair(openTransportKey(accountKey, new Uint8Array(readFileSync(path))));
    return { ...pair, created: false };
  }
  const pair = transportKeyPair();
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, sealTransportKey(accountKey, pair.secretKey), { mode: 0o600 });
  renameSync(tmp, path);
  return { ...pair, created: true };
}
