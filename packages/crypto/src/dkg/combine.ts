// Combining qualified dealings (cips/crypto.md "DKG and reshare", "Combining"). Reshare
// (Desmedt–Jajodia): with the lowest-indexed t_old qualified dealers Q and λ_i their Lagrange
// weights at 0, s'_j = Σ λ_i·f_i(j) and C'_k = Σ λ_i·C_{i,k}; C'_0 = Σ λ_i·s_i·G1 = the old group key.
// Fresh DKG (joint Feldman): every qualified dealer counts with weight 1 and the group key is Σ C_{i,0}.
import { CryptoError } from "../errors.js";
import { aint, bigintToBytes } from "../guards.js";
import { lagrangeAtZero, type SecretShare } from "../threshold.js";
import { type Dealing, MAX_DKG_PARTICIPANTS, commitmentPoints } from "./dealing.js";
import { Fr, G1, mulPoint } from "./field.js";

export type DkgKind = "reshare" | "fresh";

export interface CombineOptions {
  readonly kind: DkgKind;
  /** Dealings that passed checkDealing and drew no valid complaint, in any order. */
  readonly dealings: readonly Dealing[];
  /** Reshare: the OLD threshold (exactly this many dealers are used). Fresh: the least number of dealers. */
  readonly required: number;
}

/** The public outcome of a run: who counted, with which weight, and the new committee's key. */
export interface CombinedCommitments {
  /** Dealer indices used, ascending. */
  readonly dealers: readonly number[];
  /** The weight of each used dealer (λ_i for a reshare, 1 for a fresh DKG). */
  readonly weights: readonly bigint[];
  /** The new Feldman commitments C'_k (48 bytes each); commitment 0 is the group key. */
  readonly commitments: readonly Uint8Array[];
  readonly groupPublicKey: Uint8Array;
}

/** Chooses the dealers and combines their commitments; THRESHOLD_NOT_MET below `required`. */
export function combineCommitments(opts: CombineOptions): CombinedCommitments {
  aint(opts.required, "required", 1, MAX_DKG_PARTICIPANTS);
  const used = chooseDealers(opts);
  const dealers = used.map((d) => d.dealer);
  const xs = dealers.map(BigInt);
  const weights = opts.kind === "reshare" ? xs.map((_, k) => lagrangeAtZero(xs, k)) : xs.map(() => 1n);
  const t = (used[0] as Dealing).commitments.length;
  const points = used.map(commitmentPoints);
  const commitments: Uint8Array[] = [];
  for (let k = 0; k < t; k++) {
    let acc = G1.ZERO;
    points.forEach((cs, i) => {
      acc = acc.add(mulPoint(cs[k] as (typeof cs)[number], weights[i] as bigint));
    });
    commitments.push(acc.toBytes(true));
  }
  if (G1.fromBytes(commitments[0] as Uint8Array).is0()) throw new CryptoError("INVALID_POINT", "dealings: the combined group key is infinity");
  return { dealers, weights, commitments, groupPublicKey: commitments[0] as Uint8Array };
}

/**
 * Recipient j's new share from its opened shares `sharesByDealer` (dealer index → f_i(j)) of the
 * dealers `combined` used. Its public key is sharePublicKey(combined.commitments, j).
 */
export function combineShare(combined: CombinedCommitments, recipient: number, sharesByDealer: ReadonlyMap<number, bigint>): SecretShare {
  aint(recipient, "recipient", 1, MAX_DKG_PARTICIPANTS);
  let acc = 0n;
  combined.dealers.forEach((dealer, i) => {
    const s = sharesByDealer.get(dealer);
    if (s === undefined) throw new CryptoError("THRESHOLD_NOT_MET", `sharesByDealer: no share from dealer ${dealer}`);
    acc = Fr.add(acc, Fr.mul(combined.weights[i] as bigint, s));
  });
  if (acc === 0n) throw new CryptoError("INVALID_SCALAR", "sharesByDealer: the combined share is zero");
  return { index: recipient, secretKey: bigintToBytes(acc, 32) };
}

function chooseDealers(opts: CombineOptions): Dealing[] {
  if (!Array.isArray(opts.dealings)) throw new CryptoError("INVALID_TYPE", "dealings: expected an array");
  const sorted = [...opts.dealings].sort((a, b) => a.dealer - b.dealer);
  sorted.forEach((d, i) => {
    if (i > 0 && (sorted[i - 1] as Dealing).dealer === d.dealer) throw new CryptoError("DUPLICATE_INDEX", `dealings: dealer ${d.dealer} appears twice`);
  });
  if (sorted.length < opts.required) throw new CryptoError("THRESHOLD_NOT_MET", `dealings: need ${opts.required} qualified, got ${sorted.length}`);
  const used = opts.kind === "reshare" ? sorted.slice(0, opts.required) : sorted;
  const t = (used[0] as Dealing).commitments.length;
  const n = (used[0] as Dealing).encryptedShares.length;
  for (const d of used) {
    if (d.commitments.length !== t || d.encryptedShares.length !== n)
      throw new CryptoError("INVALID_ARGUMENT", `dealings: dealer ${d.dealer} has a different threshold or committee size`);
  }
  return used;
}
