// What accounts and actors do about rent (spec "State Rent", "Storage Quotas"; cips/rent.md
// "Instructions", "Quotas"): sponsor (prepay, or repay an actor's debt), restore a dormant actor
// from its original storage, move the storage quota with its bond, and the bookkeeping hooks
// execution calls on deploys and storage writes.
import { au64, equalBytes } from "@cowboy/codec";
import { actorStorageKey } from "@cowboy/state";
import { isSystemAddress } from "@cowboy/types";
import type { RentNotice } from "./assess.js";
import { assertRentable, rentEpochOf, type RentContext } from "./context.js";
import { debtCost, debtOf, repayDebt } from "./debt.js";
import { RentError } from "./errors.js";
import { chargeableBytes, reserveOf } from "./math.js";
import { RentStatus, type RentRecord } from "./record.js";
import { addSlot, getRentMeta, getRentRecord, newRentRecord, putRentMeta, putRentRecord, registerActor, removeSlot, type RentState } from "./store.js";
import { pairBytes, storageRoot, type StoragePair } from "./storageRoot.js";
import type { RentConfig } from "./config.js";
import { segmentsKey } from "./keys.js";
import { getRestoreProgress } from "./restoreChunk.js";

function recordOf(ctx: RentContext, actor: Uint8Array): RentRecord {
  assertRentable(ctx, actor);
  return getRentRecord(ctx.state, actor) ?? ensureTracked(ctx.state, actor, ctx.config, ctx.height, ctx.baseQuota);
}

/** Starts tracking an actor (on deploy, or on its first storage write when it predates rent). */
export function ensureTracked(state: RentState, actor: Uint8Array, config: RentConfig, height: bigint, baseQuota: bigint): RentRecord {
  const existing = getRentRecord(state, actor);
  if (existing !== undefined) return existing;
  const record = newRentRecord(rentEpochOf(height, config), baseQuota);
  putRentRecord(state, actor, record);
  putRentMeta(state, registerActor(state, actor, getRentMeta(state, config.ratePerByteYear)));
  return record;
}

/**
 * The host's hook for a storage write or delete of `slot` (present afterwards or not) that moved
 * the actor's storage by `delta` bytes: keeps the slot list and the global byte count.
 */
export function trackStorage(state: RentState, actor: Uint8Array, slot: Uint8Array, present: boolean, delta: bigint, config: RentConfig, height: bigint, baseQuota: bigint): void {
  if (isSystemAddress(actor)) return;
  const record = ensureTracked(state, actor, config, height, baseQuota);
  const count = present ? addSlot(state, actor, slot, record.slotCount) : removeSlot(state, actor, slot, record.slotCount);
  if (count !== record.slotCount) putRentRecord(state, actor, { ...record, slotCount: count });
  if (delta !== 0n) {
    const meta = getRentMeta(state, config.ratePerByteYear);
    const total = meta.totalBytes + delta;
    putRentMeta(state, { ...meta, totalBytes: total < 0n ? 0n : total });
  }
}

/** The actor's storage quota (the base one for an untracked actor). */
export function quotaOf(state: RentState, actor: Uint8Array, baseQuota: bigint): bigint {
  const record = getRentRecord(state, actor);
  return record === undefined || record.quota < baseQuota ? baseQuota : record.quota;
}

/** True when the actor was evicted and not restored: calls to it are refused. */
export function isDormant(state: RentState, actor: Uint8Array): boolean {
  if (isSystemAddress(actor)) return false;
  return getRentRecord(state, actor)?.status === RentStatus.Dormant;
}

/** The minimum balance the actor's own transfers must leave: reserveBps of a year's rent at the current rate. */
export function reserveFor(state: RentState, actor: Uint8Array, storageBytes: bigint, config: RentConfig, baseQuota: bigint): bigint {
  if (isSystemAddress(actor)) return 0n;
  const record = getRentRecord(state, actor);
  const excess = chargeableBytes(storageBytes, record?.quota ?? baseQuota, baseQuota, config);
  if (excess === 0n) return 0n;
  return reserveOf(excess, getRentMeta(state, config.ratePerByteYear).rate, config);
}

function pay(ctx: RentContext, payer: Uint8Array, amount: bigint): void {
  const balance = ctx.accounts.balanceOf(payer);
  if (balance < amount) throw new RentError("INSUFFICIENT_BALANCE", `the payer's balance ${balance} does not cover ${amount}`);
  ctx.accounts.debit(payer, amount);
}

/**
 * Any account pays `amount` toward `actor`'s rent: its debt (with the catch-up fee) first, the rest
 * prepaid. A dormant actor must be restored instead. Returns what went to debt.
 */
export function sponsorRent(ctx: RentContext, payer: Uint8Array, actor: Uint8Array, amount: bigint): { toDebt: bigint; prepaid: bigint } {
  au64(amount, "amount");
  if (amount === 0n) throw new RentError("INVALID_ARGUMENT", "amount: sponsor at least one base unit");
  const record = recordOf(ctx, actor);
  if (record.status === RentStatus.Dormant) throw new RentError("ACTOR_DORMANT", "the actor is dormant (evicted for unpaid rent): restore it with rent_restore");
  pay(ctx, payer, amount);
  const repaid = repayDebt(record, amount, ctx);
  ctx.accounts.credit(ctx.treasury, repaid.spent);
  const prepaid = repaid.record.prepaid + amount - repaid.spent;
  const status = repaid.record.debt.length === 0 ? RentStatus.Current : repaid.record.status;
  putRentRecord(ctx.state, actor, { ...repaid.record, prepaid, status });
  return { toDebt: repaid.spent, prepaid: amount - repaid.spent };
}

/**
 * Restores a dormant actor: `pairs` must be exactly its storage at eviction (same root, bytes and
 * slot count); `payer` pays the back rent plus the catch-up fee. Returns what was paid.
 */
export function restoreActor(ctx: RentContext, payer: Uint8Array, actor: Uint8Array, pairs: readonly StoragePair[]): { paid: bigint; notice: RentNotice } {
  const record = recordOf(ctx, actor);
  const kept = record.evicted;
  if (record.status !== RentStatus.Dormant || kept === null) throw new RentError("NOT_DORMANT", "the actor is not dormant: nothing to restore");
  const chunk = getRestoreProgress(ctx.state, actor);
  if (chunk !== undefined) throw new RentError("RESTORE_IN_PROGRESS", `a chunked restoration is under way (next chunk ${chunk.next}): finish it with rent_restore_chunk`);
  const bytes = pairBytes(pairs);
  if (BigInt(pairs.length) !== kept.slots || bytes !== kept.bytes) {
    throw new RentError("STORAGE_ROOT_MISMATCH", `the storage supplied holds ${pairs.length} slots and ${bytes} bytes; the actor held ${kept.slots} slots and ${kept.bytes} bytes`);
  }
  if (!equalBytes(storageRoot(pairs), kept.root)) throw new RentError("STORAGE_ROOT_MISMATCH", "the storage supplied does not hash to the root kept at eviction");
  if (bytes > ctx.baseQuota) throw new RentError("INVALID_QUOTA", `restoring ${bytes} bytes needs a quota above the base ${ctx.baseQuota}`);
  const cost = debtCost(record, ctx);
  const debt = debtOf(record);
  pay(ctx, payer, cost);
  ctx.accounts.credit(ctx.treasury, cost);
  let count = 0n;
  for (const [slot, value] of pairs) {
    ctx.state.set(actorStorageKey(actor, slot), value);
    count = addSlot(ctx.state, actor, slot, count);
  }
  ctx.state.delete(segmentsKey(actor));
  ctx.accounts.setStorageBytes(actor, bytes);
  const meta = getRentMeta(ctx.state, ctx.config.ratePerByteYear);
  putRentMeta(ctx.state, { ...meta, totalBytes: meta.totalBytes + bytes });
  putRentRecord(ctx.state, actor, {
    ...record,
    status: RentStatus.Current,
    assessedEpoch: rentEpochOf(ctx.height, ctx.config),
    debt: [],
    slotCount: count,
    evicted: null,
  });
  return { paid: cost, notice: { actor, kind: "restored", epochsLeft: 0n, debt } };
}

/**
 * Sets the actor's storage quota (its own call): above the base it locks bondPerByte per extra
 * byte from its balance; lowering it returns the difference. Returns the bond now locked.
 */
export function setStorageQuota(ctx: RentContext, actor: Uint8Array, quota: bigint): bigint {
  au64(quota, "quota");
  const record = recordOf(ctx, actor);
  if (record.status === RentStatus.Dormant) throw new RentError("ACTOR_DORMANT", "the actor is dormant");
  if (quota < ctx.baseQuota || quota > ctx.config.maxQuotaBytes) {
    throw new RentError("INVALID_QUOTA", `quota ${quota} is outside [${ctx.baseQuota}, ${ctx.config.maxQuotaBytes}] bytes`);
  }
  const used = ctx.accounts.storageBytes(actor);
  if (quota < used) throw new RentError("INVALID_QUOTA", `quota ${quota} is below the ${used} bytes the actor holds`);
  const bond = (quota - ctx.baseQuota) * ctx.config.bondPerByte;
  if (bond > record.bond) pay(ctx, actor, bond - record.bond);
  else if (bond < record.bond) ctx.accounts.credit(actor, record.bond - bond);
  putRentRecord(ctx.state, actor, { ...record, quota, bond });
  return bond;
}
