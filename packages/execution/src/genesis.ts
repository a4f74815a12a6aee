// Block 0 (cips/execution.md "Genesis"): the allocations written into an empty state, and the header.
import { toHex, U64_MAX } from "@cowboy/codec";
import { applyStakingGenesis, initSupply, lockVesting, StakingError, type GenesisGroupKey, type GenesisValidator, type VestingSchedule } from "@cowboy/staking";
import { EMPTY_MERKLE_ROOT, type Header } from "@cowboy/types";
import { BlockError } from "./errors.js";
import { writeRegistryGenesis } from "./governance/resolve.js";
import type { ChainParams, StateAccess } from "./types.js";
import { Accounts } from "./world.js";

/** One funded account at genesis. */
export interface GenesisAllocation {
  readonly address: Uint8Array;
  readonly balance: bigint;
}

/** Everything that determines block 0 (with the chain params). */
export interface GenesisConfig {
  readonly timestampMs: bigint;
  readonly allocations: readonly GenesisAllocation[];
  /** Initial basefees; both default to MIN_BASEFEE. */
  readonly cycleBasefee: bigint;
  readonly cellBasefee: bigint;
  /** The validators of epoch 0 (their stake is bonded at genesis); required when params.staking is set. */
  readonly validators?: readonly GenesisValidator[];
  /** Epoch 0's threshold key (the genesis dealing), written as the epoch's group key record (cips/staking.md "Group keys"). */
  readonly groupKey?: GenesisGroupKey;
  /** Locked genesis allocations (spec §8.3), claimed as they unlock (claim_vested); need params.staking. */
  readonly vesting?: readonly { readonly address: Uint8Array; readonly schedule: VestingSchedule }[];
}

/**
 * Writes the genesis allocations into `state` (an empty fork) and returns the genesis header.
 * Deterministic: the same config and params always give the same header and state root.
 */
export function applyGenesis(state: StateAccess, config: GenesisConfig, params: ChainParams): Header {
  const accounts = new Accounts(state, params.accountKey);
  const seen = new Set<string>();
  let supply = 0n;
  config.allocations.forEach((allocation, i) => {
    if (!(allocation.address instanceof Uint8Array) || allocation.address.length !== 20) {
      throw new BlockError("INVALID_GENESIS", `allocations[${i}].address must be 20 bytes`);
    }
    const key = toHex(allocation.address);
    if (seen.has(key)) throw new BlockError("INVALID_GENESIS", `allocations[${i}]: address 0x${key} is allocated twice`);
    seen.add(key);
    if (typeof allocation.balance !== "bigint" || allocation.balance <= 0n) {
      throw new BlockError("INVALID_GENESIS", `allocations[${i}].balance must be a positive integer`);
    }
    supply += allocation.balance;
    if (supply > U64_MAX) throw new BlockError("INVALID_GENESIS", "the total supply exceeds u64");
    accounts.put(allocation.address, { nonce: 0n, balance: allocation.balance, code_hash: null, storage_bytes: 0n });
  });
  if (params.staking !== undefined) {
    if (config.validators === undefined) throw new BlockError("INVALID_GENESIS", "a chain with staking needs genesis validators");
    let set: ReturnType<typeof applyStakingGenesis>;
    let locked = 0n;
    try {
      set = applyStakingGenesis(state, params.staking, config.validators, config.groupKey);
      for (const v of config.vesting ?? []) {
        lockVesting(state, v.address, v.schedule);
        locked += v.schedule.total;
      }
    } catch (error) {
      if (error instanceof StakingError) throw new BlockError("INVALID_GENESIS", `validators: ${error.code}: ${error.message}`);
      throw error;
    }
    if (supply + set.totalStake + locked > U64_MAX) throw new BlockError("INVALID_GENESIS", "the total supply with the genesis stake and vesting exceeds u64");
    initSupply(state, supply + set.totalStake + locked);
  } else if ((config.validators !== undefined && config.validators.length > 0) || (config.vesting !== undefined && config.vesting.length > 0)) {
    throw new BlockError("INVALID_GENESIS", "genesis validators and vesting need params.staking");
  }
  // The parameter registry at 0x09 (spec §13.1): every group the chain runs with, at its genesis value.
  if (params.governance !== undefined) writeRegistryGenesis(state, params);
  return {
    parent_hash: new Uint8Array(32),
    height: 0n,
    round: 0n,
    proposer: new Uint8Array(20),
    timestamp_ms: config.timestampMs,
    state_root: state.computeRoot(),
    transactions_root: EMPTY_MERKLE_ROOT.slice(),
    receipts_root: EMPTY_MERKLE_ROOT.slice(),
    cycle_basefee: config.cycleBasefee,
    cell_basefee: config.cellBasefee,
    lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 0n },
    cycles_used: 0n,
    cells_used: 0n,
    certificate: new Uint8Array(0),
    beacon: new Uint8Array(0),
  };
}
