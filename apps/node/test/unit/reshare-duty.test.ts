// The validator's reshare duty (cips/staking.md "Reshare"): outside the window nothing; inside it each
// holder of the key in force owes exactly one dealing, which the chain's rule accepts; a non-holder owes none.
import { blsPopProve, dealShares, nobleBls } from "@cowboy/crypto";
import { GroupKeyOutcome, applyStakingGenesis, createStakingConfig, putEpochGroupKey, submitDealing } from "@cowboy/staking";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import type { ValidatorKeys } from "../../src/validator/keys.js";
import { ReshareAgent, STALE_BLOCK_MS } from "../../src/validator/reshareAgent.js";
import { reshareDuty } from "../../src/validator/reshareDuty.js";
import { ShareStore } from "../../src/validator/shareStore.js";

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

describe("ReshareAgent while catching up", () => {
  const state = StateStore.open(new MemoryBackend()).fork();
  applyStakingGenesis(
    state,
    staking,
    [1, 2, 3].map((i) => ({ address: addr(i), blsPublicKey: key(i).pk, proofOfPossession: key(i).pop, stake: 100n })),
  );
  const old = dealShares(new Uint8Array(32).fill(0x21), 2, 3, new Uint8Array(32).fill(0x22));
  putEpochGroupKey(state, { epoch: 0n, outcome: GroupKeyOutcome.Ok, threshold: 2n, commitments: old.commitments, members: [1, 2, 3].map(addr), dealings: 0n });
  const dir = mkdtempSync(join(tmpdir(), "cowboy-agent-stale-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sent: Instruction[] = [];
  const keys = { address: addr(1), blsSecretKey: key(1).sk, share: old.shares[0]! } as unknown as ValidatorKeys;
  const warnings: string[] = [];
  const agent = new ReshareAgent({
    keys,
    chainId: 7n,
    shares: new ShareStore(dir, old.shares[0]!),
    logger: createLogger({ level: "warn", format: "text", write: (l) => warnings.push(l) }),
    submit: (ins) => void sent.push(ins),
    now: () => 1_000_000,
  });

  it("deals nothing for a block older than STALE_BLOCK_MS, and deals for a fresh one", () => {
    agent.afterCommit(state, staking, 6n, 1_000_000n - STALE_BLOCK_MS - 1n);
    expect(sent).toEqual([]);
    agent.afterCommit(state, staking, 6n, 1_000_000n - 500n);
    expect(sent.map((i) => i.type)).toEqual(["staking_submit_dealing"]);
    // Submitted and not yet landed: not again before RESUBMIT_AFTER_BLOCKS.
    agent.afterCommit(state, staking, 7n, 1_000_000n);
    expect(sent).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});
