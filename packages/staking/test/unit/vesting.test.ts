import { describe, expect, it } from "vitest";
import { claimVested, getVesting, lockedAt, lockVesting, StakingError, unlockedAt } from "../../src/index.js";
import { addr, MapAccounts, newFork } from "../utils/fixture.js";

const A = addr(7);
const schedule = { total: 1_000n, atGenesis: 100n, cliff: 30n, period: 10n, periods: 9n };

describe("genesis vesting", () => {
  it("unlocks the TGE part, nothing more before the cliff, then equal steps", () => {
    expect([0n, 29n, 30n, 39n, 40n, 89n, 90n, 1_000n].map((h) => unlockedAt(schedule, h))).toEqual([100n, 100n, 400n, 400n, 500n, 900n, 1_000n, 1_000n]);
  });

  it("claims move exactly the unlocked, unclaimed part to the balance; the record goes when all is claimed", () => {
    const fork = newFork();
    const accounts = new MapAccounts();
    lockVesting(fork, A, schedule);
    expect(claimVested(fork, accounts, A, 5n)).toBe(100n);
    expect(() => claimVested(fork, accounts, A, 29n)).toThrow(StakingError);
    expect(lockedAt(getVesting(fork, A)!, 29n)).toBe(900n);
    expect(claimVested(fork, accounts, A, 45n)).toBe(400n);
    expect(getVesting(fork, A)).toMatchObject({ claimed: 500n });
    expect(claimVested(fork, accounts, A, 500n)).toBe(500n);
    expect(accounts.balanceOf(A)).toBe(1_000n);
    expect(getVesting(fork, A)).toBeUndefined();
    expect(() => claimVested(fork, accounts, A, 501n)).toThrow(/no vesting schedule/);
  });

  it("refuses a malformed schedule and a second schedule for one address", () => {
    const fork = newFork();
    expect(() => lockVesting(fork, A, { ...schedule, atGenesis: 1_001n })).toThrow(/atGenesis/);
    expect(() => lockVesting(fork, A, { ...schedule, period: 0n })).toThrow(/period/);
    lockVesting(fork, A, schedule);
    expect(() => lockVesting(fork, A, schedule)).toThrow(/at most one/);
  });
});
