import { decodeCbor } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import {
  cancel,
  DEFAULT_INTEROP_CONFIG,
  type EthLog,
  getSubscription,
  InteropError,
  MemoryInteropStore,
  oracles,
  quorumOf,
  registerOracle,
  reportEvent,
  subscribe,
  subscriptionId,
  topUp,
  isActiveOracle,
  unregisterOracle,
  withdrawOracle,
} from "../../src/index.js";

const cfg = DEFAULT_INTEROP_CONFIG;
const addr = (n: number) => new Uint8Array(20).fill(n);
const word = (n: number) => new Uint8Array(32).fill(n);
const ACTOR = addr(0xac);
const CONTRACT = addr(0xcc);
const TRANSFER = word(0xdd);
const [A, B, C] = [addr(1), addr(2), addr(3)];

function setup(feePerEvent = 10n, deposit = 100n) {
  const store = new MemoryInteropStore();
  for (const o of [C, A, B]) registerOracle(store, o, cfg.minOracleStake, 1n, cfg);
  const sub = subscribe(store, { owner: ACTOR, contract: CONTRACT, topics: [TRANSFER, null], fromBlock: 10n, confirmations: 3n, handler: "on_event", deposit, feePerEvent }, cfg);
  return { store, sub };
}
function log(block: bigint, index: bigint, hash = 0xb0, data = Uint8Array.of(1, 2)): EthLog {
  return { contract: CONTRACT, topics: [TRANSFER, word(1)], data, blockNumber: block, blockHash: word(hash), transactionHash: word(0x7a), logIndex: index };
}
function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InteropError);
    return (e as InteropError).code;
  }
  throw new Error("expected an InteropError");
}

describe("oracle registry", () => {
  it("keeps operators sorted, refuses low stakes and duplicates, unbonds before returning the stake", () => {
    const { store } = setup();
    expect(oracles(store)).toEqual([A, B, C]);
    expect(code(() => registerOracle(store, A, cfg.minOracleStake, 2n, cfg))).toBe("ALREADY_REGISTERED");
    expect(code(() => registerOracle(store, addr(9), cfg.minOracleStake - 1n, 2n, cfg))).toBe("STAKE_TOO_LOW");
    expect(code(() => withdrawOracle(store, B, 5n))).toBe("NOT_UNBONDING");
    expect(unregisterOracle(store, B, 5n, cfg).unbondingUntil).toBe(5n + cfg.oracleUnbondingBlocks);
    expect(oracles(store)).toEqual([A, C]);
    expect(isActiveOracle(store, B)).toBe(false);
    expect(code(() => unregisterOracle(store, B, 6n, cfg))).toBe("UNBONDING");
    expect(code(() => registerOracle(store, B, cfg.minOracleStake, 6n, cfg))).toBe("ALREADY_REGISTERED");
    expect(code(() => withdrawOracle(store, B, 4n + cfg.oracleUnbondingBlocks))).toBe("UNBONDING");
    expect(withdrawOracle(store, B, 5n + cfg.oracleUnbondingBlocks)).toBe(cfg.minOracleStake);
    expect(code(() => withdrawOracle(store, B, 5n + cfg.oracleUnbondingBlocks))).toBe("NOT_AN_ORACLE");
    expect(code(() => unregisterOracle(store, B, 7n, cfg))).toBe("NOT_AN_ORACLE");
  });

  it("an unbonding oracle no longer reports nor counts towards the quorum", () => {
    const { store, sub } = setup();
    unregisterOracle(store, C, 1n, cfg);
    expect(code(() => reportEvent(store, C, sub.id, log(12n, 0n), cfg))).toBe("NOT_AN_ORACLE");
    expect(reportEvent(store, A, sub.id, log(12n, 0n), cfg)).toEqual({ delivered: null, agreeing: 1, quorum: 2 });
    expect(reportEvent(store, B, sub.id, log(12n, 0n), cfg).delivered).not.toBeNull();
  });

  it("needs ceil(2n/3) agreeing oracles", () => {
    expect([1, 2, 3, 4, 5, 7].map((n) => quorumOf(n, cfg))).toEqual([1, 2, 2, 3, 4, 5]);
    expect(quorumOf(0, cfg)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("subscriptions and delivery", () => {
  it("delivers a log once two of three oracles agree, exactly once, paying them the fee", () => {
    const { store, sub } = setup();
    expect(sub.id).toEqual(subscriptionId(0n));
    expect(reportEvent(store, A, sub.id, log(12n, 0n), cfg)).toEqual({ delivered: null, agreeing: 1, quorum: 2 });
    const out = reportEvent(store, C, sub.id, log(12n, 0n), cfg);
    expect(out.delivered).not.toBeNull();
    const d = out.delivered!;
    expect(d.to).toEqual(ACTOR);
    expect(d.handler).toBe("on_event");
    expect(d.payouts).toEqual([
      { oracle: A, amount: 5n },
      { oracle: C, amount: 5n },
    ]);
    const payload = decodeCbor(d.payload) as Map<string, Map<string, unknown>>;
    const event = payload.get("event")!;
    expect(event.get("topics")).toEqual([TRANSFER, word(1)]);
    expect(event.get("data")).toEqual(Uint8Array.of(1, 2));
    expect(event.get("block_number")).toBe(12n);
    expect(getSubscription(store, sub.id)).toMatchObject({ deposit: 90n, delivered: 1n, cursor: { block: 12n, logIndex: 0n } });
    // the third oracle's late report, and any replay, is refused: exactly once
    expect(code(() => reportEvent(store, B, sub.id, log(12n, 0n), cfg))).toBe("ALREADY_DELIVERED");
    expect(code(() => reportEvent(store, A, sub.id, log(11n, 5n), cfg))).toBe("ALREADY_DELIVERED");
  });

  it("never delivers a log the oracles disagree on (a reorged block hash), and refuses double reports", () => {
    const { store, sub } = setup();
    expect(reportEvent(store, A, sub.id, log(20n, 1n, 0xb1), cfg).delivered).toBeNull();
    expect(reportEvent(store, B, sub.id, log(20n, 1n, 0xb2), cfg).delivered).toBeNull();
    expect(code(() => reportEvent(store, A, sub.id, log(20n, 1n, 0xb2), cfg))).toBe("ALREADY_REPORTED");
    const third = reportEvent(store, C, sub.id, log(20n, 1n, 0xb2), cfg);
    expect(third.delivered?.log.blockHash).toEqual(word(0xb2));
  });

  it("delivers in order: a later position moves the cursor past earlier undelivered ones", () => {
    const { store, sub } = setup();
    reportEvent(store, A, sub.id, log(30n, 0n), cfg);
    reportEvent(store, A, sub.id, log(30n, 1n), cfg);
    expect(reportEvent(store, B, sub.id, log(30n, 0n), cfg).delivered?.log.logIndex).toBe(0n);
    expect(reportEvent(store, B, sub.id, log(30n, 1n), cfg).delivered?.log.logIndex).toBe(1n);
    expect(getSubscription(store, sub.id).delivered).toBe(2n);
  });

  it("refuses logs outside the filter, non-oracles, and reports once the deposit is spent", () => {
    const { store, sub } = setup(60n, 100n);
    expect(code(() => reportEvent(store, A, sub.id, { ...log(12n, 0n), contract: addr(7) }, cfg))).toBe("NOT_MATCHING");
    expect(code(() => reportEvent(store, A, sub.id, { ...log(12n, 0n), topics: [word(1)] }, cfg))).toBe("NOT_MATCHING");
    expect(code(() => reportEvent(store, A, sub.id, log(9n, 0n), cfg))).toBe("NOT_MATCHING");
    expect(code(() => reportEvent(store, addr(9), sub.id, log(12n, 0n), cfg))).toBe("NOT_AN_ORACLE");
    expect(code(() => reportEvent(store, A, sub.id, { ...log(12n, 0n), blockHash: word(1).subarray(1) }, cfg))).toBe("INVALID_ARGUMENT");
    reportEvent(store, A, sub.id, log(12n, 0n), cfg);
    expect(reportEvent(store, B, sub.id, log(12n, 0n), cfg).delivered?.payouts.map((p) => p.amount)).toEqual([30n, 30n]);
    expect(code(() => reportEvent(store, A, sub.id, log(13n, 0n), cfg))).toBe("UNFUNDED");
    topUp(store, sub.id, 20n);
    expect(reportEvent(store, A, sub.id, log(13n, 0n), cfg).delivered).toBeNull();
  });

  it("lets only the owner cancel, returning the deposit left", () => {
    const { store, sub } = setup();
    expect(code(() => cancel(store, sub.id, A))).toBe("NOT_OWNER");
    expect(cancel(store, sub.id, ACTOR)).toBe(100n);
    expect(code(() => getSubscription(store, sub.id))).toBe("NO_SUBSCRIPTION");
    expect(code(() => reportEvent(store, A, sub.id, log(12n, 0n), cfg))).toBe("NO_SUBSCRIPTION");
  });

  it("validates requests", () => {
    const store = new MemoryInteropStore();
    const base = { owner: ACTOR, contract: CONTRACT, topics: [], fromBlock: 0n, confirmations: 3n, handler: "h", deposit: 0n, feePerEvent: 0n };
    expect(code(() => subscribe(store, { ...base, confirmations: 257n }, cfg))).toBe("INVALID_ARGUMENT");
    expect(code(() => subscribe(store, { ...base, handler: "not valid" }, cfg))).toBe("INVALID_ARGUMENT");
    expect(code(() => subscribe(store, { ...base, topics: [null, null, null, null, null] }, cfg))).toBe("INVALID_ARGUMENT");
    expect(subscribe(store, base, cfg).id).toEqual(subscriptionId(0n));
    expect(subscribe(store, base, cfg).id).toEqual(subscriptionId(1n));
  });
});
