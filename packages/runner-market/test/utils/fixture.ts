// A Map-backed state and balance book for driving the runner market without execution.
import { toHex, type CborValue } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { createRunnerMarketConfig, type RunnerMarketConfig } from "../../src/config.js";
import { encodeCapabilities } from "../../src/capabilities.js";
import type { MarketContext } from "../../src/market.js";
import { parseJobRequest, type JobRequest } from "../../src/request.js";
import type { MarketAccounts, MarketState } from "../../src/store.js";

export const CBY = 1_000_000_000n;

export class World {
  readonly store = new Map<string, Uint8Array>();
  readonly balances = new Map<string, bigint>();
  burned = 0n;
  height = 1n;
  readonly state: MarketState = {
    get: (k) => this.store.get(toHex(k)),
    set: (k, v) => void this.store.set(toHex(k), v.slice()),
    delete: (k) => void this.store.delete(toHex(k)),
  };
  readonly accounts: MarketAccounts = {
    balanceOf: (a) => this.balances.get(toHex(a)) ?? 0n,
    debit: (a, v) => {
      const b = this.balances.get(toHex(a)) ?? 0n;
      if (b < v) throw new Error(`overdraft of 0x${toHex(a)}`);
      this.balances.set(toHex(a), b - v);
    },
    credit: (a, v) => void this.balances.set(toHex(a), (this.balances.get(toHex(a)) ?? 0n) + v),
    burn: (v) => {
      this.burned += v;
    },
  };
  constructor(readonly config: RunnerMarketConfig = testConfig()) {}

  balance(a: Uint8Array): bigint {
    return this.accounts.balanceOf(a);
  }

  fund(a: Uint8Array, v: bigint): void {
    this.accounts.credit(a, v);
  }

  /** The market context of the current height; the round is the height, the beacon a hash of it. */
  ctx(): MarketContext {
    return {
      state: this.state,
      accounts: this.accounts,
      config: this.config,
      height: this.height,
      round: this.height,
      beacon: keccak256(new TextEncoder().encode(`beacon-${this.height}`)),
    };
  }

  /** Sum of every balance plus what was burned: conserved by every operation. */
  total(): bigint {
    let t = this.burned;
    for (const v of this.balances.values()) t += v;
    return t;
  }
}

export function testConfig(overrides: Partial<RunnerMarketConfig> = {}): RunnerMarketConfig {
  return createRunnerMarketConfig({
    stakeFloor: 100n * CBY,
    ackBlocks: 3n,
    commitBlocks: 5n,
    revealBlocks: 3n,
    challengeWindow: 4n,
    selectionDelayRounds: 2n,
    selectionTimeout: 10n,
    challengeBond: 10n * CBY,
    ...overrides,
  });
}

export const addr = (n: number): Uint8Array => {
  const a = new Uint8Array(20);
  a[0] = 0xaa;
  a[19] = n;
  return a;
};

export const HTTP_CAPS = encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"], models: [] });
export const declaration = (maxJobValue: bigint = 10n * CBY) => ({
  maxJobValue,
  capabilities: HTTP_CAPS,
  endpoint: new TextEncoder().encode("http://127.0.0.1:9000"),
  transportKey: new Uint8Array(32).fill(7),
});

export const PRICE_SCHEMA: CborValue = new Map<CborValue, CborValue>([
  ["type", "object"],
  ["properties", new Map<CborValue, CborValue>([["price", new Map<CborValue, CborValue>([["type", "integer"]])]])],
  ["required", ["price"]],
]);

export function httpRequest(extra: Record<string, CborValue> = {}, cfg: RunnerMarketConfig = testConfig()): JobRequest {
  const m = new Map<CborValue, CborValue>([
    ["kind", "http"],
    [
      "spec",
      new Map<CborValue, CborValue>([
        ["method", "GET"],
        ["url", "https://prices.example/btc"],
      ]),
    ],
    ["result_schema", PRICE_SCHEMA],
    ["runners", 3n],
    ["quorum", 2n],
    ["verification", "majority_vote"],
    ["allow_domains", ["prices.example"]],
    ["callback", "on_price"],
  ]);
  for (const [k, v] of Object.entries(extra)) m.set(k, v);
  return parseJobRequest(m, cfg);
}
