// The staking instructions and the epoch boundary inside the state transition (cips/staking.md):
// real signed transactions in blocks built by a proposer and re-applied by a verifier.
import { createStakingConfig, getEpochSet, getSupply, getValidator, getVesting, totalSupply, ValidatorStatus } from "@cowboy/staking";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams, testBlsKey } from "../utils/helpers.js";

const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 5n, unbondingPeriod: 10n, jailPeriod: 3n });
const params = { ...defaultParams, staking };
const LIMITS = { cycles: 100_000n, cells: 1_000n };

const bls = (i: number) => testBlsKey(0x22, i);

const PROPOSER = new Uint8Array(20).fill(0xee);

/** Every balance and stake of the chain's addresses adds up to genesis + issued − burned. */
function checkSupply(c: ActorChain): void {
  const fork = c.store.fork();
  const holders = [0, 1, 2, 3].map(addressOf);
  const held = [...holders, PROPOSER].reduce((sum, a) => sum + c.account(a).balance, 0n) + holders.reduce((sum, a) => sum + (getValidator(fork, a)?.stake ?? 0n), 0n);
  expect(held).toBe(totalSupply(getSupply(fork)!));
}

function chain(): ActorChain {
  const g = bls(9);
  return new ActorChain(params, {}, [{ address: addressOf(3), blsPublicKey: g.publicKey, proofOfPossession: g.pop, stake: 2_000n * CBY }]);
}

describe("staking in the state transition", () => {
  it("register → active at the epoch boundary → exit → out of the next set → withdraw after unbonding", { timeout: 60_000 }, () => {
    const c = chain();
    const k = bls(0);
    const before = c.account(addressOf(0)).balance;
    const [ok, bad] = c.block([
      c.tx(0, { type: "register_validator", blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 5_000n * CBY }, LIMITS),
      c.tx(1, { type: "register_validator", blsPublicKey: bls(1).publicKey, proofOfPossession: k.pop, amount: 5_000n * CBY }, LIMITS),
    ]);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    expect(bad!.status).toBe(ReceiptStatus.Reverted);
    expect(text(bad!.return_data)).toMatch(/^StakingError: INVALID_BLS_KEY: /);
    expect(c.account(addressOf(0)).balance).toBe(before - 5_000n * CBY - ok!.fee_paid);
    // Staking rides the System lane.
    expect(c.head.lane_usage.system).toBeGreaterThan(0n);
    expect(c.head.lane_usage.user).toBe(0n);
    const fork = () => c.store.fork();
    expect(getValidator(fork(), addressOf(0))?.status).toBe(ValidatorStatus.Pending);
    expect(getEpochSet(fork(), 0n)?.members.map((m) => m.address)).toEqual([addressOf(3)]);
    checkSupply(c);
    while (c.head.height < 4n) {
      c.block([]);
      checkSupply(c);
    }
    // Block 4 is the last of epoch 0: its end fixed the set of epoch 1.
    const set1 = getEpochSet(fork(), 1n);
    expect(set1?.totalStake).toBe(7_000n * CBY);
    expect(set1?.members.map((m) => m.address).sort()).toEqual([addressOf(0), addressOf(3)].sort());
    expect(getValidator(fork(), addressOf(0))?.status).toBe(ValidatorStatus.Active);

    const [exited] = c.block([c.tx(0, { type: "exit_validator" }, LIMITS)]); // height 5
    expect(exited!.status).toBe(ReceiptStatus.Success);
    while (c.head.height < 9n) c.block([]);
    expect(getEpochSet(fork(), 2n)?.members.map((m) => m.address)).toEqual([addressOf(3)]);
    const [early] = c.block([c.tx(0, { type: "withdraw_stake" }, LIMITS)]); // height 10 < 15
    expect(text(early!.return_data)).toMatch(/^StakingError: STILL_UNBONDING: /);
    while (c.head.height < 14n) {
      c.block([]);
      checkSupply(c);
    }
    const mid = c.account(addressOf(0)).balance;
    const [withdrawn] = c.block([c.tx(0, { type: "withdraw_stake" }, LIMITS)]); // height 15
    expect(withdrawn!.status).toBe(ReceiptStatus.Success);
    expect(c.account(addressOf(0)).balance).toBe(mid + 5_000n * CBY - withdrawn!.fee_paid);
    expect(getValidator(fork(), addressOf(0))).toBeUndefined();
    checkSupply(c);
  });

  it("pays each block's issuance to the epoch's set by stake and burns basefees in the supply record", () => {
    const c = chain();
    const g = c.account(addressOf(3)).balance;
    const [t] = c.block([c.transferTx(0, addressOf(1), 5n)]);
    const supply = getSupply(c.store.fork())!;
    // Genesis: four allocations of 10^6 CBY and the 2,000 CBY genesis stake.
    expect(supply.genesis).toBe(4_002_000n * CBY);
    expect(supply.burned).toBe(t!.fee_burned);
    expect(supply.issued).toBeGreaterThan(0n);
    // The only validator of epoch 0 gets the whole issuance.
    expect(c.account(addressOf(3)).balance - g).toBe(supply.issued);
    checkSupply(c);
  });

  it("genesis vesting is locked, counted in the supply, and claimed into the balance as it unlocks", { timeout: 60_000 }, () => {
    const g = bls(9);
    const schedule = { total: 1_000n * CBY, atGenesis: 100n * CBY, cliff: 3n, period: 1n, periods: 5n };
    const c = new ActorChain(
      params,
      {},
      [{ address: addressOf(3), blsPublicKey: g.publicKey, proofOfPossession: g.pop, stake: 2_000n * CBY }],
      [{ address: addressOf(2), schedule }],
    );
    expect(getSupply(c.store.fork())!.genesis).toBe(4_003_000n * CBY);
    const before = c.account(addressOf(2)).balance;
    const [first] = c.block([c.tx(2, { type: "claim_vested" }, LIMITS)]); // height 1: the TGE part
    expect(first!.status).toBe(ReceiptStatus.Success);
    expect(c.account(addressOf(2)).balance).toBe(before + 100n * CBY - first!.fee_paid);
    const [none] = c.block([c.tx(2, { type: "claim_vested" }, LIMITS)]); // height 2: before the cliff
    expect(text(none!.return_data)).toMatch(/^StakingError: NOTHING_TO_CLAIM: /);
    const [second] = c.block([c.tx(2, { type: "claim_vested" }, LIMITS)]); // height 3: 100 + 900·3/5
    expect(second!.status).toBe(ReceiptStatus.Success);
    expect(getVesting(c.store.fork(), addressOf(2))).toMatchObject({ claimed: 640n * CBY });
  });

  it("a chain without staking refuses staking instructions at admission", () => {
    const c = new ActorChain(defaultParams);
    expect(() => c.block([c.tx(0, { type: "exit_validator" }, LIMITS)])).toThrow(/staking is not enabled/);
  });

  it("a chain with staking needs valid genesis validators", () => {
    expect(() => new ActorChain(params)).toThrow(/needs genesis validators/);
    const g = bls(9);
    expect(() => new ActorChain(params, {}, [{ address: addressOf(3), blsPublicKey: g.publicKey, proofOfPossession: bls(8).pop, stake: 2_000n * CBY }])).toThrow(/INVALID_BLS_KEY/);
  });
});
