// The scripted staking scenario of test-vectors/staking/epoch-transition.json: its generator and
// its spec test both replay it here, on a fresh @cowboy/state memory fork.
import { fromHex, toHex } from "@cowboy/codec";
import {
  addStake,
  applyStakingGenesis,
  createStakingConfig,
  epochSetToJson,
  exit,
  jail,
  processEpochBoundary,
  register,
  StakingError,
  unjail,
  withdraw,
  type EpochSetJson,
  type StakingConfig,
} from "../../src/index.js";
import { MapAccounts, newFork } from "./fixture.js";

export interface ScenarioKey {
  readonly publicKey: string;
  readonly pop: string;
}

/** One step, run during block `height` (before that block's end-of-block boundary work). */
export type ScenarioStep =
  | { readonly height: string; readonly op: "register"; readonly who: number; readonly key: number; readonly popOf: number; readonly amount: string }
  | { readonly height: string; readonly op: "add_stake"; readonly who: number; readonly amount: string }
  | { readonly height: string; readonly op: "exit" | "withdraw" | "unjail" | "jail"; readonly who: number };

export interface Scenario {
  readonly config: Record<string, string>;
  readonly keys: readonly ScenarioKey[];
  /** Address byte → starting balance. */
  readonly balances: Readonly<Record<string, string>>;
  readonly genesis: readonly { readonly who: number; readonly key: number; readonly stake: string }[];
  readonly steps: readonly ScenarioStep[];
  readonly lastHeight: string;
}

export interface ScenarioResult {
  /** "ok" or the StakingError code, per step. */
  readonly outcomes: string[];
  /** Every set fixed, epoch 0 (genesis) first. */
  readonly sets: EpochSetJson[];
  readonly balances: Record<string, string>;
  readonly stateRoot: string;
}

export const whoAddress = (who: number): Uint8Array => new Uint8Array(20).fill(who);

export function scenarioConfig(raw: Record<string, string>): StakingConfig {
  return createStakingConfig({
    minimumValidatorStake: BigInt(raw.minimumValidatorStake!),
    epochLength: BigInt(raw.epochLength!),
    unbondingPeriod: BigInt(raw.unbondingPeriod!),
    jailPeriod: BigInt(raw.jailPeriod!),
    maxJailDoublings: BigInt(raw.maxJailDoublings!),
    epochSetRetention: BigInt(raw.epochSetRetention!),
  });
}

export function replay(s: Scenario): ScenarioResult {
  const config = scenarioConfig(s.config);
  const state = newFork();
  const accounts = new MapAccounts();
  for (const [who, balance] of Object.entries(s.balances)) accounts.credit(whoAddress(Number(who)), BigInt(balance));
  const key = (i: number) => ({ publicKey: fromHex(s.keys[i]!.publicKey), pop: fromHex(s.keys[i]!.pop) });
  const sets: EpochSetJson[] = [
    epochSetToJson(
      applyStakingGenesis(
        state,
        config,
        s.genesis.map((g) => ({ address: whoAddress(g.who), blsPublicKey: key(g.key).publicKey, proofOfPossession: key(g.key).pop, stake: BigInt(g.stake) })),
      ),
    ),
  ];
  const outcomes: string[] = [];
  let next = 0;
  for (let height = 1n; height <= BigInt(s.lastHeight); height++) {
    while (next < s.steps.length && BigInt(s.steps[next]!.height) === height) {
      const step = s.steps[next++]!;
      const ctx = { state, accounts, config, height };
      const who = whoAddress(step.who);
      try {
        if (step.op === "register") register(ctx, { address: who, blsPublicKey: key(step.key).publicKey, proofOfPossession: key(step.popOf).pop, amount: BigInt(step.amount) });
        else if (step.op === "add_stake") addStake(ctx, who, BigInt(step.amount));
        else if (step.op === "exit") exit(ctx, who);
        else if (step.op === "withdraw") withdraw(ctx, who);
        else if (step.op === "unjail") unjail(ctx, who);
        else jail(ctx, who);
        outcomes.push("ok");
      } catch (error) {
        if (!(error instanceof StakingError)) throw error;
        outcomes.push(error.code);
      }
    }
    const set = processEpochBoundary(state, config, height);
    if (set !== undefined) sets.push(epochSetToJson(set));
  }
  const balances = Object.fromEntries(Object.keys(s.balances).map((who) => [who, accounts.balanceOf(whoAddress(Number(who))).toString()]));
  return { outcomes, sets, balances, stateRoot: toHex(state.computeRoot()) };
}
