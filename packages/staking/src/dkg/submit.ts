// staking_submit_dealing and staking_submit_complaint (cips/staking.md "Reshare"): during the last
// `reshareWindow` blocks of epoch E − 1, each dealer of the run for E posts one dealing; a recipient
// whose share is bad posts a complaint, which disqualifies the dealing if it verifies.
import { equalBytes, toHex } from "@cowboy/codec";
import { CryptoError, checkDealing, decodeComplaint, decodeDealing, sharePublicKey, verifyComplaint } from "@cowboy/crypto";
import type { StakingConfig } from "../config.js";
import { epochOf } from "../epoch.js";
import { StakingError } from "../errors.js";
import type { StakingState } from "../store.js";
import { windowStart } from "./config.js";
import { complaintKey, dealingKey } from "./keys.js";
import { getReshareTarget, putReshareTarget } from "./records.js";
import { type ReshareRun, reshareContext, reshareRun } from "./run.js";

/** What a reshare instruction runs against. */
export interface ReshareContext {
  readonly state: StakingState;
  readonly config: StakingConfig;
  readonly height: bigint;
  readonly chainId: bigint;
}

function openRun(ctx: ReshareContext, epoch: bigint): ReshareRun {
  if (typeof epoch !== "bigint" || epoch !== epochOf(ctx.config, ctx.height) + 1n) {
    throw new StakingError("NOT_IN_RESHARE_WINDOW", `epoch ${String(epoch)}: dealings at height ${ctx.height} are for epoch ${epochOf(ctx.config, ctx.height) + 1n}`);
  }
  const start = windowStart(ctx.config, epoch - 1n);
  if (ctx.height < start) throw new StakingError("NOT_IN_RESHARE_WINDOW", `height ${ctx.height}: the window for epoch ${epoch} opens at ${start}`);
  const run = reshareRun(ctx.state, ctx.config, epoch);
  if (run === undefined) throw new StakingError("NOT_A_DEALER", `epoch ${epoch}: no dealers or no recipients`);
  // The first submission freezes the recipients: every later dealing and the boundary use the same list.
  if (getReshareTarget(ctx.state, epoch) === undefined) putReshareTarget(ctx.state, epoch, run.recipients);
  return run;
}

function decodeOr<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CryptoError) throw new StakingError(what === "dealing" ? "INVALID_DEALING" : "INVALID_COMPLAINT", `${what}: ${error.message}`);
    throw error;
  }
}

/** Stores `sender`'s dealing for `epoch` after the public checks; returns the dealer index. */
export function submitDealing(ctx: ReshareContext, sender: Uint8Array, epoch: bigint, dealingBytes: Uint8Array): number {
  const run = openRun(ctx, epoch);
  const dealer = run.dealers.findIndex((a) => equalBytes(a, sender)) + 1;
  if (dealer === 0) throw new StakingError("NOT_A_DEALER", `0x${toHex(sender)} holds no share of the key for epoch ${epoch - 1n}`);
  const dealing = decodeOr("dealing", () => decodeDealing(dealingBytes));
  if (dealing.dealer !== dealer) throw new StakingError("INVALID_DEALING", `dealing: dealer index ${dealing.dealer}, but the sender is dealer ${dealer}`);
  if (ctx.state.get(dealingKey(epoch, dealer)) !== undefined) throw new StakingError("DEALING_EXISTS", `dealer ${dealer} already dealt for epoch ${epoch}`);
  const constantTerm = run.current === undefined ? undefined : sharePublicKey(run.current.commitments, dealer);
  const verdict = checkDealing(dealing, { threshold: run.threshold, recipients: run.recipients.length, ...(constantTerm === undefined ? {} : { constantTerm }) });
  if (!verdict.ok) throw new StakingError("INVALID_DEALING", `dealing: ${verdict.reason}`);
  ctx.state.set(dealingKey(epoch, dealer), dealingBytes.slice());
  return dealer;
}

/** Disqualifies a dealing on a verified complaint by its recipient `sender`; returns the dealer index. */
export function submitComplaint(ctx: ReshareContext, sender: Uint8Array, epoch: bigint, complaintBytes: Uint8Array): number {
  const run = openRun(ctx, epoch);
  const complaint = decodeOr("complaint", () => decodeComplaint(complaintBytes));
  const recipient = run.recipients[complaint.recipient - 1];
  if (recipient === undefined || !equalBytes(recipient.address, sender)) {
    throw new StakingError("INVALID_COMPLAINT", `complaint: recipient ${complaint.recipient} is not the sender's place in the next set`);
  }
  const stored = ctx.state.get(dealingKey(epoch, complaint.dealer));
  if (stored === undefined) throw new StakingError("INVALID_COMPLAINT", `complaint: dealer ${complaint.dealer} has no dealing for epoch ${epoch}`);
  if (ctx.state.get(complaintKey(epoch, complaint.dealer)) !== undefined)
    throw new StakingError("INVALID_COMPLAINT", `complaint: dealer ${complaint.dealer} is already disqualified`);
  const ok = verifyComplaint({ dealing: decodeDealing(stored), context: reshareContext(ctx.chainId, epoch), complaint, recipientPublicKey: recipient.blsPublicKey });
  if (!ok) throw new StakingError("INVALID_COMPLAINT", `complaint: does not show that dealer ${complaint.dealer}'s share for recipient ${complaint.recipient} is bad`);
  ctx.state.set(complaintKey(epoch, complaint.dealer), complaintBytes.slice());
  return complaint.dealer;
}
