// A recipient's complaint duty (cips/staking.md "Validator duties"): a dealing whose share for this
// recipient was tampered with yields one complaint, which the chain's rule accepts; good dealings and
// dealings already opened yield none; a validator outside the frozen target owes nothing.
import { blsPopProve, createDealing, decodeDealing, encodeDealing, nobleBls, dealShares } from "@cowboy/crypto";
import {
  applyStakingGenesis,
  createStakingConfig,
  dealingKey,
  GroupKeyOutcome,
  putEpochGroupKey,
  reshareContext,
  reshareRun,
  submitComplaint,
  submitDealing,
} from "@cowboy/staking";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import { complaintDuty } from "../../src/validator/complaintDuty.js";

const staking = createStakingConfig({ minimumValidatorStake: 100n, epochLength: 10n, unbondingPeriod: 25n, jailPeriod: 7n, epochSetRetention: 2n, reshareWindow: 4n });
const addr = (i: number) => new Uint8Array(20).fill(i);
const sk = (i: number) => new Uint8Array(32).fill(0x10 + i);

describe("complaintDuty", () => {
  const state = StateStore.open(new MemoryBackend()).fork();
  applyStakingGenesis(
    state,
    staking,
    [1, 2, 3].map((i) => ({ address: addr(i), blsPublicKey: nobleBls.getPublicKey(sk(i)), proofOfPossession: blsPopProve(sk(i)), stake: 100n })),
  );
  const old = dealShares(new Uint8Array(32).fill(0x21), 2, 3, new Uint8Array(32).fill(0x22));
  putEpochGroupKey(state, { epoch: 0n, outcome: GroupKeyOutcome.Ok, threshold: 2n, commitments: old.commitments, members: [1, 2, 3].map(addr), dealings: 0n });
  const run = reshareRun(state, staking, 1n)!;
  const deal = (dealer: number) =>
    createDealing({
      context: reshareContext(7n, 1n),
      dealer,
      secret: old.shares[dealer - 1]!.secretKey,
      threshold: run.threshold,
      recipients: run.recipients.map((r) => r.blsPublicKey),
      seed: new Uint8Array(32).fill(dealer),
    });
  const ctx = { state, config: staking, height: 7n, chainId: 7n };
  // Dealer 1 is honest; dealer 2 corrupts recipient 3's encrypted share (the public check cannot tell).
  submitDealing(ctx, addr(1), 1n, encodeDealing(deal(1)));
  const bad = deal(2);
  const tampered = { ...bad, encryptedShares: bad.encryptedShares.map((e, j) => (j === 2 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
  submitDealing(ctx, addr(2), 1n, encodeDealing(tampered));
  const duty = (i: number, opened: Set<number>) => complaintDuty({ state, staking, chainId: 7n, height: 7n, address: addr(i), blsSecretKey: sk(i), opened });

  it("owes nothing for good shares; opens each dealing once", () => {
    const opened = new Set<number>();
    expect(duty(1, opened)).toEqual([]);
    expect([...opened].sort()).toEqual([1, 2]);
  });
  it("complains about the tampered share, and the chain accepts the complaint", () => {
    const opened = new Set<number>();
    const out = duty(3, opened);
    expect(out).toHaveLength(1);
    const ins = out[0]!;
    if (ins.type !== "staking_submit_complaint") throw new Error(ins.type);
    expect(ins.epoch).toBe(1n);
    expect(submitComplaint(ctx, addr(3), 1n, ins.complaint)).toBe(2);
    expect(duty(3, opened)).toEqual([]);
    expect(duty(3, new Set())).toEqual([]);
    expect(decodeDealing(state.get(dealingKey(1n, 2))!).dealer).toBe(2);
  });
  it("owes nothing outside the window or outside the target", () => {
    expect(complaintDuty({ state, staking, chainId: 7n, height: 4n, address: addr(3), blsSecretKey: sk(3), opened: new Set() })).toEqual([]);
    expect(duty(9, new Set())).toEqual([]);
  });
});
