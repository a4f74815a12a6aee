import { isCowboyError } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { createValidatorSet, resolveEngineOptions, DEFAULT_TIMEOUTS, type EngineOptions } from "../../src/index.js";
import { CHAIN_ID, dealing, validators } from "./fixtures.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isCowboyError(err) ? String(err.code) : "not a CowboyError";
  }
  return undefined;
}

describe("validator set and quorums", () => {
  it("a quorum needs more than 2/3 of the stake and at least `threshold` signers", () => {
    const weighted = validators.map((v, i) => ({ ...v, stake: [700n, 100n, 100n, 100n][i]! }));
    const set = createValidatorSet({ chainId: CHAIN_ID, epoch: 0n, validators: weighted, threshold: 3, commitments: dealing.commitments });
    expect(set.totalStake).toBe(1000n);
    // 800/1000 of the stake but only two signers: the seed could not be recovered.
    expect(set.isQuorum([0, 1])).toBe(false);
    // Three signers but 300/1000 of the stake.
    expect(set.isQuorum([1, 2, 3])).toBe(false);
    expect(set.isQuorum([0, 1, 2])).toBe(true);
    // Exactly 2/3 is not enough.
    const equal = createValidatorSet({ chainId: CHAIN_ID, epoch: 0n, validators: validators.slice(0, 3), threshold: 2, commitments: dealing.commitments.slice(0, 2) });
    expect(equal.isQuorum([0, 1])).toBe(false);
    expect(equal.isQuorum([0, 1, 2])).toBe(true);
  });

  it("maps peers to indices and derives share keys from the commitments", () => {
    const set = createValidatorSet({ chainId: CHAIN_ID, epoch: 0n, validators, threshold: 3, commitments: dealing.commitments });
    expect(set.indexOf("peer-2")).toBe(2);
    expect(set.indexOf("nobody")).toBeUndefined();
    expect(set.groupPublicKey).toEqual(dealing.groupPublicKey);
    expect(set.shareKeys).toHaveLength(4);
  });

  it("refuses sets that cannot work", () => {
    const base = { chainId: CHAIN_ID, epoch: 0n, validators, threshold: 3, commitments: dealing.commitments };
    expect(code(() => createValidatorSet({ ...base, validators: [] }))).toBe("INVALID_CONFIG");
    expect(code(() => createValidatorSet({ ...base, commitments: dealing.commitments.slice(0, 2) }))).toBe("INVALID_CONFIG");
    expect(code(() => createValidatorSet({ ...base, validators: validators.map((v) => ({ ...v, peer: "same" })) }))).toBe("INVALID_CONFIG");
    expect(code(() => createValidatorSet({ ...base, validators: validators.map((v, i) => (i === 1 ? { ...v, stake: 0n } : v)) }))).toBe("INVALID_CONFIG");
    expect(code(() => createValidatorSet({ ...base, threshold: 5 }))).toBe("INVALID_ARGUMENT");
  });
});

describe("engine options", () => {
  const opts = { validators } as unknown as EngineOptions;
  it("fills the defaults for 1 s blocks", () => {
    const r = resolveEngineOptions(opts);
    expect(r.timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(r.blockTimeMs).toBe(1_000);
    expect(r.journalName).toBe("consensus");
    expect(r.maxViewsAhead).toBe(32);
  });
  it("refuses contradictory timeouts, naming both", () => {
    expect(code(() => resolveEngineOptions({ ...opts, blockTimeMs: 2_000 }))).toBe("INVALID_CONFIG");
    expect(code(() => resolveEngineOptions({ ...opts, timeouts: { leaderMs: 500, notarizationMs: 400 } }))).toBe("INVALID_CONFIG");
    expect(code(() => resolveEngineOptions({ ...opts, journalName: "a b" }))).toBe("INVALID_CONFIG");
    expect(code(() => resolveEngineOptions({ ...opts, timeouts: { fetchMs: 0 } }))).toBe("INVALID_ARGUMENT");
  });
});
