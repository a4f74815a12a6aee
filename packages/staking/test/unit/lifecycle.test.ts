import { describe, expect, it } from "vitest";
import {
  addStake,
  applyStakingGenesis,
  createStakingConfig,
  exit,
  getEpochSet,
  getValidator,
  jail,
  jailLength,
  processEpochBoundary,
  register,
  StakingError,
  unjail,
  validatorAddresses,
  ValidatorStatus,
  withdraw,
} from "../../src/index.js";
import { addr, context, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";

const A = addr(0xa1);
const B = addr(0x0b);

function setup(balance = 1_000n) {
  const fork = newFork();
  const accounts = new MapAccounts();
  accounts.credit(A, balance);
  accounts.credit(B, balance);
  return { fork, accounts };
}

function refused(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StakingError);
    expect((error as StakingError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe("register", () => {
  it("bonds the stake and leaves the validator pending", () => {
    const { fork, accounts } = setup();
    const k = poolKey(0);
    const record = register(context(fork, accounts, 5n), { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 300n });
    expect(record.status).toBe(ValidatorStatus.Pending);
    expect(accounts.balanceOf(A)).toBe(700n);
    expect(getValidator(fork, A)).toEqual({ blsPublicKey: k.publicKey, stake: 300n, status: 0, registeredAt: 5n, unbondingEndsAt: 0n, jailedUntil: 0n, offences: 0n });
    expect(validatorAddresses(fork)).toEqual([A]);
  });

  it("refuses below the minimum, beyond the balance, twice, a reused key and a bad proof, changing nothing", () => {
    const { fork, accounts } = setup();
    const k = poolKey(0);
    const ctx = context(fork, accounts, 1n);
    refused(() => register(ctx, { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 99n }), "STAKE_BELOW_MINIMUM");
    refused(() => register(ctx, { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 1_001n }), "INSUFFICIENT_BALANCE");
    refused(() => register(ctx, { address: A, blsPublicKey: k.publicKey, proofOfPossession: poolKey(1).pop, amount: 100n }), "INVALID_BLS_KEY");
    refused(() => register(ctx, { address: A, blsPublicKey: k.publicKey.subarray(1), proofOfPossession: k.pop, amount: 100n }), "INVALID_BLS_KEY");
    refused(() => register(ctx, { address: A, blsPublicKey: new Uint8Array(48), proofOfPossession: k.pop, amount: 100n }), "INVALID_BLS_KEY");
    refused(() => register(ctx, { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 0n }), "INVALID_AMOUNT");
    expect(accounts.balanceOf(A)).toBe(1_000n);
    expect(validatorAddresses(fork)).toEqual([]);
    register(ctx, { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100n });
    refused(() => register(ctx, { address: A, blsPublicKey: poolKey(1).publicKey, proofOfPossession: poolKey(1).pop, amount: 100n }), "ALREADY_REGISTERED");
    refused(() => register(ctx, { address: B, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100n }), "BLS_KEY_IN_USE");
    expect(accounts.balanceOf(B)).toBe(1_000n);
  });
});

describe("the lifecycle", () => {
  it("pending → active at the boundary → unbonding → withdrawn after the period", () => {
    const { fork, accounts } = setup();
    const k = poolKey(0);
    register(context(fork, accounts, 3n), { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 200n });
    addStake(context(fork, accounts, 4n), A, 50n);
    expect(processEpochBoundary(fork, SMALL, 8n)).toBeUndefined();
    const set = processEpochBoundary(fork, SMALL, 9n);
    expect(set).toEqual({ epoch: 1n, members: [{ address: A, blsPublicKey: k.publicKey, stake: 250n }], totalStake: 250n });
    expect(getValidator(fork, A)?.status).toBe(ValidatorStatus.Active);
    const exited = exit(context(fork, accounts, 12n), A);
    expect(exited.unbondingEndsAt).toBe(37n);
    refused(() => addStake(context(fork, accounts, 13n), A, 1n), "WRONG_STATUS");
    refused(() => exit(context(fork, accounts, 13n), A), "WRONG_STATUS");
    refused(() => withdraw(context(fork, accounts, 36n), A), "STILL_UNBONDING");
    // The set fixed at the next boundary no longer has A, and an empty set keeps the previous members.
    expect(processEpochBoundary(fork, SMALL, 19n)?.members.map((m) => m.address)).toEqual([A]);
    expect(withdraw(context(fork, accounts, 37n), A)).toBe(250n);
    expect(accounts.balanceOf(A)).toBe(1_000n);
    expect(getValidator(fork, A)).toBeUndefined();
    expect(validatorAddresses(fork)).toEqual([]);
    // The key is free again.
    register(context(fork, accounts, 40n), { address: B, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100n });
  });

  it("jail doubles on each repeat up to the cap, unjail waits for it and needs the minimum stake", () => {
    const { fork, accounts } = setup();
    const k = poolKey(0);
    register(context(fork, accounts, 0n), { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100n });
    expect([1n, 2n, 3n, 4n, 5n, 9n].map((n) => jailLength(SMALL, n))).toEqual([7n, 14n, 28n, 56n, 56n, 56n]);
    expect(jail(context(fork, accounts, 10n), A)).toMatchObject({ status: ValidatorStatus.Jailed, jailedUntil: 17n, offences: 1n });
    refused(() => unjail(context(fork, accounts, 16n), A), "STILL_JAILED");
    expect(unjail(context(fork, accounts, 17n), A).status).toBe(ValidatorStatus.Pending);
    refused(() => unjail(context(fork, accounts, 18n), A), "WRONG_STATUS");
    expect(jail(context(fork, accounts, 20n), A).jailedUntil).toBe(34n);
    // A jailed validator is left out of the next set.
    expect(processEpochBoundary(fork, SMALL, 29n)?.members).toEqual([]);
    // Exiting while jailed: withdraw waits for the later of the unbonding end and the jail end.
    const cfg = createStakingConfig({ ...SMALL, unbondingPeriod: 10n });
    expect(exit(context(fork, accounts, 21n, cfg), A).unbondingEndsAt).toBe(34n);
  });

  it("jailing an unbonding validator delays its withdrawal", () => {
    const { fork, accounts } = setup();
    const k = poolKey(0);
    register(context(fork, accounts, 0n), { address: A, blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100n });
    exit(context(fork, accounts, 1n), A);
    const jailed = jail(context(fork, accounts, 20n), A);
    expect(jailed).toMatchObject({ status: ValidatorStatus.Unbonding, unbondingEndsAt: 27n, jailedUntil: 27n });
    refused(() => withdraw(context(fork, accounts, 26n), A), "STILL_UNBONDING");
    expect(withdraw(context(fork, accounts, 27n), A)).toBe(100n);
  });

  it("instructions of an address without a record are refused", () => {
    const { fork, accounts } = setup();
    for (const fn of [
      () => addStake(context(fork, accounts, 1n), A, 5n),
      () => exit(context(fork, accounts, 1n), A),
      () => withdraw(context(fork, accounts, 1n), A),
      () => unjail(context(fork, accounts, 1n), A),
    ]) {
      refused(fn, "NOT_A_VALIDATOR");
    }
  });
});

describe("epochs and genesis", () => {
  it("genesis writes active records and the set of epoch 0 in address order; retention drops old sets", () => {
    const { fork, accounts } = setup();
    const [k0, k1] = [poolKey(0), poolKey(1)];
    const set = applyStakingGenesis(fork, SMALL, [
      { address: A, blsPublicKey: k0.publicKey, proofOfPossession: k0.pop, stake: 100n },
      { address: B, blsPublicKey: k1.publicKey, proofOfPossession: k1.pop, stake: 300n },
    ]);
    expect(set.members.map((m) => m.address)).toEqual([B, A]);
    expect(set.totalStake).toBe(400n);
    expect(getEpochSet(fork, 0n)).toEqual(set);
    for (let e = 1n; e <= 4n; e++) processEpochBoundary(fork, SMALL, e * 10n - 1n);
    // Retention 2: after epoch 4 is fixed, sets 4, 3, 2 remain.
    expect([0n, 1n, 2n, 3n, 4n].map((e) => getEpochSet(fork, e) !== undefined)).toEqual([false, false, true, true, true]);
    expect(accounts.balanceOf(A)).toBe(1_000n);
  });

  it("genesis refuses a duplicate address, a duplicate key, a bad proof and a small stake", () => {
    const [k0, k1] = [poolKey(0), poolKey(1)];
    refused(() => applyStakingGenesis(newFork(), SMALL, [{ address: A, blsPublicKey: k0.publicKey, proofOfPossession: k0.pop, stake: 99n }]), "STAKE_BELOW_MINIMUM");
    refused(() => applyStakingGenesis(newFork(), SMALL, [{ address: A, blsPublicKey: k0.publicKey, proofOfPossession: k1.pop, stake: 100n }]), "INVALID_BLS_KEY");
    const twice = (b: Uint8Array, k: typeof k0) => [
      { address: A, blsPublicKey: k0.publicKey, proofOfPossession: k0.pop, stake: 100n },
      { address: b, blsPublicKey: k.publicKey, proofOfPossession: k.pop, stake: 100n },
    ];
    refused(() => applyStakingGenesis(newFork(), SMALL, twice(A, k1)), "ALREADY_REGISTERED");
    refused(() => applyStakingGenesis(newFork(), SMALL, twice(B, k0)), "BLS_KEY_IN_USE");
    refused(() => applyStakingGenesis(newFork(), SMALL, []), "INVALID_ARGUMENT");
  });

  it("the config refuses an unbonding period shorter than an epoch and a distribution that does not sum to 100%", () => {
    refused(() => createStakingConfig({ epochLength: 100n, unbondingPeriod: 99n }), "INVALID_CONFIG");
    refused(() => createStakingConfig({ slashDistribution: { burnBps: 5_000n, submitterBps: 0n, treasuryBps: 0n } }), "INVALID_CONFIG");
    expect(createStakingConfig().epochLength).toBe(3_600n);
  });
});
