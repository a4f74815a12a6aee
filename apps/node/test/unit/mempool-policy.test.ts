// The pool's geth-style policy (issue 18, "The mempool cannot be pinned and loses nothing it
// accepted"): pending vs queued limits, the nonce-gap pinning reproduction, balance over all pooled
// transactions, and a reason for every transaction that leaves without a block.
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { Accounts, defaultChainParams, TxRejection } from "@cowboy/execution";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { createTransaction, EMPTY_ACCOUNT, type Transaction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { MempoolError } from "../../src/mempool/errors.js";
import { Mempool, type AccountView } from "../../src/mempool/mempool.js";

const params = defaultChainParams(42n, (a) => a);
const keys = new Map<number, Uint8Array>();
const key = (i: number): Uint8Array => {
  let k = keys.get(i);
  if (k === undefined) keys.set(i, (k = keccak256(new TextEncoder().encode(`policy${i}`))));
  return k;
};
const addrs = new Map<number, Uint8Array>();
const addr = (i: number): Uint8Array => {
  let a = addrs.get(i);
  if (a === undefined) addrs.set(i, (a = addressFromPrivateKey(key(i))));
  return a;
};
const TO = new Uint8Array(20).fill(9);
const FEE = 10_000n;
/** The maximum cost of one `tx(…)` moving `amount`. */
const cost = (amount: bigint, fee = FEE) => 21_000n * fee + amount;
const NO_FAILURES: ReadonlyArray<readonly [number, string]> = [];

function tx(sender: number, nonce: bigint, options: { fee?: bigint; tip?: bigint; amount?: bigint } = {}): Transaction {
  const fee = options.fee ?? FEE;
  const tip = options.tip ?? 0n;
  return createTransaction({
    chainId: 42n,
    nonce,
    instruction: { type: "transfer", to: TO, amount: options.amount ?? 1n },
    from: addr(sender),
    cyclesLimit: 21_000n,
    cellsLimit: 0n,
    maxFeePerCycle: fee,
    maxFeePerCell: fee,
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
  }).sign(key(sender));
}

/** A head state where senders 0..count-1 hold `balance` (or balances[i]) and the given nonces. */
function accounts(options: { count?: number; nonces?: Record<number, bigint>; balance?: bigint; balances?: Record<number, bigint> } = {}): AccountView {
  const state = StateStore.open(new MemoryBackend()).fork();
  const records = new Accounts(state, params.accountKey);
  for (let i = 0; i < (options.count ?? 10); i++) {
    records.put(addr(i), { ...EMPTY_ACCOUNT, nonce: options.nonces?.[i] ?? 0n, balance: options.balances?.[i] ?? options.balance ?? 10n ** 18n });
  }
  return { nonce: (a) => records.get(a).nonce, state };
}

function refusal(fn: () => unknown): MempoolError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MempoolError);
    return error as MempoolError;
  }
  throw new Error("expected a MempoolError");
}

describe("pending and queued", () => {
  it("counts nonce-gapped transactions as queued and promotes them when the gap fills", () => {
    const pool = new Mempool({ params });
    const view = accounts();
    pool.add(tx(1, 0n), view, NO_FAILURES);
    pool.add(tx(1, 2n), view, NO_FAILURES);
    pool.add(tx(1, 3n), view, NO_FAILURES);
    expect(pool.counts).toEqual({ pending: 1, queued: 2 });
    pool.add(tx(1, 1n), view, NO_FAILURES);
    expect(pool.counts).toEqual({ pending: 4, queued: 0 });
    expect(pool.candidates(view).map((t) => t.nonce)).toEqual([0n, 1n, 2n, 3n]);
    // a block includes nonce 0 and 1: the rest stays pending
    pool.reset(accounts({ nonces: { 1: 2n } }), { included: [tx(1, 0n), tx(1, 1n)] });
    expect(pool.counts).toEqual({ pending: 2, queued: 0 });
    expect(pool.dropReason(tx(1, 0n).digest())).toBeUndefined();
  });

  it("caps queued transactions per sender and in all, separately from pending ones", () => {
    const pool = new Mempool({ params, maxQueuedPerSender: 2, maxQueued: 3 });
    const view = accounts();
    pool.add(tx(1, 5n), view, NO_FAILURES);
    pool.add(tx(1, 6n), view, NO_FAILURES);
    const own = refusal(() => pool.add(tx(1, 7n), view, NO_FAILURES));
    expect([own.code, own.message]).toEqual(["SENDER_LIMIT", "a sender may have at most 2 queued (nonce-gapped) transactions"]);
    pool.add(tx(2, 5n), view, NO_FAILURES);
    expect(refusal(() => pool.add(tx(3, 5n), view, NO_FAILURES)).code).toBe("POOL_FULL");
    // a better-paying queued transaction evicts the cheapest queued one, with a reason
    pool.add(tx(3, 5n, { fee: 20_000n, tip: 5n }), view, NO_FAILURES);
    expect(pool.counts).toEqual({ pending: 0, queued: 3 });
    const evicted = [tx(1, 5n), tx(1, 6n), tx(2, 5n)].filter((t) => !pool.has(t.digest()));
    expect(evicted).toHaveLength(1);
    expect(pool.dropReason(evicted[0]!.digest())?.code).toBe("EVICTED");
    // the executable part is untouched by a full queue
    pool.add(tx(4, 0n), view, NO_FAILURES);
    expect(pool.counts).toEqual({ pending: 1, queued: 3 });
  });

  it("evicts the last executable transaction of the cheapest sender, never one others depend on", () => {
    const pool = new Mempool({ params, maxPending: 3 });
    const view = accounts();
    // sender 1's nonce 0 pays the least, but its nonce 1 is the one evicted (nothing depends on it)
    pool.add(tx(1, 0n, { fee: 20_000n, tip: 1n }), view, NO_FAILURES);
    pool.add(tx(1, 1n, { fee: 20_000n, tip: 2n }), view, NO_FAILURES);
    pool.add(tx(2, 0n, { fee: 20_000n, tip: 3n }), view, NO_FAILURES);
    expect(refusal(() => pool.add(tx(3, 0n, { fee: 20_000n, tip: 2n }), view, NO_FAILURES)).code).toBe("POOL_FULL");
    pool.add(tx(3, 0n, { fee: 20_000n, tip: 4n }), view, NO_FAILURES);
    expect(pool.has(tx(1, 0n, { fee: 20_000n, tip: 1n }).digest())).toBe(true);
    expect(pool.dropReason(tx(1, 1n, { fee: 20_000n, tip: 2n }).digest())?.code).toBe("EVICTED");
    expect(pool.counts).toEqual({ pending: 3, queued: 0 });
  });

  it("leaves room for honest transactions when nonce-gapped ones try to pin the pool (the 157 × 64 reproduction, scaled)", () => {
    // Issue 18: 157 funded accounts × 64 nonce-gapped transactions filled the 10,000-slot pool for
    // good. Same mechanism at a tenth of the scale: 16 accounts × 64 against 1,000 pending slots.
    const attackers = 16;
    const honest = 100;
    const pool = new Mempool({ params, maxPending: 1_000, maxQueued: 100 });
    const view = accounts({ count: attackers + honest });
    let refused = 0;
    for (let a = 0; a < attackers; a++) {
      for (let n = 1n; n <= 64n; n++) {
        try {
          pool.add(tx(a, n), view, NO_FAILURES);
        } catch (error) {
          expect(["SENDER_LIMIT", "POOL_FULL"]).toContain((error as MempoolError).code);
          refused++;
        }
      }
    }
    expect(pool.counts).toEqual({ pending: 0, queued: 100 });
    expect(refused).toBe(attackers * 64 - 100);
    for (let h = attackers; h < attackers + honest; h++) pool.add(tx(h, 0n), view, NO_FAILURES);
    expect(pool.counts).toEqual({ pending: honest, queued: 100 });
    expect(pool.candidates(view)).toHaveLength(honest);
  });

  it("drops queued transactions that made no progress for the queued lifetime", () => {
    let now = 1_000;
    const pool = new Mempool({ params, queuedLifetimeMs: 60_000, now: () => now });
    const view = accounts();
    pool.add(tx(1, 0n), view, NO_FAILURES);
    pool.add(tx(1, 2n), view, NO_FAILURES);
    pool.add(tx(2, 3n), view, NO_FAILURES);
    now += 30_000;
    pool.reset(view);
    expect(pool.size).toBe(3);
    now += 31_000;
    pool.reset(view);
    expect(pool.size).toBe(1);
    expect(pool.dropReason(tx(1, 2n).digest())).toMatchObject({ code: "EXPIRED", atMs: now });
    expect(pool.dropReason(tx(2, 3n).digest())?.code).toBe("EXPIRED");
    expect(pool.has(tx(1, 0n).digest())).toBe(true);
  });
});

describe("balance covers every pooled transaction", () => {
  it("refuses a transfer larger than the balance at admission, with a typed error", () => {
    const error = refusal(() => new Mempool({ params }).add(tx(1, 0n, { amount: 10n ** 18n }), accounts(), NO_FAILURES));
    expect(error.code).toBe("INSUFFICIENT_BALANCE");
    expect(error.meta.rejection).toBe("INSUFFICIENT_BALANCE");
    expect(error.message).toBe(`balance ${10n ** 18n} does not cover the maximum cost ${cost(10n ** 18n)}`);
  });

  it("counts the sender's later pooled transactions too, so a replacement cannot strand them", () => {
    const pool = new Mempool({ params });
    const view = accounts({ balances: { 1: 3n * cost(100n) } });
    pool.add(tx(1, 0n, { amount: 100n }), view, NO_FAILURES);
    pool.add(tx(1, 1n, { amount: 100n }), view, NO_FAILURES);
    pool.add(tx(1, 2n, { amount: 100n }), view, NO_FAILURES);
    // replacing nonce 0 with a larger transfer would leave nonces 1 and 2 unaffordable
    const bigger = tx(1, 0n, { amount: 200n, fee: 11_000n, tip: 0n });
    expect(refusal(() => pool.add(bigger, view, NO_FAILURES)).code).toBe("INSUFFICIENT_BALANCE");
    expect(pool.size).toBe(3);
  });

  it("after a block, drops from the first transaction the balance no longer covers, with the reason", () => {
    const pool = new Mempool({ params });
    pool.add(tx(1, 0n, { amount: 100n }), accounts(), NO_FAILURES);
    pool.add(tx(1, 1n, { amount: 100n }), accounts(), NO_FAILURES);
    pool.add(tx(1, 2n, { amount: 100n }), accounts(), NO_FAILURES);
    // the sender spent elsewhere: its balance now covers one transaction and a half
    pool.reset(accounts({ balances: { 1: cost(100n) + cost(100n) / 2n } }));
    expect(pool.size).toBe(1);
    const reason = pool.dropReason(tx(1, 1n, { amount: 100n }).digest());
    expect(reason).toMatchObject({ code: "INSUFFICIENT_BALANCE", rejection: "INSUFFICIENT_BALANCE" });
    expect(reason?.message).toMatch(/^balance \d+ does not cover the maximum cost with the pending transactions' \d+ \(the sender's pooled transactions up to nonce 1\)$/);
    expect(pool.dropReason(tx(1, 2n, { amount: 100n }).digest())?.code).toBe("INSUFFICIENT_BALANCE");
  });
});

describe("drop reasons", () => {
  it("records replaced, used-nonce and builder-rejected transactions; a block's own leave without one", () => {
    const pool = new Mempool({ params });
    const view = accounts();
    const first = tx(1, 0n, { fee: 20_000n, tip: 100n });
    pool.add(first, view, NO_FAILURES);
    const second = tx(1, 0n, { fee: 22_000n, tip: 110n });
    pool.add(second, view, NO_FAILURES);
    expect(pool.dropReason(first.digest())).toMatchObject({ code: "REPLACED", message: `replaced by 0x${toHex(second.digest())}, which pays at least 10% more` });

    const rejected = tx(2, 0n);
    const used = tx(3, 0n);
    pool.add(rejected, view, NO_FAILURES);
    pool.add(used, view, NO_FAILURES);
    pool.reset(accounts({ nonces: { 1: 1n, 3: 1n } }), { included: [second], skipped: [[rejected, new TxRejection("UNSUPPORTED_INSTRUCTION", "not here")]] });
    expect(pool.size).toBe(0);
    expect(pool.dropReason(second.digest())).toBeUndefined();
    expect(pool.dropReason(rejected.digest())).toMatchObject({ code: "REJECTED", rejection: "UNSUPPORTED_INSTRUCTION", message: "UNSUPPORTED_INSTRUCTION: not here" });
    expect(pool.dropReason(used.digest())).toMatchObject({ code: "NONCE_USED" });
  });

  it("keeps a transient refusal of the builder in the pool", () => {
    const pool = new Mempool({ params });
    const view = accounts();
    const t = tx(1, 0n);
    pool.add(t, view, NO_FAILURES);
    pool.reset(view, { skipped: [[t, new TxRejection("LANE_FULL", "no room")]] });
    expect(pool.has(t.digest())).toBe(true);
  });

  it("forgets the oldest reasons beyond its bound, and a resubmitted transaction is no longer dropped", () => {
    const pool = new Mempool({ params, maxDropReasons: 2, maxPending: 1 });
    const view = accounts();
    const txs = [1, 2, 3].map((s) => tx(s, 0n, { fee: 20_000n, tip: BigInt(s) }));
    for (const t of txs) pool.add(t, view, NO_FAILURES);
    const last = tx(4, 0n, { fee: 20_000n, tip: 9n });
    pool.add(last, view, NO_FAILURES);
    expect(txs.map((t) => pool.dropReason(t.digest())?.code)).toEqual([undefined, "EVICTED", "EVICTED"]);
    // sent again once there is room, the first is pooled and no longer reported dropped
    pool.remove(last.digest(), "REJECTED", "test");
    pool.add(txs[2]!, view, NO_FAILURES);
    expect(pool.dropReason(txs[2]!.digest())).toBeUndefined();
  });
});
