// Where the proxy committee's DKG / reshare keeps its records (cips/cbss.md "DKG"): in the cbss
// registry, kinds 0x20–0x24 (after the Secrets Manager's own kinds).
import { encode, u32, u64 } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { CBSS_REGISTRY } from "../chain/keys.js";

export const CbssDkgKeyKind = {
  /** ‖ epoch (u64 BE): the open run for that committee epoch (dealers, recipients, threshold, opening height). */
  Run: 0x20,
  /** ‖ epoch ‖ dealer (u32 BE): a dealing accepted in the run. */
  Dealing: 0x21,
  /** ‖ epoch ‖ dealer (u32 BE): the complaint that disqualified that dealing. */
  Complaint: 0x22,
  /** ‖ epoch: the dealer indices combined into the committee (its members derive their shares from them). */
  Qualified: 0x23,
  /** ‖ epoch: why the last run for that epoch failed (UTF-8). */
  Failure: 0x24,
} as const;

const item = (kind: number, ...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 1));
  out[0] = kind;
  let at = 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return systemKey(CBSS_REGISTRY, out);
};

export const dkgRunKey = (epoch: bigint): Uint8Array => item(CbssDkgKeyKind.Run, encode(u64, epoch));
export const dkgDealingKey = (epoch: bigint, dealer: number): Uint8Array => item(CbssDkgKeyKind.Dealing, encode(u64, epoch), encode(u32, dealer));
export const dkgComplaintKey = (epoch: bigint, dealer: number): Uint8Array => item(CbssDkgKeyKind.Complaint, encode(u64, epoch), encode(u32, dealer));
export const dkgQualifiedKey = (epoch: bigint): Uint8Array => item(CbssDkgKeyKind.Qualified, encode(u64, epoch));
export const dkgFailureKey = (epoch: bigint): Uint8Array => item(CbssDkgKeyKind.Failure, encode(u64, epoch));
