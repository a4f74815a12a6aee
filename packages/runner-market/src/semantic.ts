// The semantic_similarity mode (spec "LLM Result Verification"; cips/runner-market.md "Semantic similarity"): the
// aggregator scores the committee's valid outputs against one it chooses and posts {chosen, scores}; the chain
// accepts it optimistically and anyone may challenge one score within the window, which the chain then recomputes.
// The score is a deterministic, integer token-set similarity (Jaccard, in basis points) over the result's text, so
// every node and every challenger computes the same number.
import { CborError, type CborValue, decodeCbor, encodeCbor, equalBytes } from "@cowboy/codec";
import type { JobRecord } from "./job.js";
import { objectiveFailure } from "./verification.js";

export const FULL_SCORE = 10_000n;

export interface SemanticAggregate {
  /** Index, among the job's valid outputs in committee order, of the output that becomes the result. */
  readonly chosen: number;
  /** Each valid output's similarity to the chosen one, in bps (the chosen one's is 10,000). */
  readonly scores: readonly bigint[];
}

function collect(v: CborValue, out: Set<string>): void {
  if (typeof v === "string") {
    for (const w of v.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w !== "") out.add(w);
  } else if (typeof v === "bigint") out.add(v.toString());
  else if (Array.isArray(v)) for (const x of v) collect(x, out);
  else if (v instanceof Map) for (const x of v.values()) collect(x, out);
}

/** The words of an output: lower-cased letter/digit runs of every string value, and every integer, as a set. */
export function outputTokens(output: Uint8Array): Set<string> {
  const out = new Set<string>();
  try {
    collect(decodeCbor(output), out);
  } catch (error) {
    if (!(error instanceof CborError)) throw error;
  }
  return out;
}

/** ⌊10,000 · |A ∩ B| / |A ∪ B|⌋ over the two outputs' token sets; two empty sets score 10,000. */
export function similarityBps(a: Uint8Array, b: Uint8Array): bigint {
  const x = outputTokens(a);
  const y = outputTokens(b);
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  const union = x.size + y.size - both;
  return union === 0 ? FULL_SCORE : (FULL_SCORE * BigInt(both)) / BigInt(union);
}

/** What an honest aggregator posts: the medoid (largest total similarity, lowest index on ties) and its scores. */
export function computeAggregate(outputs: readonly Uint8Array[]): SemanticAggregate {
  let chosen = 0;
  let best = -1n;
  outputs.forEach((o, i) => {
    const total = outputs.reduce((sum, p, j) => sum + (i === j ? 0n : similarityBps(o, p)), 0n);
    if (total > best) {
      best = total;
      chosen = i;
    }
  });
  return { chosen, scores: outputs.map((o, j) => (j === chosen ? FULL_SCORE : similarityBps(outputs[chosen]!, o))) };
}

export function encodeAggregate(a: SemanticAggregate): Uint8Array {
  return encodeCbor(
    new Map<CborValue, CborValue>([
      ["chosen", BigInt(a.chosen)],
      ["scores", [...a.scores]],
    ]),
  );
}

/** Canonical CBOR {"chosen": int, "scores": [int]} for `n` valid outputs, or the reason it is not one. */
export function decodeAggregate(bytes: Uint8Array, n: number): SemanticAggregate | string {
  let v: CborValue;
  try {
    v = decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) return `aggregate: ${error.message}`;
    throw error;
  }
  if (!equalBytes(encodeCbor(v), bytes) || !(v instanceof Map) || v.size !== 2) return "aggregate: expected canonical {chosen, scores}";
  const chosen = v.get("chosen");
  const scores = v.get("scores");
  if (typeof chosen !== "bigint" || !Array.isArray(scores)) return "aggregate: expected canonical {chosen, scores}";
  if (scores.length !== n) return `aggregate: ${scores.length} scores for ${n} valid outputs`;
  if (chosen < 0n || chosen >= BigInt(n)) return `aggregate: chosen ${chosen} is not one of the ${n} valid outputs`;
  if (!scores.every((s): s is bigint => typeof s === "bigint" && s >= 0n && s <= FULL_SCORE)) return "aggregate: scores are bps in [0, 10000]";
  if (scores[Number(chosen)] !== FULL_SCORE) return "aggregate: the chosen output scores 10000";
  return { chosen: Number(chosen), scores };
}

/**
 * What an aggregator posts for a job (apps/runner): the aggregate over the outputs, given in committee order, that pass
 * the objective checks — the same list the chain indexes.
 */
export function aggregateFor(job: Pick<JobRecord, "id" | "resultSchema">, ordered: readonly Uint8Array[]): Uint8Array {
  return encodeAggregate(computeAggregate(ordered.filter((o) => objectiveFailure(job, o).reason === null)));
}
