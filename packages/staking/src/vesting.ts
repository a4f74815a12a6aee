// Genesis vesting (spec §8.3; cips/staking.md "Vesting"): an allocation held as a locked balance
// that unlocks on its schedule — an amount at genesis (TGE), nothing more before the cliff, then
// equal steps per period — and moves to the spendable balance when its owner claims it.
import { CodecError, decode, encode, struct, uint, type Codec } from "@cowboy/codec";
import { StakingError } from "./errors.js";
import { vestingKey } from "./keys.js";
import type { StakingAccounts, StakingState } from "./store.js";

export interface VestingSchedule {
  /** Everything the schedule ever unlocks (base units). */
  readonly total: bigint;
  /** Unlocked at genesis (TGE), ≤ total. */
  readonly atGenesis: bigint;
  /** Height before which nothing beyond `atGenesis` unlocks. */
  readonly cliff: bigint;
  /** Blocks per step (a month: 2,592,000) and the number of steps from genesis; the rest unlocks in equal steps. */
  readonly period: bigint;
  readonly periods: bigint;
}

export interface VestingRecord extends VestingSchedule {
  /** Already moved to the balance. */
  readonly claimed: bigint;
}

/** total ‖ atGenesis ‖ cliff ‖ period ‖ periods ‖ claimed, each a varint. */
export const vestingRecordCodec: Codec<VestingRecord> = struct({
  total: uint,
  atGenesis: uint,
  cliff: uint,
  period: uint,
  periods: uint,
  claimed: uint,
}) as unknown as Codec<VestingRecord>;

/** What `s` has unlocked by `height`: atGenesis, then after the cliff (total − atGenesis) · min(periods, ⌊height/period⌋) / periods. */
export function unlockedAt(s: VestingSchedule, height: bigint): bigint {
  if (height < s.cliff) return s.atGenesis;
  const steps = height / s.period < s.periods ? height / s.period : s.periods;
  return s.atGenesis + ((s.total - s.atGenesis) * steps) / s.periods;
}

export function checkSchedule(s: VestingSchedule, what: string): void {
  const ok = typeof s.total === "bigint" && s.total > 0n && typeof s.atGenesis === "bigint" && s.atGenesis >= 0n && s.atGenesis <= s.total;
  const shape = typeof s.cliff === "bigint" && s.cliff >= 0n && typeof s.period === "bigint" && s.period >= 1n && typeof s.periods === "bigint" && s.periods >= 1n;
  if (!ok || !shape) throw new StakingError("INVALID_ARGUMENT", `${what}: expected 0 ≤ atGenesis ≤ total, total > 0, period ≥ 1, periods ≥ 1, cliff ≥ 0`);
}

export function getVesting(state: StakingState, address: Uint8Array): VestingRecord | undefined {
  const bytes = state.get(vestingKey(address));
  if (bytes === undefined) return undefined;
  try {
    return decode(vestingRecordCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `vesting record: ${error.message}`);
    throw error;
  }
}

/** Genesis: locks `schedule` for `address` (its total counts in the genesis supply). */
export function lockVesting(state: StakingState, address: Uint8Array, schedule: VestingSchedule): void {
  checkSchedule(schedule, `vesting of 0x${[...address].map((b) => b.toString(16).padStart(2, "0")).join("")}`);
  if (getVesting(state, address) !== undefined) throw new StakingError("INVALID_ARGUMENT", "an address has at most one vesting schedule");
  state.set(vestingKey(address), encode(vestingRecordCodec, { ...schedule, claimed: 0n }));
}

/** The locked part at `height` (still in the record, not claimable yet). */
export const lockedAt = (r: VestingRecord, height: bigint): bigint => r.total - unlockedAt(r, height);

/** claim_vested: moves what has unlocked and was not yet claimed to the balance; returns the amount. */
export function claimVested(state: StakingState, accounts: StakingAccounts, address: Uint8Array, height: bigint): bigint {
  const r = getVesting(state, address);
  if (r === undefined) throw new StakingError("NOTHING_TO_CLAIM", "the sender has no vesting schedule");
  const amount = unlockedAt(r, height) - r.claimed;
  if (amount === 0n) throw new StakingError("NOTHING_TO_CLAIM", `nothing unlocked beyond the ${r.claimed} already claimed`);
  if (r.claimed + amount === r.total) state.delete(vestingKey(address));
  else state.set(vestingKey(address), encode(vestingRecordCodec, { ...r, claimed: r.claimed + amount }));
  accounts.credit(address, amount);
  return amount;
}
