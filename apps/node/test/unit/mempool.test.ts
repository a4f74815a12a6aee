import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { Accounts, defaultChainParams } from "@cowboy/execution";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { createTransaction, EMPTY_ACCOUNT, type Transaction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { MempoolError } from "../../src/mempool/errors.js";
import { Mempool, type AccountView } from "../../src/mempool/mempool.js";

const params = defaultChainParams(42n, (a) => a);
const key = (i: number) => keccak256(new TextEncoder().encode(`mempool${i}`));
const addr = (i: number) => addressFromPrivateKey(key(i));
const TO = new Uint8Array(20).fill(9);

function tx(sender: number, nonce: bigint, fee = 10_000n, tip = 0n, chainId = 42n): Transaction {
  return createTransaction({
    chainId,
    nonce,
    instruction: { type: "transfer", to: TO, amount: 1n },
    from: addr(sender),
    cyclesLimit: 21_000n,
    cellsLimit: 0n,
    maxFeePerCycle: fee,
    maxFeePerCell: fee,
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
  }).sign(key(sender));
}

/** A head state where senders 0–9 hold `balance` and the given nonces (default 0). */
function accounts(nonces: Record<number, bigint> = {}, balance = 10n ** 18n): AccountView {
  const state = StateStore.open(new MemoryBackend()).fork();
  const records = new Accounts(state, params.accountKey);
  for (let i = 0; i < 10; i++) records.put(addr(i), { ...EMPTY_ACCOUNT, nonce: nonces[i] ?? 0n, balance });
  return { nonce: (a) => records.get(a).nonce, state };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MempoolError);
    return (error as MempoolError).code;
  }
  throw new Error("expected a MempoolError");
}

describe("Mempool", () => {
  it("admits valid transactions and refuses duplicates, stale nonces, bad signatures and foreign chains", () => {
    const pool = new Mempool({ params });
    const view = accounts({ 1: 3n });
    const ok = tx(1, 3n);
    expect(toHex(pool.add(ok, view))).toBe(toHex(ok.digest()));
    expect(refusal(() => pool.add(ok, view))).toBe("ALREADY_KNOWN");
    expect(refusal(() => pool.add(tx(1, 2n), view))).toBe("NONCE_TOO_LOW");
    expect(refusal(() => pool.add(tx(1, 200n), view))).toBe("NONCE_TOO_FAR");
    expect(refusal(() => pool.add(tx(2, 0n, 10_000n, 0n, 7n), view))).toBe("INVALID");
    const forged = createTransaction({ ...tx(2, 0n), signature: tx(3, 0n).signature });
    expect(refusal(() => pool.add(forged, view))).toBe("INVALID");
    expect(refusal(() => pool.add(tx(2, 0n, 9_999n), view))).toBe("FEE_TOO_LOW");
    expect(refusal(() => pool.add(tx(2, 0n), accounts({}, 100n)))).toBe("INSUFFICIENT_BALANCE");
    expect(pool.size).toBe(1);
  });

  it("holds a nonce gap back until it is filled", () => {
    const pool = new Mempool({ params });
    const view = accounts();
    pool.add(tx(1, 0n), view);
    pool.add(tx(1, 2n), view);
    expect(pool.candidates(view).map((t) => t.nonce)).toEqual([0n]);
    pool.add(tx(1, 1n), view);
    expect(pool.candidates(view).map((t) => t.nonce)).toEqual([0n, 1n, 2n]);
    expect([...pool.executable(view).keys()]).toEqual(["user"]);
  });

  it("replaces a transaction only for at least 10% more on every price", () => {
    const pool = new Mempool({ params });
    const view = accounts();
    pool.add(tx(1, 0n, 20_000n, 100n), view);
    expect(refusal(() => pool.add(tx(1, 0n, 21_999n, 110n), view))).toBe("REPLACEMENT_UNDERPRICED");
    expect(refusal(() => pool.add(tx(1, 0n, 22_000n, 109n), view))).toBe("REPLACEMENT_UNDERPRICED");
    const better = tx(1, 0n, 22_000n, 110n);
    pool.add(better, view);
    expect(pool.size).toBe(1);
    expect(pool.candidates(view)[0]!.maxFeePerCycle).toBe(22_000n);
  });

  it("evicts the cheapest when full, and refuses a transaction that pays no more", () => {
    const pool = new Mempool({ params, maxPending: 2 });
    const view = accounts();
    const cheap = tx(1, 0n, 10_000n, 0n);
    pool.add(cheap, view);
    pool.add(tx(2, 0n, 20_000n, 5n), view);
    expect(refusal(() => pool.add(tx(3, 0n, 10_000n, 0n), view))).toBe("POOL_FULL");
    pool.add(tx(3, 0n, 20_000n, 9n), view);
    expect(pool.size).toBe(2);
    expect(pool.has(cheap.digest())).toBe(false);
  });

  it("caps transactions per sender", () => {
    const pool = new Mempool({ params, maxPerSender: 2 });
    const view = accounts();
    pool.add(tx(1, 0n), view);
    pool.add(tx(1, 1n), view);
    expect(refusal(() => pool.add(tx(1, 2n), view))).toBe("SENDER_LIMIT");
  });

  it("prunes what a block included", () => {
    const pool = new Mempool({ params });
    pool.add(tx(1, 0n), accounts());
    pool.add(tx(1, 1n), accounts());
    pool.add(tx(2, 0n), accounts());
    pool.reset(accounts({ 1: 1n, 2: 1n }));
    expect(pool.size).toBe(1);
    expect(pool.candidates(accounts({ 1: 1n, 2: 1n })).map((t) => [toHex(t.from), t.nonce])).toEqual([[toHex(addr(1)), 1n]]);
  });
});

describe("Mempool admission is execution's predicate", () => {
  function transfer(sender: number, nonce: bigint, amount: bigint, fee = 10_000n): Transaction {
    return createTransaction({
      chainId: 42n,
      nonce,
      instruction: { type: "transfer", to: TO, amount },
      from: addr(sender),
      cyclesLimit: 21_000n,
      cellsLimit: 0n,
      maxFeePerCycle: fee,
      maxFeePerCell: fee,
    }).sign(key(sender));
  }

  it("refuses a transfer whose value the balance does not cover, though it covers the fee", () => {
    const fee = 21_000n * 10_000n;
    const view = accounts({}, fee + 999n);
    expect(refusal(() => new Mempool({ params }).add(transfer(1, 0n, 1_000n), view))).toBe("INSUFFICIENT_BALANCE");
    expect(toHex(new Mempool({ params }).add(transfer(1, 0n, 999n), view))).toBe(toHex(transfer(1, 0n, 999n).digest()));
  });

  it("counts the sender's earlier pending transactions against its balance", () => {
    const cost = 21_000n * 10_000n + 500n;
    const pool = new Mempool({ params });
    const view = accounts({}, 2n * cost - 1n);
    pool.add(transfer(1, 0n, 500n), view);
    let error: unknown;
    try {
      pool.add(transfer(1, 1n, 500n), view);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MempoolError);
    expect((error as MempoolError).code).toBe("INSUFFICIENT_BALANCE");
    expect((error as MempoolError).meta.rejection).toBe("INSUFFICIENT_BALANCE");
  });

  it("refuses limits below the intrinsic cost at admission (the builder used to find out)", () => {
    const low = createTransaction({
      chainId: 42n,
      nonce: 0n,
      instruction: { type: "transfer", to: TO, amount: 1n },
      from: addr(1),
      cyclesLimit: 20_999n,
      cellsLimit: 0n,
      maxFeePerCycle: 10_000n,
      maxFeePerCell: 10_000n,
    }).sign(key(1));
    expect(refusal(() => new Mempool({ params }).add(low, accounts()))).toBe("INVALID");
  });
});
