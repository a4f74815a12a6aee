// JSON forms of staking records (cips/staking.md "JSON"), as the RPC, the CLI and the vectors show
// them: 0x-hex bytes, decimal-string integers, the status by name.
import { toHex } from "@cowboy/codec";
import type { EpochSet } from "./epochSet.js";
import { VALIDATOR_STATUS_NAMES, type ValidatorRecord, type ValidatorStatusName } from "./validator.js";

export interface ValidatorJson {
  readonly address: string;
  readonly bls_public_key: string;
  readonly stake: string;
  readonly status: ValidatorStatusName;
  readonly registered_at: string;
  readonly unbonding_ends_at: string;
  readonly jailed_until: string;
  readonly offences: string;
}

export interface EpochSetJson {
  readonly epoch: string;
  readonly members: ReadonlyArray<{ readonly address: string; readonly bls_public_key: string; readonly stake: string }>;
  readonly total_stake: string;
}

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export function validatorToJson(address: Uint8Array, record: ValidatorRecord): ValidatorJson {
  return {
    address: hex(address),
    bls_public_key: hex(record.blsPublicKey),
    stake: record.stake.toString(),
    status: VALIDATOR_STATUS_NAMES[record.status],
    registered_at: record.registeredAt.toString(),
    unbonding_ends_at: record.unbondingEndsAt.toString(),
    jailed_until: record.jailedUntil.toString(),
    offences: record.offences.toString(),
  };
}

export function epochSetToJson(set: EpochSet): EpochSetJson {
  return {
    epoch: set.epoch.toString(),
    members: set.members.map((m) => ({ address: hex(m.address), bls_public_key: hex(m.blsPublicKey), stake: m.stake.toString() })),
    total_stake: set.totalStake.toString(),
  };
}
