// Test committees for the DKG / reshare: BLS key pairs from a seeded stream, and a whole honest run.
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bigintToBytes, bytesToBigint } from "../../src/guards.js";
import { type Dealing, combineCommitments, combineShare, createDealing, nobleBls, openShare, type SecretShare } from "../../src/index.js";
import { seededBytes } from "./helpers.js";

export interface Member {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

export function members(n: number, seed: number): Member[] {
  const rand = seededBytes(seed);
  return Array.from({ length: n }, () => {
    const secretKey = bigintToBytes(bls12_381.fields.Fr.create(bytesToBigint(rand(48))) || 1n, 32);
    return { secretKey, publicKey: nobleBls.getPublicKey(secretKey) };
  });
}

/** Every dealer in `dealers` (index → secret) deals to `to`; returns the dealings. */
export function dealAll(context: Uint8Array, dealers: ReadonlyMap<number, Uint8Array>, to: readonly Member[], threshold: number, seed: number): Dealing[] {
  const rand = seededBytes(seed);
  return [...dealers].map(([dealer, secret]) => createDealing({ context, dealer, secret, threshold, recipients: to.map((m) => m.publicKey), seed: rand(32) }));
}

/** Opens, for every member of `to`, its shares of the chosen dealings and combines them. */
export function newShares(
  context: Uint8Array,
  dealings: readonly Dealing[],
  to: readonly Member[],
  kind: "reshare" | "fresh",
  required: number,
): { shares: SecretShare[]; commitments: readonly Uint8Array[]; groupPublicKey: Uint8Array } {
  const combined = combineCommitments({ kind, dealings, required });
  const shares = to.map((m, i) => {
    const j = i + 1;
    const byDealer = new Map<number, bigint>();
    for (const d of dealings) {
      if (!combined.dealers.includes(d.dealer)) continue;
      const opened = openShare({ dealing: d, context, recipient: j, secretKey: m.secretKey });
      if (!opened.ok) throw new Error(`recipient ${j} complains about dealer ${d.dealer}`);
      byDealer.set(d.dealer, opened.share);
    }
    return combineShare(combined, j, byDealer);
  });
  return { shares, commitments: combined.commitments, groupPublicKey: combined.groupPublicKey };
}
