// Where the reshare keeps its working records (cips/staking.md "Reshare"): in the staking registry,
// kinds 0x21–0x24 (kept apart from the lifecycle kinds; the group key itself is kind 0x07, groupKey.ts).
import { encode, u32, u64 } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { STAKING_REGISTRY } from "../keys.js";

export const ReshareKeyKind = {
  /** ‖ epoch (u64 BE): the recipients of the run that produces epoch's key, frozen at the first dealing. */
  Target: 0x21,
  /** ‖ epoch (u64 BE) ‖ dealer (u32 BE): a dealing accepted for the run that produces epoch's key. */
  Dealing: 0x22,
  /** ‖ epoch (u64 BE) ‖ dealer (u32 BE): the complaint that disqualified that dealing. */
  Complaint: 0x23,
  /** ‖ epoch (u64 BE): why the run for epoch failed (UTF-8), when it did. */
  Failure: 0x24,
} as const;

const item = (kind: number, ...parts: Uint8Array[]): Uint8Array => {
  const len = parts.reduce((a, p) => a + p.length, 1);
  const out = new Uint8Array(len);
  out[0] = kind;
  let at = 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return systemKey(STAKING_REGISTRY, out);
};

export const reshareTargetKey = (epoch: bigint): Uint8Array => item(ReshareKeyKind.Target, encode(u64, epoch));
export const dealingKey = (epoch: bigint, dealer: number): Uint8Array => item(ReshareKeyKind.Dealing, encode(u64, epoch), encode(u32, dealer));
export const complaintKey = (epoch: bigint, dealer: number): Uint8Array => item(ReshareKeyKind.Complaint, encode(u64, epoch), encode(u32, dealer));
export const reshareFailureKey = (epoch: bigint): Uint8Array => item(ReshareKeyKind.Failure, encode(u64, epoch));
