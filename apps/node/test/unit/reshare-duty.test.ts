// The validator's reshare duty (cips/staking.md "Reshare"): outside the window nothing; inside it each
// holder of the key in force owes exactly one dealing, which the chain's rule accepts; a non-holder owes none.
import { blsPopProve, dealShares, nobleBls } from "@cowboy/crypto";
import { GroupKeyOutcome, applyStakingGenesis, createStakingConfig, putEpochGroupKey, submitDealing } from "@cowboy/staking";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import { reshareDuty } from "../../src/validator/reshareDuty.js";

const staking = createStakingConfig({ minimumValidatorStake: 100n, epochLength: 10n, unbondingPeriod: 25n, jailPeriod: 7n, epochSetRetention: 2n, reshareWindow: 4n });
const addr = (i: number) => new Uint8Array(20).fill(i);
const key = (i: number) => {
  const sk = new Uint8Array(32).fill(0x10 + i);
  return { sk, pk: nobleBls.getPublicKey(sk), pop: blsPopProve(sk) };
};

describe("reshareDuty", () => {
  const state = StateStore.open(new MemoryBackend()).fork();
  applyStakingGenesis(
    state,
    staking,
    [1, 2, 3].map((i) => ({ address: addr(i), blsPublicKey: key(i).pk, proofOfPossession: key(i).pop, stake: 100n })),
  );
  const old = dealShares(new Uint8Array(32).fill(0x21), 2, 3, new Uint8Array(32).fill(0x22));
  putEpochGroupKey(state, { epoch: 0n, outcome: GroupKeyOutcome.Ok, threshold: 2n, commitments: old.commitments, members: [1, 2, 3].map(addr), dealings: 0n });
  const duty = (i: number, height: bigint) =>
    reshareDuty({ state, staking, chainId: 7n, height, address: addr(i), share: old.shares[i - 1] as (typeof old.shares)[number], seed: new Uint8Array(32).fill(i) });

  it("owes nothing before the window (next block below height 6)", () => {
    expect(duty(1, 4n)).toBeUndefined();
  });
  it("owes one dealing in the window, which the chain accepts, and then nothing", () => {
    const ins = duty(1, 5n);
    expect(ins?.type).toBe("staking_submit_dealing");
    if (ins?.type !== "staking_submit_dealing") return;
    expect(ins.epoch).toBe(1n);
    expect(submitDealing({ state, config: staking, height: 6n, chainId: 7n }, addr(1), ins.epoch, ins.dealing)).toBe(1);
    expect(duty(1, 6n)).toBeUndefined();
    expect(duty(2, 6n)?.type).toBe("staking_submit_dealing");
  });
  it("owes nothing to a non-holder, or with a share of another index", () => {
    expect(
      reshareDuty({ state, staking, chainId: 7n, height: 6n, address: addr(9), share: old.shares[0] as (typeof old.shares)[number], seed: new Uint8Array(32) }),
    ).toBeUndefined();
    expect(
      reshareDuty({ state, staking, chainId: 7n, height: 6n, address: addr(3), share: old.shares[1] as (typeof old.shares)[number], seed: new Uint8Array(32) }),
    ).toBeUndefined();
  });
});
