import { describe, expect, it } from "vitest";
import { applyStakingGenesis, blockIssuance, createStakingConfig, getSupply, inflationBps, initSupply, processRewards, recordBurn, totalSupply } from "../../src/index.js";
import { addr, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";

const cfg = createStakingConfig({ ...SMALL, blocksPerYear: 7n });

describe("issuance (§8.2)", () => {
  it("follows 8% / 6% / 4% / 3% then the 2% floor", () => {
    expect([0n, 1n, 2n, 3n, 4n, 40n].map((y) => inflationBps(cfg, y))).toEqual([800n, 600n, 400n, 300n, 200n, 200n]);
  });

  it("mints exactly the year's total over the year's blocks, spread to within one unit", () => {
    const perBlock = [1n, 2n, 3n, 4n, 5n, 6n, 7n].map((h) => blockIssuance(cfg, 1_000n, h));
    expect(perBlock.reduce((a, b) => a + b)).toBe(80n);
    expect(perBlock).toEqual([11n, 11n, 12n, 11n, 12n, 11n, 12n]);
    // Year 2 (blocks 8..14) at 6%.
    expect([8n, 9n, 10n, 11n, 12n, 13n, 14n].reduce((a, h) => a + blockIssuance(cfg, 1_000n, h), 0n)).toBe(60n);
    expect(blockIssuance(cfg, 1_000n, 0n)).toBe(0n);
    // The default year: 8% of 10^18 base units over 31,536,000 blocks.
    const d = createStakingConfig();
    expect(blockIssuance(d, 10n ** 18n, 1n)).toBe(2_536_783_358n);
  });

  it("refuses a rate above the 10% hard cap", () => {
    expect(() => createStakingConfig({ inflationScheduleBps: [1_001n] })).toThrow(/inflationScheduleBps\[0\]/);
  });
});

describe("processRewards", () => {
  it("pays pro rata to the set's stake, leaves the dust unminted and keeps the supply record exact", () => {
    const fork = newFork();
    const accounts = new MapAccounts();
    const [A, B, C] = [addr(1), addr(2), addr(3)];
    const set = applyStakingGenesis(
      fork,
      cfg,
      [A, B, C].map((address, i) => ({ address, blsPublicKey: poolKey(i).publicKey, proofOfPossession: poolKey(i).pop, stake: [100n, 200n, 400n][i]! })),
    );
    initSupply(fork, 300n + set.totalStake); // 300 in balances elsewhere, 700 staked
    // Block 1: issuance ⌊1·80/7⌋ = 11 of base 1000; shares 11·100/700 = 1, 11·200/700 = 3, 11·400/700 = 6 (10 minted, 1 dust).
    const r1 = processRewards(fork, accounts, cfg, 1n, 5n);
    expect(r1.paid.map((p) => p.amount)).toEqual([1n, 3n, 6n]);
    expect(r1.issued).toBe(10n);
    expect(getSupply(fork)).toEqual({ genesis: 1_000n, issued: 10n, burned: 5n, yearBase: 1_000n });
    expect([A, B, C].map((a) => accounts.balanceOf(a))).toEqual([1n, 3n, 6n]);
    for (let h = 2n; h <= 7n; h++) processRewards(fork, accounts, cfg, h, 0n);
    // Block 8 starts year 2: its base is the supply then.
    const before = getSupply(fork)!;
    const r8 = processRewards(fork, accounts, cfg, 8n, 0n);
    expect(r8.supply.yearBase).toBe(totalSupply(before));
    recordBurn(fork, 7n);
    expect(getSupply(fork)!.burned).toBe(12n);
  });
});
