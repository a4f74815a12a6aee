// Block rewards (spec §6 "Staking and Rewards", §8.2; cips/staking.md "Rewards"): each block mints
// its share of the year's gross inflation and pays it to the epoch's validators pro rata to their
// snapshot stake, in integer arithmetic. Tips stay with the proposer (execution pays them).
import type { StakingConfig } from "./config.js";
import { epochSetAt } from "./epoch.js";
import { StakingError } from "./errors.js";
import type { StakingAccounts, StakingState } from "./store.js";
import { getSupply, putSupply, totalSupply, type SupplyRecord } from "./supply.js";

/** The gross inflation rate (bps) of issuance year `year` (0-based). */
export function inflationBps(config: StakingConfig, year: bigint): bigint {
  return year < BigInt(config.inflationScheduleBps.length) ? config.inflationScheduleBps[Number(year)]! : config.inflationFloorBps;
}

/**
 * What block `height` (≥ 1) mints: block i of a year of B blocks with yearly total Y = base · bps / 10⁴
 * mints ⌊(i+1)·Y/B⌋ − ⌊i·Y/B⌋, so a whole year mints exactly Y.
 */
export function blockIssuance(config: StakingConfig, yearBase: bigint, height: bigint): bigint {
  if (height < 1n) return 0n;
  const year = (height - 1n) / config.blocksPerYear;
  const i = (height - 1n) % config.blocksPerYear;
  const yearly = (yearBase * inflationBps(config, year)) / 10_000n;
  return ((i + 1n) * yearly) / config.blocksPerYear - (i * yearly) / config.blocksPerYear;
}

export interface RewardReport {
  /** Minted and paid this block (the sum of `paid`). */
  readonly issued: bigint;
  readonly paid: readonly { readonly address: Uint8Array; readonly amount: bigint }[];
  readonly supply: SupplyRecord;
}

/**
 * End-of-block step: counts the block's `burned` fees, then mints the block's issuance to the
 * members of the set governing `height`, each ⌊issuance · stake / totalStake⌋ (the rounding dust
 * is not minted), credited to their balance. Returns what it paid and the new supply record.
 */
export function processRewards(state: StakingState, accounts: StakingAccounts, config: StakingConfig, height: bigint, burned: bigint): RewardReport {
  const before = getSupply(state);
  if (before === undefined) throw new StakingError("CORRUPT_STATE", "no supply record (the chain's genesis has none)");
  let record: SupplyRecord = { ...before, burned: before.burned + burned };
  // The first block of every issuance year takes the supply at that moment as the year's base.
  if (height > 1n && (height - 1n) % config.blocksPerYear === 0n) record = { ...record, yearBase: totalSupply(record) };
  const set = epochSetAt(state, config, height);
  const issuance = blockIssuance(config, record.yearBase, height);
  const paid: { address: Uint8Array; amount: bigint }[] = [];
  let issued = 0n;
  if (set !== undefined && set.totalStake > 0n && issuance > 0n) {
    for (const m of set.members) {
      const amount = (issuance * m.stake) / set.totalStake;
      if (amount === 0n) continue;
      accounts.credit(m.address, amount);
      paid.push({ address: m.address, amount });
      issued += amount;
    }
  }
  record = { ...record, issued: record.issued + issued };
  putSupply(state, record);
  return { issued, paid, supply: record };
}
