// The governance-tunable numbers of 0x0A and 0x0B (cips/cbfs.md §7) in one object with genesis defaults.
// ORPHAN_SHARD_TTL is the spec's (§7.3); the others are ours, written down in the CIP.
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import { ORPHAN_SHARD_TTL } from "../params.js";

export interface CbfsChainConfig {
  /** Least stake (base units) a relay bonds to register: 1,000 CBY. */
  readonly minRelayStake: bigint;
  /** A relay heartbeats at least this often (blocks). */
  readonly heartbeatInterval: bigint;
  /** Without a heartbeat for this long a relay is dead: placement skips it, repair replaces its shards. */
  readonly deadAfter: bigint;
  /** Blocks between a relay's exit and the return of its stake (slashable until then). */
  readonly unbondingBlocks: bigint;
  /** Superseded shards stay retrievable this long after a replace (spec §7.3). */
  readonly orphanShardTtl: bigint;
  /** Rent per stored MiB (data + parity) per block, base units. */
  readonly rentPerMiBBlock: bigint;
  /** After its paid-up height, a volume may be deleted by anyone once this grace has passed. */
  readonly rentGraceBlocks: bigint;
  /** Longest relay endpoint (UTF-8 bytes). */
  readonly maxEndpointLength: number;
  /** Proof of retrievability (cips/cbfs.md §11): blocks a relay has to answer a challenge. */
  readonly porResponseBlocks: bigint;
  /** A relay's reputation when it registers, and the most it can reach. */
  readonly initialReputation: number;
  readonly maxReputation: number;
  /** Reputation gained per passed challenge, lost per missed deadline and per proof that fails to verify. */
  readonly porPassReward: number;
  readonly porMissPenalty: number;
  readonly porFailPenalty: number;
  /** Share of stake slashed (basis points) for a proof that fails to verify — never for a missed deadline. */
  readonly porSlashBps: bigint;
  /** A relay suspended this many blocks without passing a challenge is dead: out for good, its shards repaired away. */
  readonly suspendedDeadAfter: bigint;
  /** Every this many blocks the chain itself challenges one receipted holding drawn from the beacon (§11.2); 0: never. */
  readonly porScheduleInterval: bigint;
  /** Every this many blocks 0x0A pays the rent accrued since the last payout to the receipted holders (§7.1); 0: never. */
  readonly rentPayoutInterval: bigint;
}

export const DEFAULT_CBFS_CHAIN_CONFIG: CbfsChainConfig = {
  minRelayStake: 1_000n * 1_000_000_000n,
  heartbeatInterval: 600n,
  deadAfter: 1_800n,
  unbondingBlocks: 86_400n,
  orphanShardTtl: ORPHAN_SHARD_TTL,
  rentPerMiBBlock: 10n,
  rentGraceBlocks: 86_400n,
  maxEndpointLength: 128,
  porResponseBlocks: 20n,
  initialReputation: 100,
  maxReputation: 1_000,
  porPassReward: 1,
  porMissPenalty: 10,
  porFailPenalty: 50,
  porSlashBps: 1_000n,
  suspendedDeadAfter: 3_600n,
  porScheduleInterval: 100n,
  rentPayoutInterval: 100n,
};

/** 0x0A and 0x0B (spec §9). */
export const STORAGE_MANAGER_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.storageManager);
export const RELAY_REGISTRY_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.relayRegistry);

/** What 0x0A and 0x0B read and write: any state fork. */
export interface ChainStore {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}
