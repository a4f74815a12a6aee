// Model-based test: random sequences of register / add_stake / exit / withdraw / unjail / jail /
// invalid-proposal evidence and
// block advances (crossing epoch boundaries) run against the package and against a plain reference
// model written from cips/staking.md; after every step outcomes, records, balances and sets agree.
import { toHex } from "@cowboy/codec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addStake,
  createStakingConfig,
  exit,
  getEpochSet,
  getValidator,
  jail,
  processEpochBoundary,
  register,
  reportInvalidProposal,
  StakingError,
  unjail,
  VALIDATOR_STATUS_NAMES,
  withdraw,
} from "../../src/index.js";
import { addr, context, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";
import { proposalEvidence } from "../utils/proposals.js";

type Status = "pending" | "active" | "unbonding" | "jailed";
interface ModelValidator {
  key: number;
  stake: bigint;
  status: Status;
  registeredAt: bigint;
  unbondingEndsAt: bigint;
  jailedUntil: bigint;
  offences: bigint;
}

const ADDRS = [1, 2, 3].map((i) => addr(i));
const KEYS = 3;
const START = 400n;
// Epoch 10, unbonding 25, jail 7 doubling once at most, minimum 100: small enough that runs reach every rule.
const cfg = createStakingConfig({ ...SMALL, maxJailDoublings: 1n });

class Model {
  height = 1n;
  readonly balances = ADDRS.map(() => START);
  readonly validators = new Map<number, ModelValidator>();
  sets = new Map<bigint, number[]>();
  /** (address, view) of every invalid proposal already punished: the evidence record outlives the validator record. */
  readonly punished = new Set<string>();

  register(a: number, key: number, popOf: number, amount: bigint): string {
    if (amount <= 0n) return "INVALID_AMOUNT";
    if (this.validators.has(a)) return "ALREADY_REGISTERED";
    if (amount < cfg.minimumValidatorStake) return "STAKE_BELOW_MINIMUM";
    if (this.balances[a]! < amount) return "INSUFFICIENT_BALANCE";
    if (key !== popOf) return "INVALID_BLS_KEY";
    if ([...this.validators.values()].some((v) => v.key === key)) return "BLS_KEY_IN_USE";
    this.balances[a]! -= amount;
    this.validators.set(a, { key, stake: amount, status: "pending", registeredAt: this.height, unbondingEndsAt: 0n, jailedUntil: 0n, offences: 0n });
    return "ok";
  }
  addStake(a: number, amount: bigint): string {
    if (amount <= 0n) return "INVALID_AMOUNT";
    const v = this.validators.get(a);
    if (v === undefined) return "NOT_A_VALIDATOR";
    if (v.status === "unbonding") return "WRONG_STATUS";
    if (this.balances[a]! < amount) return "INSUFFICIENT_BALANCE";
    this.balances[a]! -= amount;
    v.stake += amount;
    return "ok";
  }
  exit(a: number): string {
    const v = this.validators.get(a);
    if (v === undefined) return "NOT_A_VALIDATOR";
    if (v.status === "unbonding") return "WRONG_STATUS";
    v.status = "unbonding";
    v.unbondingEndsAt = this.height + cfg.unbondingPeriod > v.jailedUntil ? this.height + cfg.unbondingPeriod : v.jailedUntil;
    return "ok";
  }
  withdraw(a: number): string {
    const v = this.validators.get(a);
    if (v === undefined) return "NOT_A_VALIDATOR";
    if (v.status !== "unbonding") return "WRONG_STATUS";
    if (this.height < v.unbondingEndsAt) return "STILL_UNBONDING";
    this.balances[a]! += v.stake;
    this.validators.delete(a);
    return "ok";
  }
  unjail(a: number): string {
    const v = this.validators.get(a);
    if (v === undefined) return "NOT_A_VALIDATOR";
    if (v.status !== "jailed") return "WRONG_STATUS";
    if (this.height < v.jailedUntil) return "STILL_JAILED";
    if (v.stake < cfg.minimumValidatorStake) return "STAKE_BELOW_MINIMUM";
    v.status = "pending";
    return "ok";
  }
  jail(a: number): string {
    const v = this.validators.get(a);
    if (v === undefined) return "NOT_A_VALIDATOR";
    v.offences += 1n;
    let length = cfg.jailPeriod;
    for (let i = 1n; i < v.offences && i <= cfg.maxJailDoublings; i++) length *= 2n;
    v.jailedUntil = this.height + length;
    if (v.status === "unbonding") {
      if (v.unbondingEndsAt < v.jailedUntil) v.unbondingEndsAt = v.jailedUntil;
    } else v.status = "jailed";
    return "ok";
  }
  invalidProposal(a: number, view: number): string {
    if (!this.validators.has(a)) return "NOT_A_VALIDATOR";
    if (this.punished.has(`${a}:${view}`)) return "EVIDENCE_ALREADY_USED";
    this.punished.add(`${a}:${view}`);
    return this.jail(a);
  }
  /** The end of block `height`: at an epoch's last block, the next set. */
  endBlock(): void {
    if ((this.height + 1n) % cfg.epochLength === 0n) {
      const epoch = (this.height + 1n) / cfg.epochLength;
      let members = [...this.validators.entries()]
        .filter(([, v]) => (v.status === "pending" || v.status === "active") && v.stake >= cfg.minimumValidatorStake)
        .map(([a]) => a)
        .sort((x, y) => x - y);
      for (const a of members) this.validators.get(a)!.status = "active";
      if (members.length === 0) members = this.sets.get(epoch - 1n) ?? [];
      this.sets.set(epoch, members);
    }
    this.height += 1n;
  }
}

type Op =
  | { kind: "register"; a: number; key: number; pop: number; amount: bigint }
  | { kind: "add"; a: number; amount: bigint }
  | { kind: "exit" | "withdraw" | "unjail" | "jail"; a: number }
  | { kind: "invalidProposal"; a: number; view: number }
  | { kind: "advance"; blocks: number };

const who = fc.integer({ min: 0, max: ADDRS.length - 1 });
// Mostly amounts and proofs that pass, so runs get past registration; sometimes anything.
const amountArb = (typical: bigint, most: bigint) =>
  fc.oneof({ weight: 4, arbitrary: fc.bigInt({ min: 1n, max: typical }) }, { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: most }) });
const registerOp = fc
  .record({
    a: who,
    key: fc.integer({ min: 0, max: KEYS - 1 }),
    badPop: fc.integer({ min: 0, max: 5 }),
    amount: fc.oneof({ weight: 4, arbitrary: fc.bigInt({ min: 100n, max: 250n }) }, { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 450n }) }),
  })
  .map(({ a, key, badPop, amount }) => ({ kind: "register" as const, a, key, pop: badPop === 0 ? (key + 1) % KEYS : key, amount }));
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: registerOp },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add" as const), a: who, amount: amountArb(60n, 200n) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constantFrom("exit" as const, "withdraw" as const, "unjail" as const, "jail" as const), a: who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("invalidProposal" as const), a: who, view: fc.integer({ min: 2, max: 4 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("advance" as const), blocks: fc.integer({ min: 1, max: 30 }) }) },
);

// A defective proposal (its round is not the signed view) by ADDRS[a] signed with pool key `key`; signing is slow, so cached.
const signed = new Map<string, ReturnType<typeof proposalEvidence>>();
function invalidProposalBy(a: number, key: number, view: number) {
  const id = `${a}:${key}:${view}`;
  let e = signed.get(id);
  if (e === undefined) {
    const spec = { chainId: 7n, leader: ADDRS[a]!, key: poolKey(key), epoch: 0n, view: BigInt(view), parent: BigInt(view - 1), height: BigInt(view) };
    e = proposalEvidence(spec, (h) => ({ ...h, round: h.round + 1n }));
    signed.set(id, e);
  }
  return e;
}

describe("staking against a reference model", () => {
  it("agrees on outcomes, records, balances and epoch sets after every step", { timeout: 120_000 }, () => {
    for (let k = 0; k < KEYS; k++) poolKey(k);
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 40 }), (ops) => {
        const fork = newFork();
        const accounts = new MapAccounts();
        for (const a of ADDRS) accounts.credit(a, START);
        const model = new Model();
        const real = (fn: () => unknown): string => {
          try {
            fn();
            return "ok";
          } catch (error) {
            if (error instanceof StakingError) return error.code;
            throw error;
          }
        };
        for (const o of ops) {
          const ctx = context(fork, accounts, model.height, cfg);
          let got: string;
          let want: string;
          switch (o.kind) {
            case "register":
              got = real(() => register(ctx, { address: ADDRS[o.a]!, blsPublicKey: poolKey(o.key).publicKey, proofOfPossession: poolKey(o.pop).pop, amount: o.amount }));
              want = model.register(o.a, o.key, o.pop, o.amount);
              break;
            case "add":
              got = real(() => addStake(ctx, ADDRS[o.a]!, o.amount));
              want = model.addStake(o.a, o.amount);
              break;
            case "exit":
              got = real(() => exit(ctx, ADDRS[o.a]!));
              want = model.exit(o.a);
              break;
            case "withdraw":
              got = real(() => withdraw(ctx, ADDRS[o.a]!));
              want = model.withdraw(o.a);
              break;
            case "unjail":
              got = real(() => unjail(ctx, ADDRS[o.a]!));
              want = model.unjail(o.a);
              break;
            case "jail":
              got = real(() => jail(ctx, ADDRS[o.a]!));
              want = model.jail(o.a);
              break;
            case "invalidProposal": {
              const e = invalidProposalBy(o.a, model.validators.get(o.a)?.key ?? 0, o.view);
              got = real(() => reportInvalidProposal(ctx, 7n, e));
              want = model.invalidProposal(o.a, o.view);
              break;
            }
            case "advance":
              for (let i = 0; i < o.blocks; i++) {
                processEpochBoundary(fork, cfg, model.height);
                model.endBlock();
              }
              got = want = "ok";
          }
          expect(got, `${o.kind} at ${model.height}`).toBe(want);
          ADDRS.forEach((a, i) => {
            expect(accounts.balanceOf(a)).toBe(model.balances[i]);
            const r = getValidator(fork, a);
            const m = model.validators.get(i);
            if (m === undefined) {
              expect(r).toBeUndefined();
              return;
            }
            expect(r && { ...r, status: VALIDATOR_STATUS_NAMES[r.status], blsPublicKey: toHex(r.blsPublicKey) }).toEqual({
              ...m,
              key: undefined,
              blsPublicKey: toHex(poolKey(m.key).publicKey),
            });
          });
          for (const [epoch, members] of model.sets) {
            if (epoch + cfg.epochSetRetention + 1n <= model.height / cfg.epochLength) continue;
            expect(getEpochSet(fork, epoch)?.members.map((m) => toHex(m.address))).toEqual(members.map((i) => toHex(ADDRS[i]!)));
          }
        }
      }),
      { numRuns: 40, seed: 2126 },
    );
  });
});
