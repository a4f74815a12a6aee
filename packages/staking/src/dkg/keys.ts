// Where the reshare keeps its records (cips/staking.md "Reshare", "State layout"): in the staking
// registry, kinds 0x20–0x23 (kept apart from the lifecycle kinds 0x01–0x1F).
import { encode, u32, u64 } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { STAKING_REGISTRY } from "../keys.js";

export const ReshareKeyKind = {
  /** ‖ epoch (u64 BE): the committee's group key record for that epoch. */
  GroupKey: 0x20,
  /** ‖ epoch (u64 BE): the recipients of the run that produces epoch's key, frozen at the first submission. */
  Target: 0x21,
  /** ‖ epoch (u64 BE) ‖ dealer (u32 BE): a dealing accepted for the run that produces epoch's key. */
  Dealing: 0x22,
  /** ‖ epoch (u64 BE) ‖ dealer (u32 BE): the complaint that disqualified that dealing. */
  Complaint: 0x23,
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

export const groupKeyKey = (epoch: bigint): Uint8Array => item(ReshareKeyKind.GroupKey, encode(u64, epoch));
export const reshareTargetKey = (epoch: bigint): Uint8Array => item(ReshareKeyKind.Target, encode(u64, epoch));
export const dealingKey = (epoch: bigint, dealer: number): Uint8Array => item(ReshareKeyKind.Dealing, encode(u64, epoch), encode(u32, dealer));
export const complaintKey = (epoch: bigint, dealer: number): Uint8Array => item(ReshareKeyKind.Complaint, encode(u64, epoch), encode(u32, dealer));
