// A Map-backed state, balances and a fixed electorate: the GovernanceHost a test drives governance with.
import { toHex } from "@cowboy/codec";
import { createGovernanceConfig, GovernanceError, type GovernanceConfig, type GovernanceHost, type Json, type Tier } from "../../src/index.js";

export class MapState {
  readonly map = new Map<string, Uint8Array>();
  get(key: Uint8Array): Uint8Array | undefined {
    return this.map.get(toHex(key));
  }
  set(key: Uint8Array, value: Uint8Array): void {
    this.map.set(toHex(key), value.slice());
  }
  delete(key: Uint8Array): void {
    this.map.delete(toHex(key));
  }
}

export const addr = (n: number): Uint8Array => {
  const a = new Uint8Array(20);
  a[0] = 0xa0;
  a[19] = n;
  return a;
};

/** Voters 1..3 with stakes 50/30/20 (validators all); known params `system:x` (Tier 0) and `system:y` (Tier 3). */
export function fixture(overrides: Partial<GovernanceConfig> = {}) {
  const state = new MapState();
  const balances = new Map<string, bigint>([1, 2, 3, 4].map((n) => [toHex(addr(n)), 1_000n]));
  const stakes = new Map<string, bigint>([
    [toHex(addr(1)), 50n],
    [toHex(addr(2)), 30n],
    [toHex(addr(3)), 20n],
  ]);
  const config = createGovernanceConfig({
    votingPeriod: 2n,
    timelock: 3n,
    emergencyTimelock: 1n,
    minDeposit: 10n,
    council: [1, 2, 3].map((n) => toHex(addr(0x40 + n))),
    councilThreshold: 2n,
    ...overrides,
  });
  const host = {
    state,
    config,
    height: 1n,
    accounts: {
      balanceOf: (a: Uint8Array) => balances.get(toHex(a)) ?? 0n,
      debit: (a: Uint8Array, n: bigint) => {
        const b = balances.get(toHex(a)) ?? 0n;
        if (b < n) throw new Error("overdraft");
        balances.set(toHex(a), b - n);
      },
      credit: (a: Uint8Array, n: bigint) => balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) + n),
    },
    electorate: () => ({ totalStake: 100n, totalValidators: 3n, stakeOf: (a: Uint8Array) => stakes.get(toHex(a)) ?? 0n, isValidator: (a: Uint8Array) => stakes.has(toHex(a)) }),
    checkParams: (changes: readonly { key: string; value: Json }[]): Tier => {
      let tier: Tier = 0;
      for (const c of changes) {
        if (c.key !== "system:x" && c.key !== "system:y") throw new GovernanceError("UNKNOWN_PARAM", c.key);
        if (typeof c.value !== "string") throw new GovernanceError("INVALID_ARGUMENT", `${c.key}: expected a string`);
        if (c.key === "system:y") tier = 3;
      }
      return tier;
    },
  } satisfies GovernanceHost;
  return { state, balances, host, at: (height: bigint): GovernanceHost => ({ ...host, height }) };
}
