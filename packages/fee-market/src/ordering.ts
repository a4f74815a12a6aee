import { keccak256 } from "@cowboy/crypto";
import type { Basefees } from "./basefee.js";
import { FeeMarketError } from "./errors.js";
import { abytes, aobject, au64, isU64 } from "./guards.js";

/** Intrinsic costs and bids of a transaction, as ordering sees it. */
export interface OrderingCandidate {
  readonly hash: Uint8Array;
  readonly intrinsicCycles: bigint;
  readonly intrinsicCells: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly maxPriorityFeePerCell: bigint;
}

function price(maxFee: bigint, basefee: bigint, tip: bigint): bigint {
  return maxFee < basefee + tip ? maxFee : basefee + tip;
}

/**
 * effective_fee of §6.4, on intrinsic costs only:
 *   intrinsic_cycles × min(max_fee_per_cycle, basefee_cycle + tip_per_cycle) + the same for Cells.
 * Pass the lane's basefees (laneBasefees) when the lane has a multiplier.
 */
export function effectiveFee(c: OrderingCandidate, basefees: Basefees): bigint {
  aobject(c, "candidate");
  aobject(basefees, "basefees");
  au64(c.intrinsicCycles, "candidate.intrinsicCycles");
  au64(c.intrinsicCells, "candidate.intrinsicCells");
  au64(c.maxFeePerCycle, "candidate.maxFeePerCycle");
  au64(c.maxFeePerCell, "candidate.maxFeePerCell");
  au64(c.maxPriorityFeePerCycle, "candidate.maxPriorityFeePerCycle");
  au64(c.maxPriorityFeePerCell, "candidate.maxPriorityFeePerCell");
  au64(basefees.cycle, "basefees.cycle");
  au64(basefees.cell, "basefees.cell");
  return c.intrinsicCycles * price(c.maxFeePerCycle, basefees.cycle, c.maxPriorityFeePerCycle) + c.intrinsicCells * price(c.maxFeePerCell, basefees.cell, c.maxPriorityFeePerCell);
}

/** Lexicographic byte order (shorter first on a common prefix). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Selection order (§6.4): higher effective fee first, ties by transaction hash ascending. */
export function compareByFee(a: { fee: bigint; hash: Uint8Array }, b: { fee: bigint; hash: Uint8Array }): number {
  if (a.fee !== b.fee) return a.fee > b.fee ? -1 : 1;
  return compareBytes(a.hash, b.hash);
}

/** A candidate for a lane: its ordering facts plus the Cycles it may use at most. */
export interface SelectionCandidate extends OrderingCandidate {
  readonly cyclesLimit: bigint;
}

/**
 * The §6.4 selection within one lane: candidates by compareByFee, each taken when its
 * cycles_limit still fits the remaining `capacity` (a candidate that does not fit is skipped and
 * the next is tried, so one large transaction cannot leave the lane empty). Candidates whose max
 * fees cannot cover the basefees are left out. Sender nonce order is the mempool's concern: pass
 * each sender's next transaction only. Returns the selected candidates in selection order.
 */
export function selectForLane<T extends SelectionCandidate>(candidates: readonly T[], capacity: bigint, basefees: Basefees): T[] {
  if (!Array.isArray(candidates)) throw new FeeMarketError("INVALID_ARGUMENT", "candidates must be an array");
  aobject(basefees, "basefees");
  au64(capacity, "capacity");
  au64(basefees.cycle, "basefees.cycle");
  au64(basefees.cell, "basefees.cell");
  const scored = candidates
    .filter((c) => c.maxFeePerCycle >= basefees.cycle && c.maxFeePerCell >= basefees.cell)
    .map((c, index) => {
      if (!(c.hash instanceof Uint8Array)) abytes(c.hash, `candidates[${index}].hash`);
      if (!isU64(c.cyclesLimit)) au64(c.cyclesLimit, `candidates[${index}].cyclesLimit`);
      return { c, fee: effectiveFee(c, basefees), hash: c.hash };
    })
    .sort(compareByFee);
  const selected: T[] = [];
  let remaining = capacity;
  for (const { c } of scored) {
    if (c.cyclesLimit > remaining) continue;
    remaining -= c.cyclesLimit;
    selected.push(c);
  }
  return selected;
}

/**
 * order_key = VRF(proposer_key, tx_hash, height) (§6.5). Consensus supplies the real VRF behind
 * this interface; until then keyedHashOrdering stands in.
 */
export interface OrderingVrf {
  orderKey(txHash: Uint8Array, height: bigint): Uint8Array;
}

/** Domain tag of the keyed-hash ordering key (ASCII, no terminator). */
export const ORDER_KEY_TAG: Uint8Array = new TextEncoder().encode("cowboy/order/v1");

/**
 * The stand-in VRF: keccak256(ORDER_KEY_TAG ‖ proposerKey ‖ txHash ‖ height as u64 big-endian).
 * Deterministic and different per proposer and height, but, unlike a VRF, computable by anyone
 * who knows the proposer key: it hides nothing and is only a placeholder. `hash` may be any
 * keccak256 implementation (a node passes its WASM one); the keys are the same bytes.
 */
export function keyedHashOrdering(proposerKey: Uint8Array, hash: (data: Uint8Array) => Uint8Array = keccak256): OrderingVrf {
  abytes(proposerKey, "proposerKey");
  if (typeof hash !== "function") throw new FeeMarketError("INVALID_ARGUMENT", "hash must be a keccak256 function");
  if (proposerKey.length === 0) throw new FeeMarketError("INVALID_ARGUMENT", "proposerKey must not be empty");
  const key = proposerKey.slice();
  return {
    orderKey(txHash, height) {
      abytes(txHash, "txHash", 32);
      au64(height, "height");
      const buf = new Uint8Array(ORDER_KEY_TAG.length + key.length + 32 + 8);
      buf.set(ORDER_KEY_TAG, 0);
      buf.set(key, ORDER_KEY_TAG.length);
      buf.set(txHash, ORDER_KEY_TAG.length + key.length);
      new DataView(buf.buffer).setBigUint64(buf.length - 8, height, false);
      return hash(buf);
    },
  };
}

/** Orders the selected set by ascending order key; equal keys (a hash collision) fall back to the tx hash. */
export function vrfOrder<T extends { hash: Uint8Array }>(selected: readonly T[], vrf: OrderingVrf, height: bigint): T[] {
  if (!Array.isArray(selected)) throw new FeeMarketError("INVALID_ARGUMENT", "selected must be an array");
  if (typeof vrf?.orderKey !== "function") throw new FeeMarketError("INVALID_ARGUMENT", "vrf must implement orderKey");
  au64(height, "height");
  return selected
    .map((item) => ({ item, key: vrf.orderKey(item.hash, height) }))
    .sort((a, b) => compareBytes(a.key, b.key) || compareBytes(a.item.hash, b.item.hash))
    .map(({ item }) => item);
}
