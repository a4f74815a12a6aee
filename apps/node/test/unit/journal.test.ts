// The mempool's journal: appended on admission, read back whole records only, rewritten on
// rotation, and re-admitted (re-validated) on restart.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { Accounts, defaultChainParams } from "@cowboy/execution";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { createTransaction, EMPTY_ACCOUNT, type Transaction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { FileJournal, readJournal } from "../../src/mempool/journal.js";
import { Mempool, type AccountView } from "../../src/mempool/mempool.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-journal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const params = defaultChainParams(42n, (a) => a);
const key = (i: number) => keccak256(new TextEncoder().encode(`journal${i}`));
const addr = (i: number) => addressFromPrivateKey(key(i));

function tx(sender: number, nonce: bigint, tip = 0n): Transaction {
  return createTransaction({
    chainId: 42n,
    nonce,
    instruction: { type: "transfer", to: new Uint8Array(20).fill(9), amount: 1n },
    from: addr(sender),
    cyclesLimit: 21_000n,
    cellsLimit: 0n,
    // a higher tip comes with a proportionally higher max fee, so it is a valid replacement
    maxFeePerCycle: 20_000n * (tip + 1n),
    maxFeePerCell: 20_000n * (tip + 1n),
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
  }).sign(key(sender));
}

function accounts(nonces: Record<number, bigint> = {}): AccountView {
  const state = StateStore.open(new MemoryBackend()).fork();
  const records = new Accounts(state, params.accountKey);
  for (let i = 0; i < 5; i++) records.put(addr(i), { ...EMPTY_ACCOUNT, nonce: nonces[i] ?? 0n, balance: 10n ** 18n });
  return { nonce: (a) => records.get(a).nonce, state };
}

const hashes = (txs: Iterable<Transaction>) => [...txs].map((t) => toHex(t.digest()));

describe("FileJournal", () => {
  it("records every admitted transaction and gives them back after a crash, a torn tail discarded", () => {
    const path = join(dir, "a.journal");
    const { journal, contents } = FileJournal.open(path);
    expect(contents).toEqual({ transactions: [], discardedBytes: 0 });
    const pool = new Mempool({ params, journal });
    const sent = [tx(1, 0n), tx(1, 1n), tx(2, 0n), tx(3, 5n)];
    for (const t of sent) pool.add(t, accounts());
    expect(journal.records).toBe(4);
    // no close: the process dies here; a write cut short leaves half a record
    appendFileSync(path, new Uint8Array([0, 0, 1, 0, 7, 7, 7]));
    const reopened = FileJournal.open(path);
    expect(hashes(reopened.contents.transactions)).toEqual(hashes(sent));
    expect(reopened.contents.discardedBytes).toBe(7);
    // the torn tail is gone from the file itself: new records follow whole ones
    expect(readJournal(new Uint8Array(readFileSync(path))).discardedBytes).toBe(0);
    reopened.journal.close();
    journal.close();
  });

  it("reads nothing from a file that is not a journal", () => {
    const path = join(dir, "b.journal");
    writeFileSync(path, "not a journal at all");
    const { journal, contents } = FileJournal.open(path);
    expect(contents).toEqual({ transactions: [], discardedBytes: 20 });
    journal.close();
  });

  it("re-admits what it held against the new head: included or stale ones are refused, the rest pooled", () => {
    const path = join(dir, "c.journal");
    const first = FileJournal.open(path);
    const pool = new Mempool({ params, journal: first.journal });
    const replaced = tx(2, 0n, 0n);
    for (const t of [tx(1, 0n), tx(1, 1n), replaced, tx(2, 0n, 5n), tx(4, 3n)]) pool.add(t, accounts());
    first.journal.close();

    const second = FileJournal.open(path);
    expect(second.contents.transactions).toHaveLength(5);
    const restarted = new Mempool({ params, journal: second.journal });
    // meanwhile a block included sender 1's nonce 0; sender 4's queued one comes back queued; a bad signature is refused
    const result = restarted.restore(second.contents.transactions, accounts({ 1: 1n }), [[4, "bad signature"]]);
    expect(result).toEqual({ restored: 3, refused: 2 });
    expect(hashes(restarted.transactions())).toEqual(hashes([tx(1, 1n), tx(2, 0n, 5n)]));
    expect(restarted.has(replaced.digest())).toBe(false);
    // the journal now holds exactly the pool (rotated), and appends follow
    expect(hashes(readJournal(new Uint8Array(readFileSync(path))).transactions)).toEqual(hashes(restarted.transactions()));
    second.journal.close();
  });

  it("rotates once it holds far more records than the pool", () => {
    const path = join(dir, "d.journal");
    const { journal } = FileJournal.open(path);
    const pool = new Mempool({ params, journal });
    // 1,100 replacements of one nonce: the journal grows, the pool holds one
    let last = tx(1, 0n, 1n);
    pool.add(last, accounts());
    for (let tip = 2n; tip < 1_100n; tip = (tip * 11n) / 10n + 1n) {
      last = tx(1, 0n, tip);
      pool.add(last, accounts());
    }
    const before = statSync(path).size;
    for (let i = 0; i < 1_030; i++) journal.append(last);
    pool.reset(accounts());
    expect(journal.records).toBe(1);
    expect(statSync(path).size).toBeLessThan(before);
    expect(hashes(readJournal(new Uint8Array(readFileSync(path))).transactions)).toEqual(hashes([last]));
    journal.close();
  });
});
