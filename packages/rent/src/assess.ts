// Assessing one actor (spec "State Rent", "Grace Period and Eviction", §17.5; cips/rent.md
// "Assessment"): old debt is repaid first, then rent for every epoch since the last assessment;
// the age of the oldest unpaid epoch decides overdue (grace), warning, or eviction.
import { actorStorageKey } from "@cowboy/state";
import { rentEpochOf, type RentContext } from "./context.js";
import { debtOf, drawRent, repayDebt } from "./debt.js";
import { chargeableBytes, rentPerEpoch } from "./math.js";
import { RentStatus, type RentMeta, type RentRecord } from "./record.js";
import { clearSlots, getRentRecord, putRentRecord, slotsOf } from "./store.js";
import { keepSegmentHashes } from "./segments.js";
import { storageRoot, type StoragePair } from "./storageRoot.js";

/** Something dependents should hear about: emitted as an event by execution (cips/rent.md "Events"). */
export interface RentNotice {
  readonly actor: Uint8Array;
  readonly kind: "overdue" | "warning" | "evicted" | "restored";
  /** Rent epochs left before eviction (0 once evicted or restored). */
  readonly epochsLeft: bigint;
  /** Debt principal owed. */
  readonly debt: bigint;
}

/** Removes the actor's timers; returns how many (execution passes the scheduler's destroy). */
export type TimerPruner = (actor: Uint8Array) => number;

export interface AssessResult {
  readonly notices: RentNotice[];
  readonly evicted: boolean;
  /** Storage bytes that left the state (by eviction). */
  readonly prunedBytes: bigint;
}

const NONE: AssessResult = { notices: [], evicted: false, prunedBytes: 0n };

/**
 * Charges `actor` for the rent epochs since its last assessment at `meta.rate` and moves it along
 * the lifecycle. `mayEvict` false (this block's eviction budget is spent) leaves a due eviction to
 * the cursor's next visit.
 */
export function assessActor(ctx: RentContext, actor: Uint8Array, meta: RentMeta, mayEvict: boolean, pruneTimers: TimerPruner): AssessResult {
  let record = getRentRecord(ctx.state, actor);
  if (record === undefined || record.status === RentStatus.Dormant) return NONE;
  const epoch = rentEpochOf(ctx.height, ctx.config);
  if (record.assessedEpoch >= epoch) return NONE;
  const epochs = epoch - record.assessedEpoch;

  // Old debt first, from prepaid rent and then the balance.
  const payable = record.prepaid + ctx.accounts.balanceOf(actor);
  const repaid = repayDebt(record, payable, ctx);
  record = spend(ctx, repaid.record, actor, repaid.spent);

  // Debt unpaid for grace + warning whole epochs: evicted now, before this epoch's rent is charged.
  const oldest = record.debt[0]?.epoch;
  if (oldest !== undefined && epoch - oldest >= ctx.config.graceEpochs + ctx.config.warningEpochs && mayEvict) {
    const debt = debtOf(record);
    const pruned = evict(ctx, actor, record, pruneTimers);
    return { notices: [{ actor, kind: "evicted", epochsLeft: 0n, debt }], evicted: true, prunedBytes: pruned };
  }

  const excess = chargeableBytes(ctx.accounts.storageBytes(actor), record.quota, ctx.baseQuota, ctx.config);
  const perEpoch = rentPerEpoch(excess, meta.rate, ctx.config);
  record = { ...record, assessedEpoch: epoch };
  if (perEpoch > 0n) {
    const drawn = drawRent(ctx, record, actor, perEpoch * epochs);
    record = drawn.record;
    if (drawn.unpaid > 0n) {
      // The unpaid rest is the latest epochs' rent: stamp it with the first of them.
      const unpaidEpochs = (drawn.unpaid + perEpoch - 1n) / perEpoch;
      record = { ...record, debt: [...record.debt, { epoch: epoch - unpaidEpochs + 1n, rate: meta.rate, amount: drawn.unpaid }] };
    }
  }
  return advance(ctx, actor, record, epoch);
}

/** Takes `amount` from prepaid rent first, then the actor's balance, and credits the Treasury. */
function spend(ctx: RentContext, record: RentRecord, actor: Uint8Array, amount: bigint): RentRecord {
  if (amount === 0n) return record;
  const fromPrepaid = record.prepaid < amount ? record.prepaid : amount;
  if (amount > fromPrepaid) ctx.accounts.debit(actor, amount - fromPrepaid);
  ctx.accounts.credit(ctx.treasury, amount);
  return { ...record, prepaid: record.prepaid - fromPrepaid };
}

/** Status after an assessment: overdue for the grace epochs, then warning (also while an eviction waits for budget). */
function advance(ctx: RentContext, actor: Uint8Array, record: RentRecord, epoch: bigint): AssessResult {
  const { graceEpochs, warningEpochs } = ctx.config;
  if (record.debt.length === 0) {
    putRentRecord(ctx.state, actor, { ...record, status: RentStatus.Current });
    return NONE;
  }
  const age = epoch - record.debt[0]!.epoch + 1n;
  const debt = debtOf(record);
  const left = graceEpochs + warningEpochs - age;
  if (age <= graceEpochs) {
    putRentRecord(ctx.state, actor, { ...record, status: RentStatus.Overdue });
    return { notices: [{ actor, kind: "overdue", epochsLeft: left, debt }], evicted: false, prunedBytes: 0n };
  }
  putRentRecord(ctx.state, actor, { ...record, status: RentStatus.Warning });
  return { notices: [{ actor, kind: "warning", epochsLeft: left < 0n ? 0n : left, debt }], evicted: false, prunedBytes: 0n };
}

/**
 * Eviction: storage and timers pruned; code, address, balance and the storage root kept; the bond
 * forfeited to the Treasury; the actor dormant. Returns the bytes pruned.
 */
export function evict(ctx: RentContext, actor: Uint8Array, record: RentRecord, pruneTimers: TimerPruner): bigint {
  const slots = slotsOf(ctx.state, actor, record.slotCount);
  const pairs: StoragePair[] = [];
  for (const slot of slots) {
    const key = actorStorageKey(actor, slot);
    const value = ctx.state.get(key);
    if (value !== undefined) pairs.push([slot, value]);
    ctx.state.delete(key);
  }
  clearSlots(ctx.state, actor, slots);
  keepSegmentHashes(ctx.state, actor, pairs);
  pruneTimers(actor);
  const bytes = ctx.accounts.storageBytes(actor);
  ctx.accounts.setStorageBytes(actor, 0n);
  if (record.bond > 0n) ctx.accounts.credit(ctx.treasury, record.bond);
  putRentRecord(ctx.state, actor, {
    ...record,
    status: RentStatus.Dormant,
    slotCount: 0n,
    quota: ctx.baseQuota,
    bond: 0n,
    evicted: { root: storageRoot(pairs), bytes, slots: BigInt(pairs.length), height: ctx.height },
  });
  return bytes;
}
