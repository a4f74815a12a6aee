// The supply record (spec §8.1, §8.4; cips/staking.md "Supply"): total supply = genesis + issued −
// burned, kept in the state so it can be read at any height, with the issuance year's base.
import { CodecError, decode, encode, struct, uint, type Codec } from "@cowboy/codec";
import { StakingError } from "./errors.js";
import { supplyKey } from "./keys.js";
import type { StakingState } from "./store.js";

export interface SupplyRecord {
  /** Genesis allocations plus genesis stake. */
  readonly genesis: bigint;
  /** Minted by block rewards so far. */
  readonly issued: bigint;
  /** Destroyed so far: basefees, slashed stake. */
  readonly burned: bigint;
  /** The total supply at the first block of the current issuance year (the base of its rate). */
  readonly yearBase: bigint;
}

/** genesis ‖ issued ‖ burned ‖ yearBase, each a varint. */
export const supplyRecordCodec: Codec<SupplyRecord> = struct({ genesis: uint, issued: uint, burned: uint, yearBase: uint }) as unknown as Codec<SupplyRecord>;

export const totalSupply = (r: SupplyRecord): bigint => r.genesis + r.issued - r.burned;

export function getSupply(state: StakingState): SupplyRecord | undefined {
  const bytes = state.get(supplyKey());
  if (bytes === undefined) return undefined;
  try {
    return decode(supplyRecordCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `supply record: ${error.message}`);
    throw error;
  }
}

export function putSupply(state: StakingState, record: SupplyRecord): void {
  state.set(supplyKey(), encode(supplyRecordCodec, record));
}

/** Genesis: the record starts with the genesis supply as the first year's base. */
export function initSupply(state: StakingState, genesis: bigint): SupplyRecord {
  if (typeof genesis !== "bigint" || genesis < 0n) throw new StakingError("INVALID_ARGUMENT", "genesis supply: expected a non-negative bigint");
  const record = { genesis, issued: 0n, burned: 0n, yearBase: genesis };
  putSupply(state, record);
  return record;
}

/** Adds `amount` to the burned total (basefees at the end of a block, slashed stake). */
export function recordBurn(state: StakingState, amount: bigint): void {
  if (amount === 0n) return;
  const r = getSupply(state);
  if (r === undefined) throw new StakingError("CORRUPT_STATE", "no supply record (the chain's genesis has none)");
  putSupply(state, { ...r, burned: r.burned + amount });
}
