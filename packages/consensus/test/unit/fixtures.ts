// Deterministic keys and a 4-validator set for the unit tests.
import { bls, dealShares, sha256 } from "@cowboy/crypto";
import { createValidatorSet, type Validator } from "../../src/index.js";

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

export function secretKey(label: string): Uint8Array {
  const k = sha256(utf8(`unit-key:${label}`));
  k[0] = (k[0] as number) & 0x3f;
  k[31] = (k[31] as number) | 1;
  return k;
}

export const CHAIN_ID = 9n;
export const keys = [0, 1, 2, 3].map((i) => secretKey(`v${i}`));
export const dealing = dealShares(secretKey("group"), 3, 4, sha256(utf8("unit dealing")));
export const validators: Validator[] = keys.map((k, i) => ({
  address: new Uint8Array(20).fill(i + 1),
  stake: 100n,
  blsPublicKey: bls.getPublicKey(k),
  peer: `peer-${i}`,
}));
export const set = createValidatorSet({ chainId: CHAIN_ID, epoch: 0n, validators, threshold: 3, commitments: dealing.commitments });
