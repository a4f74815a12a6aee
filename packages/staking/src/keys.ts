// Where staking lives in the authenticated state (cips/staking.md "State layout"): one system
// registry, `00 02 ‖ "staking" ‖ 00 ‖ kind ‖ …`, kinds below.
import { encode, u64 } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";

export const STAKING_REGISTRY = "staking";

export const StakingKeyKind = {
  /** ‖ address (20): the validator's record. */
  Validator: 0x01,
  /** (alone): every address with a record, ascending, as one vec. */
  Index: 0x02,
  /** ‖ epoch (u64 BE): the epoch's validator set and stake snapshot. */
  EpochSet: 0x03,
  /** ‖ BLS public key (48): the address that registered it (keys are unique). */
  BlsKey: 0x04,
  /** (alone): the supply record. */
  Supply: 0x05,
  /** ‖ address (20): a genesis vesting schedule and what was claimed of it. */
  Vesting: 0x06,
  /** ‖ epoch (u64 BE): the epoch's threshold group key record (groupKey.ts, the reshare's output). */
  GroupKey: 0x07,
  /** ‖ offender (20) ‖ kind u8 ‖ epoch (u64 BE) ‖ view (u64 BE): a punished double vote (value: the height it was punished at). */
  Evidence: 0x08,
  /** (alone): missed votes in the current downtime window, `vec(address (20) ‖ missed uint)` ascending (downtime.ts). */
  Downtime: 0x09,
  /** ‖ address (20): the validator's network key (32 bytes, its Ed25519 p2p identity; networkKey.ts). */
  NetworkKey: 0x0a,
  /** ‖ network key (32): the address that published it (a network key belongs to one validator). */
  NetworkKeyOwner: 0x0b,
} as const;

const item = (kind: number, part: Uint8Array = new Uint8Array(0)): Uint8Array => {
  const out = new Uint8Array(1 + part.length);
  out[0] = kind;
  out.set(part, 1);
  return systemKey(STAKING_REGISTRY, out);
};

export const validatorKey = (address: Uint8Array): Uint8Array => item(StakingKeyKind.Validator, address);
export const validatorIndexKey = (): Uint8Array => item(StakingKeyKind.Index);
export const epochSetKey = (epoch: bigint): Uint8Array => item(StakingKeyKind.EpochSet, encode(u64, epoch));
export const vestingKey = (address: Uint8Array): Uint8Array => item(StakingKeyKind.Vesting, address);
export const supplyKey = (): Uint8Array => item(StakingKeyKind.Supply);
export const blsKeyOwnerKey = (blsPublicKey: Uint8Array): Uint8Array => item(StakingKeyKind.BlsKey, blsPublicKey);
export const groupKeyKey = (epoch: bigint): Uint8Array => item(StakingKeyKind.GroupKey, encode(u64, epoch));
export const evidenceKey = (offender: Uint8Array, kind: number, epoch: bigint, view: bigint): Uint8Array =>
  item(StakingKeyKind.Evidence, new Uint8Array([...offender, kind, ...encode(u64, epoch), ...encode(u64, view)]));
export const downtimeKey = (): Uint8Array => item(StakingKeyKind.Downtime);
export const networkKeyKey = (address: Uint8Array): Uint8Array => item(StakingKeyKind.NetworkKey, address);
export const networkKeyOwnerKey = (networkKey: Uint8Array): Uint8Array => item(StakingKeyKind.NetworkKeyOwner, networkKey);
