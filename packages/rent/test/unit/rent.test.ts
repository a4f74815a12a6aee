import { actorStorageKey } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import {
  catchupFee,
  decodeStoragePairs,
  encodeStoragePairs,
  ensureTracked,
  getRentRecord,
  isDormant,
  nextRentRate,
  principalPayable,
  processRent,
  rentPerEpoch,
  RentError,
  RentStatus,
  restoreActor,
  setStorageQuota,
  sponsorRent,
  storageRoot,
  type StoragePair,
} from "../../src/index.js";
import { addr, BASE_QUOTA, CONFIG, TREASURY, World } from "../utils/fixture.js";

const A = addr(0xaa);
const PAYER = addr(0x11);
const none = (): number => 0;

/** An actor holding 10,240 + 1,000 bytes: 1,000 chargeable bytes, rent 1,000 · 365 · 10 / 3650 = 1,000 per epoch. */
function setup(balance: bigint): { w: World; pairs: StoragePair[] } {
  const w = new World();
  w.actors.add(Array.from(A, (b) => b.toString(16).padStart(2, "0")).join(""));
  w.actors.clear();
  w.isActor = () => true;
  ensureTracked(w, A, CONFIG, 0n, BASE_QUOTA);
  const pairs: StoragePair[] = [];
  for (let i = 0; i < 11; i++) {
    const slot = new Uint8Array([0x73, i]);
    const value = new Uint8Array(i === 10 ? 998 : 1022).fill(i);
    w.write(A, slot, value, 1n);
    pairs.push([slot, value]);
  }
  w.credit(A, balance);
  return { w, pairs };
}

describe("rent arithmetic", () => {
  it("charges excess bytes at the rate per epoch, floors the catch-up fee and adjusts the rate", () => {
    expect(rentPerEpoch(1000n, 365n, CONFIG)).toBe(1000n);
    expect(catchupFee(1000n, CONFIG)).toBe(100n);
    expect(principalPayable(1100n, CONFIG)).toBe(1000n);
    expect(principalPayable(1099n, CONFIG)).toBe(999n);
    const cfg = { ...CONFIG, targetStateBytes: 1000n };
    expect(nextRentRate(10_000n, 1000n, cfg)).toBe(10_000n);
    expect(nextRentRate(10_000n, 100_000n, cfg)).toBe(11_250n); // clamped at +12.5%
    expect(nextRentRate(10_000n, 0n, cfg)).toBe(8_750n); // clamped at −12.5%
    expect(nextRentRate(10_000n, 1400n, cfg)).toBe(10_500n); // (400 / 8000) = +5%
  });

  it("hashes storage as an ordered chain, independent of the order given", () => {
    const a: StoragePair = [new Uint8Array([1]), new Uint8Array([9])];
    const b: StoragePair = [new Uint8Array([2]), new Uint8Array(0)];
    expect(storageRoot([a, b])).toEqual(storageRoot([b, a]));
    expect(storageRoot([a])).not.toEqual(storageRoot([a, b]));
    expect(decodeStoragePairs(encodeStoragePairs([b, a]))).toEqual([a, b]);
    expect(() => decodeStoragePairs(new Uint8Array([2, 1, 1, 0, 1, 1, 0]))).toThrow(/ascending/);
  });
});

describe("the rent lifecycle", () => {
  it("charges each epoch from the balance, then accrues debt, warns, evicts and keeps the root", () => {
    const { w, pairs } = setup(2_500n);
    expect(w.storageBytes(A)).toBe(11_240n);
    // Epoch 1: 1,000 charged to the Treasury.
    let r = processRent(w.ctx(10n), none);
    expect(r.notices).toEqual([]);
    expect(w.balanceOf(A)).toBe(1_500n);
    expect(w.balanceOf(TREASURY)).toBe(1_000n);
    processRent(w.ctx(20n), none); // epoch 2: 1,000 more
    r = processRent(w.ctx(30n), none); // epoch 3: 500 paid, 500 owed
    expect(w.balanceOf(A)).toBe(0n);
    expect(r.notices.map((n) => [n.kind, n.epochsLeft, n.debt])).toEqual([["overdue", 9n, 500n]]);
    expect(getRentRecord(w, A)!.debt).toEqual([{ epoch: 3n, rate: 365n, amount: 500n }]);
    for (let e = 4n; e <= 9n; e++) expect(processRent(w.ctx(e * 10n), none).notices[0]!.kind).toBe("overdue");
    for (let e = 10n; e <= 12n; e++) {
      const n = processRent(w.ctx(e * 10n), none).notices[0]!;
      expect([n.kind, n.epochsLeft]).toEqual(["warning", 12n - e]);
    }
    let pruned = 0;
    r = processRent(w.ctx(130n), (a) => (pruned = a.length));
    expect(r.notices[0]!.kind).toBe("evicted");
    expect(pruned).toBe(20);
    expect(isDormant(w, A)).toBe(true);
    const rec = getRentRecord(w, A)!;
    expect(rec.evicted!.root).toEqual(storageRoot(pairs));
    expect(rec.evicted!.bytes).toBe(11_240n);
    expect(w.storageBytes(A)).toBe(0n);
    for (const [slot] of pairs) expect(w.get(actorStorageKey(A, slot))).toBeUndefined();
    // Only the ring entry, the actor's record and the meta record are left of rent's keys.
    expect([...w.kv.keys()].length).toBe(3);
    // A dormant actor pays nothing more.
    expect(processRent(w.ctx(200n), none).notices).toEqual([]);
  });

  it("restores with the original storage, paying the debt and the 10% catch-up fee; a wrong one is refused", () => {
    const { w, pairs } = setup(0n);
    for (let e = 1n; e <= 11n; e++) processRent(w.ctx(e * 10n), none);
    expect(getRentRecord(w, A)!.status).toBe(RentStatus.Dormant);
    const debt = 10_000n; // ten epochs of 1,000 unpaid (epochs 1–10)
    expect(getRentRecord(w, A)!.debt.reduce((n, d) => n + d.amount, 0n)).toBe(debt);
    w.credit(PAYER, 1_000_000n);
    const wrong: StoragePair[] = pairs.map(([s, v], i) => [s, i === 3 ? v.map((b) => b ^ 1) : v]);
    expect(() => restoreActor(w.ctx(120n), PAYER, A, wrong)).toThrow(expect.objectContaining({ code: "STORAGE_ROOT_MISMATCH" }));
    expect(() => restoreActor(w.ctx(120n), PAYER, A, pairs.slice(1))).toThrow(RentError);
    expect(w.balanceOf(PAYER)).toBe(1_000_000n);
    const { paid } = restoreActor(w.ctx(120n), PAYER, A, [...pairs].reverse());
    expect(paid).toBe(11_000n);
    expect(w.balanceOf(PAYER)).toBe(989_000n);
    expect(w.storageBytes(A)).toBe(11_240n);
    for (const [slot, value] of pairs) expect(w.get(actorStorageKey(A, slot))).toEqual(value);
    expect(getRentRecord(w, A)).toMatchObject({ status: RentStatus.Current, debt: [], slotCount: 11n, evicted: null, assessedEpoch: 12n });
  });

  it("sponsorship repays debt with the fee, then prepays; prepaid rent is drawn first", () => {
    const { w } = setup(0n);
    processRent(w.ctx(10n), none);
    expect(getRentRecord(w, A)!.status).toBe(RentStatus.Overdue);
    w.credit(PAYER, 5_000n);
    expect(sponsorRent(w.ctx(11n), PAYER, A, 3_100n)).toEqual({ toDebt: 1_100n, prepaid: 2_000n });
    expect(getRentRecord(w, A)).toMatchObject({ status: RentStatus.Current, prepaid: 2_000n, debt: [] });
    processRent(w.ctx(20n), none);
    expect(getRentRecord(w, A)!.prepaid).toBe(1_000n);
    expect(() => sponsorRent(w.ctx(21n), PAYER, A, 10_000n)).toThrow(expect.objectContaining({ code: "INSUFFICIENT_BALANCE" }));
  });

  it("a bond buys quota up to the maximum, is returned when reduced and forfeited on eviction", () => {
    const { w } = setup(10n ** 12n);
    const ctx = w.ctx(1n);
    expect(setStorageQuota(ctx, A, BASE_QUOTA + 1000n)).toBe(1000n * CONFIG.bondPerByte);
    expect(w.balanceOf(A)).toBe(10n ** 12n - 1000n * CONFIG.bondPerByte);
    expect(setStorageQuota(ctx, A, BASE_QUOTA + 400n)).toBe(400n * CONFIG.bondPerByte);
    expect(w.balanceOf(A)).toBe(10n ** 12n - 400n * CONFIG.bondPerByte);
    expect(() => setStorageQuota(ctx, A, CONFIG.maxQuotaBytes + 1n)).toThrow(expect.objectContaining({ code: "INVALID_QUOTA" }));
    expect(() => setStorageQuota(ctx, A, BASE_QUOTA - 1n)).toThrow(expect.objectContaining({ code: "INVALID_QUOTA" }));
    // Rent now applies to the allocated quota: (1 MiB + 400 − 10,240) bytes.
    w.debit(A, w.balanceOf(A));
    for (let e = 1n; e <= 11n; e++) processRent(w.ctx(e * 10n), none);
    expect(isDormant(w, A)).toBe(true);
    expect(w.balanceOf(TREASURY)).toBe(400n * CONFIG.bondPerByte);
    expect(getRentRecord(w, A)).toMatchObject({ bond: 0n, quota: BASE_QUOTA });
  });

  it("walks at most actorsPerBlock actors per block and exempts system addresses", () => {
    const w = new World();
    w.isActor = () => true;
    for (let i = 1; i <= 5; i++) ensureTracked(w, addr(0x20 + i), CONFIG, 0n, BASE_QUOTA);
    const cfg = { ...CONFIG, actorsPerBlock: 2n };
    expect(processRent(w.ctx(10n, cfg), none).assessed).toBe(2);
    const system = new Uint8Array(20);
    system[19] = 0x42;
    expect(() => sponsorRent(w.ctx(10n), PAYER, system, 1n)).toThrow(expect.objectContaining({ code: "SYSTEM_ADDRESS" }));
  });
});
