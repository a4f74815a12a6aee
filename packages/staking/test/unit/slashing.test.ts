import { describe, expect, it } from "vitest";
import { createStakingConfig, getSupply, getValidator, initSupply, punishEquivocation, register, splitSlash, ValidatorStatus } from "../../src/index.js";
import { addr, context, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";

const V = addr(1);
const SUBMITTER = addr(2);
const TREASURY = addr(3);

describe("the equivocation penalty", () => {
  it("takes 1% of stake, burns it at genesis defaults, records the burn and jails", () => {
    const fork = newFork();
    const accounts = new MapAccounts();
    accounts.credit(V, 10_050n);
    initSupply(fork, 10_050n);
    register(context(fork, accounts, 1n), { address: V, blsPublicKey: poolKey(0).publicKey, proofOfPossession: poolKey(0).pop, amount: 10_050n });
    const out = punishEquivocation(context(fork, accounts, 5n), V, SUBMITTER, TREASURY);
    expect(out).toMatchObject({ slashed: 100n, burned: 100n, toSubmitter: 0n, toTreasury: 0n });
    expect(getValidator(fork, V)).toMatchObject({ stake: 9_950n, status: ValidatorStatus.Jailed, jailedUntil: 12n, offences: 1n });
    expect(getSupply(fork)!.burned).toBe(100n);
    expect(accounts.balanceOf(SUBMITTER)).toBe(0n);
  });

  it("splits per SlashDistribution, the burn taking the rounding", () => {
    const cfg = createStakingConfig({ ...SMALL, slashDistribution: { burnBps: 5_000n, submitterBps: 3_333n, treasuryBps: 1_667n } });
    expect(splitSlash(cfg, 100n)).toEqual({ burned: 51n, toSubmitter: 33n, toTreasury: 16n });
    expect(splitSlash(SMALL, 100n)).toEqual({ burned: 100n, toSubmitter: 0n, toTreasury: 0n });
  });
});
