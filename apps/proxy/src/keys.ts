// A proxy's keys, all derived from its account key (cips/cbss.md §8 "Proxy keys"), so nothing but the
// account key must be kept: HKDF-SHA256(ikm = account key, salt = "cowboy/cbss/proxy-keys/v1", info = label).
//   "bls"       → 48 bytes reduced mod r (never 0): the BLS key registered with a proof of possession
//   "transport" → 32 bytes: the X25519 transport secret
//   "at-rest"   → 32 bytes: the AES-256-GCM key of the share file
import { transportKeyPair } from "@cowboy/cbss";
import { BLS_R, addressFromPrivateKey, blsPopProve, hkdf, nobleBls } from "@cowboy/crypto";

const SALT = new TextEncoder().encode("cowboy/cbss/proxy-keys/v1");
const derive = (key: Uint8Array, label: string, n: number): Uint8Array => hkdf(key, SALT, new TextEncoder().encode(label), n);

export interface ProxyKeys {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
  readonly blsSecret: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  readonly proofOfPossession: Uint8Array;
  readonly transport: { readonly secretKey: Uint8Array; readonly publicKey: Uint8Array };
  readonly atRest: Uint8Array;
}

export function deriveProxyKeys(privateKey: Uint8Array): ProxyKeys {
  let n = 0n;
  for (const b of derive(privateKey, "bls", 48)) n = (n << 8n) | BigInt(b);
  n = (n % (BLS_R - 1n)) + 1n;
  const blsSecret = new Uint8Array(32);
  for (let i = 31, v = n; i >= 0; i--, v >>= 8n) blsSecret[i] = Number(v & 0xffn);
  return {
    privateKey,
    address: addressFromPrivateKey(privateKey),
    blsSecret,
    blsPublicKey: nobleBls.getPublicKey(blsSecret),
    proofOfPossession: blsPopProve(blsSecret),
    transport: transportKeyPair(derive(privateKey, "transport", 32)),
    atRest: derive(privateKey, "at-rest", 32),
  };
}
