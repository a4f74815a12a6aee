import { keccak256 } from "@cowboy/crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareByFee, effectiveFee, keyedHashOrdering, selectForLane, vrfOrder, ORDER_KEY_TAG } from "../../src/index.js";
import { big, fromHex, toHex } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

const v = readVector<any>("fee-market/ordering.json");
const candidates = v.candidates.map((raw: any) => {
  const c = big(raw);
  return {
    hash: fromHex(raw.hash),
    intrinsicCycles: c.intrinsic_cycles,
    intrinsicCells: c.intrinsic_cells,
    maxFeePerCycle: c.max_fee_per_cycle,
    maxFeePerCell: c.max_fee_per_cell,
    maxPriorityFeePerCycle: c.max_priority_fee_per_cycle,
    maxPriorityFeePerCell: c.max_priority_fee_per_cell,
    cyclesLimit: c.cycles_limit,
    effectiveFee: c.effective_fee as bigint,
    orderKey: raw.order_key as string,
  };
});
const basefees = big(v.basefees);
const height = BigInt(v.height);
const vrf = keyedHashOrdering(fromHex(v.proposer_key));

describe("effectiveFee", () => {
  it("reproduces the vectors and the §6.4 formula", () => {
    for (const c of candidates) expect(effectiveFee(c, basefees)).toBe(c.effectiveFee);
    const tx = {
      ...candidates[0],
      intrinsicCycles: 21_000n,
      intrinsicCells: 10n,
      maxFeePerCycle: 100_000n,
      maxFeePerCell: 20_000n,
      maxPriorityFeePerCycle: 5n,
      maxPriorityFeePerCell: 50_000n,
    };
    expect(effectiveFee(tx, { cycle: 10_000n, cell: 10_000n })).toBe(21_000n * 10_005n + 10n * 20_000n);
  });
});

describe("selection and VRF ordering", () => {
  it("selects by fee within capacity and orders by key exactly as the vectors", () => {
    const selected = selectForLane(candidates, BigInt(v.capacity), basefees);
    expect(selected.map((c) => toHex(c.hash))).toEqual(v.selected);
    expect(vrfOrder(selected, vrf, height).map((c) => toHex(c.hash))).toEqual(v.vrf_ordered);
  });

  it("builds the keyed-hash order key from tag ‖ proposer key ‖ tx hash ‖ height (u64 BE)", () => {
    expect(new TextDecoder().decode(ORDER_KEY_TAG)).toBe(v.order_key_tag);
    const key = fromHex(v.proposer_key);
    for (const c of candidates) {
      const heightBytes = fromHex(height.toString(16).padStart(16, "0"));
      const preimage = new Uint8Array([...ORDER_KEY_TAG, ...key, ...c.hash, ...heightBytes]);
      expect(toHex(keccak256(preimage))).toBe(c.orderKey);
      expect(toHex(vrf.orderKey(c.hash, height))).toBe(c.orderKey);
    }
  });

  it("selects greedily: skips what does not fit, leaves out fees below the basefee, never exceeds capacity", () => {
    const hash = (n: number) => new Uint8Array(32).fill(n);
    const tx = (n: number, tip: bigint, limit: bigint, maxFee = 100_000n) => ({
      hash: hash(n),
      intrinsicCycles: 21_000n,
      intrinsicCells: 0n,
      maxFeePerCycle: maxFee,
      maxFeePerCell: maxFee,
      maxPriorityFeePerCycle: tip,
      maxPriorityFeePerCell: tip,
      cyclesLimit: limit,
    });
    const pool = [tx(1, 1n, 50n), tx(2, 9n, 80n), tx(3, 5n, 40n), tx(4, 5n, 10n), tx(5, 99n, 1n, 9_999n)];
    const picked = selectForLane(pool, 100n, { cycle: 10_000n, cell: 10_000n });
    // 2 (fee 9, 80) fits; 3 (fee 5, 40) does not; 4 (fee 5, 10) does; 1 (50) does not; 5 cannot pay the basefee.
    expect(picked.map((p) => p.hash[0])).toEqual([2, 4]);
    fc.assert(
      fc.property(
        fc.array(fc.record({ tip: fc.bigInt({ min: 0n, max: 100n }), limit: fc.bigInt({ min: 1n, max: 1_000n }) }), { maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        (items, capacity) => {
          const txs = items.map((it, i) => tx(i, it.tip, it.limit));
          const chosen = selectForLane(txs, capacity, { cycle: 10_000n, cell: 10_000n });
          expect(chosen.reduce((s, c) => s + c.cyclesLimit, 0n) <= capacity).toBe(true);
          const fees = chosen.map((c) => ({ fee: effectiveFee(c, { cycle: 10_000n, cell: 10_000n }), hash: c.hash }));
          expect([...fees].sort(compareByFee)).toEqual(fees);
        },
      ),
    );
  });

  it("orders by fee then hash, and is a pure function of (set, proposer key, height)", () => {
    const items = [
      { fee: 5n, hash: new Uint8Array([2]) },
      { fee: 9n, hash: new Uint8Array([3]) },
      { fee: 5n, hash: new Uint8Array([1]) },
    ];
    expect(items.sort(compareByFee).map((i) => i.hash[0])).toEqual([3, 1, 2]);
    const set = Array.from({ length: 8 }, (_, i) => ({ hash: new Uint8Array(32).fill(i) }));
    const a = vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(1)), 7n).map((x) => x.hash[0]);
    expect(vrfOrder([...set].reverse(), keyedHashOrdering(new Uint8Array(32).fill(1)), 7n).map((x) => x.hash[0])).toEqual(a);
    expect(vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(2)), 7n).map((x) => x.hash[0])).not.toEqual(a);
    expect(vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(1)), 8n).map((x) => x.hash[0])).not.toEqual(a);
  });

  it("refuses bad keys, hashes and heights", () => {
    expect(() => keyedHashOrdering(new Uint8Array(0))).toThrow(/proposerKey must not be empty/);
    expect(() => keyedHashOrdering("ab" as unknown as Uint8Array)).toThrow(/proposerKey must be a Uint8Array/);
    expect(() => vrf.orderKey(new Uint8Array(31), 1n)).toThrow(/txHash must be 32 bytes, got 31/);
    expect(() => vrf.orderKey(new Uint8Array(32), -1n)).toThrow(/height must be a u64/);
    expect(() => selectForLane([], -1n, basefees)).toThrow(/capacity must be a u64/);
    expect(() => selectForLane("x" as never, 1n, basefees)).toThrow(/candidates must be an array/);
    expect(() => vrfOrder([], {} as never, 1n)).toThrow(/vrf must implement orderKey/);
    expect(() => effectiveFee({ ...candidates[0], maxPriorityFeePerCell: -5n }, basefees)).toThrow(/candidate.maxPriorityFeePerCell must be a u64/);
  });
});
