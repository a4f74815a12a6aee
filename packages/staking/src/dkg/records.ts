// The reshare's working records (cips/staking.md "Reshare"): the frozen recipients of a run and the
// reason a run failed. The output, the epoch's group key, is groupKey.ts's record (the contract with consensus).
import { CodecError, type Codec, atMost, decode, fixedBytes, range, struct, utf8, vec, encode } from "@cowboy/codec";
import { StakingError } from "../errors.js";
import { type EpochGroupKey, epochGroupKey } from "../groupKey.js";
import type { StakingState } from "../store.js";
import { reshareFailureKey, reshareTargetKey } from "./keys.js";

export interface ReshareRecipient {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
}

/** vec(address [20] ‖ blsPublicKey [48]), 1 to 1,024 entries. */
export const reshareTargetCodec: Codec<ReshareRecipient[]> = vec(struct({ address: fixedBytes(20), blsPublicKey: fixedBytes(48) }), range(1, 1_024)) as unknown as Codec<
  ReshareRecipient[]
>;
const failureCodec = utf8(atMost(256));

function decoded<T>(codec: Codec<T>, bytes: Uint8Array, what: string): T {
  try {
    return decode(codec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

/**
 * The key in force for `epoch`: its own record, else the latest earlier one (searching back at most
 * `lookback` epochs). Undefined when no key was ever recorded.
 */
export function groupKeyInForce(state: StakingState, epoch: bigint, lookback = 1_024n): EpochGroupKey | undefined {
  for (let e = epoch; e >= 0n && epoch - e <= lookback; e--) {
    const r = epochGroupKey(state, e);
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

/** Why the run for `epoch` failed, or undefined (it succeeded, or has not ended). */
export function reshareFailure(state: StakingState, epoch: bigint): string | undefined {
  const bytes = state.get(reshareFailureKey(epoch));
  return bytes === undefined ? undefined : decoded(failureCodec, bytes, "reshare failure");
}

export function putReshareFailure(state: StakingState, epoch: bigint, reason: string): void {
  state.set(reshareFailureKey(epoch), encode(failureCodec, reason.slice(0, 256)));
}
