// A recipient's complaints in the reshare (cips/staking.md "Reshare", "Validator duties"): each
// dealing accepted for the next epoch's key is opened with this validator's BLS key; a share that does
// not verify yields a staking_submit_complaint (verifiable on chain) while the window is open.
import { encodeComplaint, decodeDealing, openShare } from "@cowboy/crypto";
import { complaintKey, dealingKey, epochOf, getReshareTarget, reshareContext, runDealerCount, windowStart, type StakingConfig, type StakingState } from "@cowboy/staking";
import { equalBytes } from "@cowboy/codec";
import type { Instruction } from "@cowboy/types";

export interface ComplaintDutyOptions {
  readonly state: StakingState;
  readonly staking: StakingConfig;
  readonly chainId: bigint;
  /** Height of the block just committed. */
  readonly height: bigint;
  readonly address: Uint8Array;
  readonly blsSecretKey: Uint8Array;
  /** Dealers already opened for this epoch's run (the duty adds to it, so each dealing is opened once). */
  readonly opened: Set<number>;
}

/** The complaints this validator owes now (one per bad dealing not yet complained about). */
export function complaintDuty(o: ComplaintDutyOptions): Instruction[] {
  const next = o.height + 1n;
  const epoch = epochOf(o.staking, next) + 1n;
  if (next < windowStart(o.staking, epoch - 1n)) return [];
  const target = getReshareTarget(o.state, epoch);
  const recipient = (target ?? []).findIndex((r) => equalBytes(r.address, o.address)) + 1;
  if (recipient === 0) return [];
  const out: Instruction[] = [];
  const context = reshareContext(o.chainId, epoch);
  for (let dealer = 1; dealer <= runDealerCount(o.state, epoch); dealer++) {
    if (o.opened.has(dealer)) continue;
    const bytes = o.state.get(dealingKey(epoch, dealer));
    if (bytes === undefined) continue;
    o.opened.add(dealer);
    if (o.state.get(complaintKey(epoch, dealer)) !== undefined) continue;
    const opened = openShare({ dealing: decodeDealing(bytes), context, recipient, secretKey: o.blsSecretKey });
    if (!opened.ok) out.push({ type: "staking_submit_complaint", epoch, complaint: encodeComplaint(opened.complaint) });
  }
  return out;
}
