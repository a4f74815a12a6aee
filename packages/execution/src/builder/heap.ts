// The selection queue of the builder (spec §6.4): each sender's next transaction, best effective
// fee first, ties by digest ascending.
import { compareBytes } from "@cowboy/codec";
import { effectiveFee } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";
import { intrinsicCosts } from "@cowboy/metering";
import type { BlockEnv, ChainParams } from "../types.js";

export interface Candidate {
  readonly tx: Transaction;
  readonly digest: Uint8Array;
  /** Per-unit price the proposer earns plus burns, on intrinsic costs (§6.4): the ordering key. */
  readonly score: bigint;
}

/** `tx` with its ordering key: effective_fee of §6.4 on intrinsic costs, at this block's basefees. */
export function candidateOf(tx: Transaction, env: BlockEnv, params: ChainParams): Candidate {
  const intrinsic = intrinsicCosts(tx, params.costTable);
  const score = effectiveFee({ hash: tx.digest(), intrinsicCycles: intrinsic.cycles, intrinsicCells: intrinsic.cells, ...tx }, { cycle: env.cycleBasefee, cell: env.cellBasefee });
  return { tx, digest: tx.digest(), score };
}

/** Higher score first; ties by digest ascending (§6.4). */
function before(a: Candidate, b: Candidate): boolean {
  if (a.score !== b.score) return a.score > b.score;
  return compareBytes(a.digest, b.digest) < 0;
}

/** A binary heap of candidates, best first. */
export class CandidateHeap {
  readonly #items: Candidate[] = [];
  get size(): number {
    return this.#items.length;
  }
  push(item: Candidate): void {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): Candidate | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
