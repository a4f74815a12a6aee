import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { createTransaction, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  checkEquivocation,
  DEFAULT_INTEROP_CONFIG,
  getOracle,
  InteropError,
  MemoryInteropStore,
  oracles,
  registerOracle,
  slashEquivocation,
  unregisterOracle,
} from "../../src/index.js";

const cfg = DEFAULT_INTEROP_CONFIG;
const CHAIN = 42n;
const key = (i: number) => keccak256(new TextEncoder().encode(`oracle${i}`));
const word = (n: number) => new Uint8Array(32).fill(n);

function report(signer: number, over: Partial<Record<string, unknown>> = {}, chainId = CHAIN): Uint8Array {
  const instruction = {
    type: "eth_report_event",
    subscriptionId: word(0x51),
    contract: new Uint8Array(20).fill(0xcc),
    topics: word(0xdd),
    data: Uint8Array.of(1, 2, 3),
    blockNumber: 100n,
    blockHash: word(0xb0),
    transactionHash: word(0x7a),
    logIndex: 4n,
    ...over,
  } as Instruction;
  return createTransaction({
    chainId,
    nonce: 0n,
    instruction,
    from: addressFromPrivateKey(key(signer)),
    cyclesLimit: 100_000n,
    cellsLimit: 1_000n,
    maxFeePerCycle: 1n,
    maxFeePerCell: 1n,
  })
    .sign(key(signer))
    .encode();
}

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InteropError);
    return (e as InteropError).code;
  }
  throw new Error("expected an InteropError");
}

describe("equivocation: two signed reports of one (block hash, log index) with different logs", () => {
  it("convicts the signer whatever the order, and only once per conflict", () => {
    const store = new MemoryInteropStore();
    const oracle = addressFromPrivateKey(key(1));
    registerOracle(store, oracle, 5_000_000_000n, 1n, cfg);
    const a = report(1);
    const b = report(1, { data: Uint8Array.of(9) });
    expect(checkEquivocation(a, b, CHAIN)).toEqual(checkEquivocation(b, a, CHAIN));
    const out = slashEquivocation(store, a, b, CHAIN, cfg);
    expect(out).toEqual({ oracle, slashed: 5_000_000_000n, reward: 500_000_000n });
    expect(getOracle(store, oracle)).toBeUndefined();
    expect(oracles(store)).toEqual([]);
    registerOracle(store, oracle, 1_000_000_000n, 2n, cfg);
    expect(code(() => slashEquivocation(store, b, a, CHAIN, cfg))).toBe("EVIDENCE_USED");
    // a different conflict of the same oracle is new evidence
    expect(slashEquivocation(store, a, report(1, { subscriptionId: word(0x52), topics: new Uint8Array(0) }), CHAIN, cfg).slashed).toBe(1_000_000_000n);
  });

  it("reaches an unbonding oracle's stake", () => {
    const store = new MemoryInteropStore();
    const oracle = addressFromPrivateKey(key(1));
    registerOracle(store, oracle, 2_000_000_000n, 1n, cfg);
    unregisterOracle(store, oracle, 3n, cfg);
    expect(slashEquivocation(store, report(1), report(1, { transactionHash: word(1) }), CHAIN, cfg).slashed).toBe(2_000_000_000n);
    expect(getOracle(store, oracle)).toBeUndefined();
  });

  it("refuses what is not a fault", () => {
    const store = new MemoryInteropStore();
    registerOracle(store, addressFromPrivateKey(key(1)), cfg.minOracleStake, 1n, cfg);
    const a = report(1);
    // the same log reported for two subscriptions: no conflict
    expect(code(() => checkEquivocation(a, report(1, { subscriptionId: word(0x99) }), CHAIN))).toBe("INVALID_EVIDENCE");
    // a reorg: another block hash at the same height and index is not a conflict
    expect(code(() => checkEquivocation(a, report(1, { blockHash: word(0xb1), data: Uint8Array.of(7) }), CHAIN))).toBe("INVALID_EVIDENCE");
    expect(code(() => checkEquivocation(a, report(2, { data: Uint8Array.of(9) }), CHAIN))).toBe("INVALID_EVIDENCE");
    expect(code(() => checkEquivocation(a, report(1, { data: Uint8Array.of(9) }, 7n), CHAIN))).toBe("INVALID_EVIDENCE");
    const tampered = report(1, { data: Uint8Array.of(9) });
    tampered[tampered.length - 2]! ^= 1;
    expect(code(() => checkEquivocation(a, tampered, CHAIN))).toBe("INVALID_EVIDENCE");
    expect(code(() => checkEquivocation(a, Uint8Array.of(1, 2, 3), CHAIN))).toBe("INVALID_EVIDENCE");
    // a conflict by someone who never staked (or already withdrew) has nothing to slash
    expect(code(() => slashEquivocation(store, report(3), report(3, { data: Uint8Array.of(9) }), CHAIN, cfg))).toBe("NOT_AN_ORACLE");
  });
});
