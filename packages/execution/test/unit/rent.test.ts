// State rent on chain (cips/rent.md) with short rent epochs: an actor above the grace threshold is
// charged, warned, evicted (storage and timers gone, root kept, calls refused), then restored by a
// third party with the original storage; a wrong restoration is refused.
import { toHex } from "@cowboy/codec";
import { DEFAULT_RENT_CONFIG, encodeStoragePairs, getRentRecord, RentStatus, storagePairsOf, storageRoot } from "@cowboy/rent";
import { timersOf } from "@cowboy/scheduler";
import { actorStorageKey, type Fork } from "@cowboy/state";
import { ReceiptStatus, SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import type { ChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const HOARD = `from cowboy_sdk import actor, payable, set_timer, transfer, block, this

@actor
class Hoard:
    def __init__(self):
        self.storage["n"] = 0

    @payable
    def fund(self):
        return this.balance

    def fill(self, n, size):
        for i in range(n):
            self.storage["k%d" % i] = "x" * size
        self.storage["n"] = n
        return n

    def read(self, i):
        return self.storage["k%d" % i]

    def arm(self):
        return set_timer(block.height + 1000, "tick", cycles=50_000, cells=1_000)

    def tick(self):
        pass

    def withdraw(self, to, amount):
        transfer(to, amount)
`;

/** Rent epochs of 4 blocks; 1,000 epochs a year, so rent is 1,000 base units per excess byte per epoch; a reserve of 2 epochs. */
export const RENT_PARAMS: ChainParams = {
  ...base,
  rent: { ...DEFAULT_RENT_CONFIG, epochLength: 4n, blocksPerYear: 4_000n, ratePerByteYear: 1_000_000n, reserveBps: 20n },
};
const TREASURY = systemAddress(SYSTEM_ACTORS.treasury);

function setup(): { chain: ActorChain; actor: Uint8Array; excess: bigint } {
  const chain = new ActorChain(RENT_PARAMS);
  const [d] = chain.block([chain.deployTx(0, HOARD)]);
  expect(d!.status).toBe(ReceiptStatus.Success);
  const actor = d!.return_data;
  const rs = chain.block([
    chain.callTx(0, actor, "fund", [], { value: CBY }),
    chain.callTx(1, actor, "fill", [12, 1000], { cycles: 5_000_000n, cells: 200_000n }),
    chain.callTx(0, actor, "arm"),
  ]);
  expect(rs.map((r) => [r.status, text(r.return_data)])).toEqual(rs.map((r) => [ReceiptStatus.Success, text(r.return_data)]));
  const excess = chain.account(actor).storage_bytes - 10_240n;
  expect(excess).toBeGreaterThan(1_000n);
  return { chain, actor, excess };
}

describe("state rent on chain", () => {
  it("keeps the reserve, charges per epoch, warns, evicts, refuses calls, and a third party restores", () => {
    const { chain, actor, excess } = setup();
    const perEpoch = excess * 1_000n;
    const reserve = (excess * 1_000_000n * 20n) / 10_000n;
    expect(reserve).toBe(2n * perEpoch);
    // The actor's own transfers must leave the reserve.
    const balance = chain.account(actor).balance;
    const sink = addressOf(3);
    const [tooMuch] = chain.block([chain.callTx(0, actor, "withdraw", [sink, balance - reserve + 1n])]);
    expect(tooMuch!.status).toBe(ReceiptStatus.Reverted);
    expect(text(tooMuch!.return_data)).toMatch(/rent reserve of \d+/);
    const paidSoFar = chain.account(TREASURY).balance;
    const [ok] = chain.block([chain.callTx(0, actor, "withdraw", [sink, chain.account(actor).balance - reserve])]);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    const fork = chain.store.fork() as Fork;
    expect(timersOf(fork, actor)).toHaveLength(1);
    const original = storagePairsOf(fork, actor);
    expect(original).toHaveLength(13);

    // Run blocks until eviction, collecting the rent events.
    const seen: string[] = [];
    let evictedAt = -1n;
    for (let i = 0; i < 80 && evictedAt < 0n; i++) {
      chain.block([]);
      for (const e of chain.last!.journal.rent) {
        expect(toHex(e.emitter)).toBe(toHex(actor));
        const kind = text(e.topic);
        if (seen.at(-1) !== kind) seen.push(kind);
        if (kind === "cowboy:rent_evicted") evictedAt = chain.head.height;
      }
    }
    expect(seen).toEqual(["cowboy:rent_overdue", "cowboy:rent_warning", "cowboy:rent_evicted"]);
    // Everything the actor had went to rent: the Treasury gained the reserve (and what was paid before).
    expect(chain.account(TREASURY).balance - paidSoFar).toBeGreaterThanOrEqual(reserve);
    const after = chain.store.fork() as Fork;
    const record = getRentRecord(after, actor)!;
    expect(record.status).toBe(RentStatus.Dormant);
    expect(record.evicted!.root).toEqual(storageRoot(original));
    for (const [slot] of original) expect(after.get(actorStorageKey(actor, slot))).toBeUndefined();
    expect(timersOf(after, actor)).toHaveLength(0);
    expect(chain.account(actor).code_hash).not.toBeNull();
    expect(chain.account(actor).storage_bytes).toBe(0n);

    // Dormant: calls are refused with a clear error.
    const [refused] = chain.block([chain.callTx(1, actor, "read", [0])]);
    expect(refused!.status).toBe(ReceiptStatus.Reverted);
    expect(text(refused!.return_data)).toMatch(
      /^RuntimeError: actor 0x[0-9a-f]{40} is dormant: its storage was evicted for unpaid rent at height \d+; anyone may restore it with rent_restore$/,
    );

    // A wrong restoration (one value changed) is refused and changes nothing.
    const wrong = original.map(([s, v], i) => [s, i === 0 ? v.map((b) => b ^ 1) : v] as const);
    const before = chain.account(addressOf(2)).balance;
    const [bad] = chain.block([chain.tx(2, { type: "rent_restore", actor, storage: encodeStoragePairs(wrong) }, { cells: 50_000n })]);
    expect(bad!.status).toBe(ReceiptStatus.Reverted);
    expect(text(bad!.return_data)).toBe("RentError: STORAGE_ROOT_MISMATCH: the storage supplied does not hash to the root kept at eviction");
    expect(getRentRecord(chain.store.fork(), actor)!.status).toBe(RentStatus.Dormant);

    // Account 2, a third party, restores with the original storage: back rent plus 10%.
    const debt = record.debt.reduce((n, d) => n + d.amount, 0n);
    expect(record.debt.every((d) => d.rate === 1_000_000n)).toBe(true);
    const mid = chain.account(addressOf(2)).balance;
    const [good] = chain.block([chain.tx(2, { type: "rent_restore", actor, storage: encodeStoragePairs(original) }, { cells: 50_000n })]);
    expect(good!.status).toBe(ReceiptStatus.Success);
    expect(text(good!.events[0]!.topic)).toBe("cowboy:rent_restored");
    const fees = good!.fee_paid;
    expect(mid - chain.account(addressOf(2)).balance).toBe(fees + debt + debt / 10n);
    expect(before).toBeGreaterThan(mid);
    const restored = chain.store.fork() as Fork;
    expect(storagePairsOf(restored, actor)).toEqual(original);
    expect(getRentRecord(restored, actor)!.status).toBe(RentStatus.Current);
    const [read] = chain.block([chain.callTx(1, actor, "read", [11])]);
    expect(read!.status).toBe(ReceiptStatus.Success);
    expect(text(read!.return_data)).toContain("x".repeat(1000));
  });

  it("any account sponsors rent: debt with the catch-up fee first, the rest prepaid", () => {
    const { chain, actor } = setup();
    chain.block([chain.callTx(0, actor, "withdraw", [addressOf(3), chain.account(actor).balance - 2n * (chain.account(actor).storage_bytes - 10_240n) * 1_000n])]);
    let record = getRentRecord(chain.store.fork(), actor)!;
    for (let i = 0; i < 40 && record.debt.length === 0; i++) {
      chain.block([]);
      record = getRentRecord(chain.store.fork(), actor)!;
    }
    expect(record.status).toBe(RentStatus.Overdue);
    const debt = record.debt.reduce((n, d) => n + d.amount, 0n);
    const [r] = chain.block([chain.tx(3, { type: "rent_sponsor", actor, amount: debt + debt / 10n + 5_000n })]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const now = getRentRecord(chain.store.fork(), actor)!;
    expect(now.debt).toEqual([]);
    expect(now.status).toBe(RentStatus.Current);
    expect(now.prepaid).toBeLessThanOrEqual(5_000n);
    const [sys] = chain.block([chain.tx(3, { type: "rent_sponsor", actor: TREASURY, amount: 1n })]);
    expect(text(sys!.return_data)).toMatch(/^RentError: SYSTEM_ADDRESS: /);
  });
});

const BIG = `from cowboy_sdk import actor, payable, this
from cowboy_sdk.rent import quota, set_quota

@actor
class Big:
    def __init__(self):
        pass

    @payable
    def fund(self):
        return this.balance

    def grow(self, start, n):
        for i in range(start, start + n):
            self.storage[i] = b"\\x00" * 10000
        return quota()

    def shrink(self, start, n):
        for i in range(start, start + n):
            del self.storage[i]
        return quota()["used"]

    def set_quota(self, n):
        return set_quota(n)

    def quota(self):
        return quota()
`;

describe("storage quotas and the bond", () => {
  it("a bond raises the quota, is returned when lowered, and writes past the quota fail with a clear error", () => {
    // The default rent config (no rent epoch ends during the test, so balances move only by the bond).
    const chain = new ActorChain(base);
    const [d] = chain.block([chain.deployTx(0, BIG)]);
    const actor = d!.return_data;
    const bondPerByte = DEFAULT_RENT_CONFIG.bondPerByte;
    const MiB = 1n << 20n;
    chain.block([chain.callTx(0, actor, "fund", [], { value: 10_000n * CBY })]);
    const funded = chain.account(actor).balance;
    for (let b = 0; b < 3; b++) {
      const [ok] = chain.block([chain.callTx(1, actor, "grow", [b * 30, 30], { cycles: 5_000_000n, cells: 2_000_000n })]);
      expect([ok!.status, text(ok!.return_data).slice(0, 200)]).toEqual([ReceiptStatus.Success, text(ok!.return_data).slice(0, 200)]);
    }
    const [over] = chain.block([chain.callTx(1, actor, "grow", [90, 20], { cycles: 5_000_000n, cells: 2_000_000n })]);
    expect(text(over!.return_data)).toMatch(/^RuntimeError: storage quota exceeded: \d+ bytes > 1048576 \(a storage bond raises it: cowboy_sdk.rent.set_quota\)$/);
    // Out of range or unaffordable quotas are refused as ValueError.
    const [tooBig] = chain.block([chain.callTx(1, actor, "set_quota", [Number(8n * MiB + 1n)])]);
    expect(text(tooBig!.return_data)).toMatch(/^ValueError: INVALID_QUOTA: quota 8388609 is outside \[1048576, 8388608\] bytes$/);
    // 2 MiB: the bond is locked from the actor's balance; the writes now fit.
    const [set] = chain.block([chain.callTx(1, actor, "set_quota", [Number(2n * MiB)])]);
    expect(set!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(actor).balance).toBe(funded - MiB * bondPerByte);
    const [grew] = chain.block([chain.callTx(1, actor, "grow", [90, 20], { cycles: 5_000_000n, cells: 2_000_000n })]);
    expect(grew!.status).toBe(ReceiptStatus.Success);
    const used = chain.account(actor).storage_bytes;
    expect(used).toBeGreaterThan(MiB);
    // Below the bytes held: refused. Shrink, then lower the quota: the bond comes back.
    const [low] = chain.block([chain.callTx(1, actor, "set_quota", [Number(MiB)])]);
    expect(text(low!.return_data)).toMatch(/^ValueError: INVALID_QUOTA: quota 1048576 is below the \d+ bytes the actor holds$/);
    chain.block([chain.callTx(1, actor, "shrink", [100, 10], { cycles: 5_000_000n, cells: 2_000_000n })]);
    const before = chain.account(actor).balance;
    const [back] = chain.block([chain.callTx(1, actor, "set_quota", [Number(MiB)])]);
    expect(back!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(actor).balance - before).toBe(MiB * bondPerByte);
    expect(chain.query(actor, "quota").ok).toBe(true);
  });
});
