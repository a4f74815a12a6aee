// The reshare's records (cips/staking.md "Reshare"): an epoch's group key with its Feldman
// commitments and the committee holding its shares, and the frozen recipients of a run.
import { CodecError, type Codec, atMost, decode, encode, fixedBytes, range, struct, u8, u16, uint, utf8, vec } from "@cowboy/codec";
import { StakingError } from "../errors.js";
import type { StakingState } from "../store.js";
import { groupKeyKey, reshareTargetKey } from "./keys.js";

/** How an epoch got its key. */
export const GroupKeyOutcome = {
  /** Written at genesis (a dealt key). */
  Genesis: 0,
  /** A reshare among the previous holders: same group key, new shares. */
  Reshared: 1,
  /** A fresh DKG (no earlier key): a new group key. */
  Generated: 2,
  /** The run failed: the previous key and its holders continue; `failure` says why. */
  Carried: 3,
} as const;
export type GroupKeyOutcome = (typeof GroupKeyOutcome)[keyof typeof GroupKeyOutcome];

export interface EpochGroupKey {
  readonly epoch: bigint;
  readonly outcome: GroupKeyOutcome;
  readonly threshold: number;
  /** Feldman commitments (48-byte G1); commitment 0 is the group public key. */
  readonly commitments: readonly Uint8Array[];
  /** Addresses holding the shares: holder i (position i − 1) holds share index i. */
  readonly holders: readonly Uint8Array[];
  /** Dealer indices whose dealings were combined (empty for Genesis and Carried). */
  readonly dealers: readonly number[];
  /** Why the run failed (Carried), else empty. */
  readonly failure: string;
}

const MAX = 1_024;

/** epoch varint ‖ outcome u8 ‖ threshold u16 ‖ commitments vec ‖ holders vec ‖ dealers vec(u16) ‖ failure utf8. */
export const epochGroupKeyCodec: Codec<EpochGroupKey> = struct({
  epoch: uint,
  outcome: u8,
  threshold: u16,
  commitments: vec(fixedBytes(48), range(1, MAX)),
  holders: vec(fixedBytes(20), range(1, MAX)),
  dealers: vec(u16, atMost(MAX)),
  failure: utf8(atMost(256)),
}) as unknown as Codec<EpochGroupKey>;

export interface ReshareRecipient {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
}

export const reshareTargetCodec: Codec<ReshareRecipient[]> = vec(struct({ address: fixedBytes(20), blsPublicKey: fixedBytes(48) }), range(1, MAX)) as unknown as Codec<
  ReshareRecipient[]
>;

function decoded<T>(codec: Codec<T>, bytes: Uint8Array, what: string): T {
  try {
    return decode(codec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

/** The group key record of `epoch`, if one was written. */
export function getEpochGroupKey(state: StakingState, epoch: bigint): EpochGroupKey | undefined {
  const bytes = state.get(groupKeyKey(epoch));
  return bytes === undefined ? undefined : decoded(epochGroupKeyCodec, bytes, "group key");
}

export function putEpochGroupKey(state: StakingState, record: EpochGroupKey): void {
  state.set(groupKeyKey(record.epoch), encode(epochGroupKeyCodec, record));
}

/**
 * The key in force for `epoch`: its own record, else the latest earlier one (searching back at most
 * `lookback` epochs). Undefined when no key was ever recorded.
 */
export function groupKeyInForce(state: StakingState, epoch: bigint, lookback = 1_024n): EpochGroupKey | undefined {
  for (let e = epoch; e >= 0n && epoch - e <= lookback; e--) {
    const r = getEpochGroupKey(state, e);
    if (r !== undefined) return r;
  }
  return undefined;
}

export function getReshareTarget(state: StakingState, epoch: bigint): ReshareRecipient[] | undefined {
  const bytes = state.get(reshareTargetKey(epoch));
  return bytes === undefined ? undefined : decoded(reshareTargetCodec, bytes, "reshare target");
}

export function putReshareTarget(state: StakingState, epoch: bigint, target: readonly ReshareRecipient[]): void {
  state.set(reshareTargetKey(epoch), encode(reshareTargetCodec, [...target]));
}
