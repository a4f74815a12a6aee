// The proxy committee's DKG / reshare on chain (cips/cbss.md "DKG"): cbss_submit_dealing (139),
// cbss_submit_complaint (140) and cbss_finalize_committee (141). A reshare's result keeps commitment 0,
// so every stored envelope stays decryptable by the new committee without re-encryption.
import { encode, equalBytes, toHex } from "@cowboy/codec";
import { CryptoError, type Dealing, checkDealing, combineCommitments, decodeComplaint, decodeDealing, sharePublicKey, verifyComplaint } from "@cowboy/crypto";
import { type CbssContext, currentCommittee, currentEpoch, getCommittee } from "../chain/context.js";
import { committeeKey, currentEpochKey } from "../chain/keys.js";
import { slashDealer } from "../chain/slashing.js";
import { type Committee, committeeCodec } from "../chain/records.js";
import { CbssError } from "../errors.js";
import { dkgComplaintKey, dkgDealingKey, dkgRunKey } from "./keys.js";
import {
  DEFAULT_CBSS_DKG_WINDOW,
  type DkgRun,
  committeeDkgContext,
  getDkgRun,
  minimumCommitteeThreshold,
  plannedRun,
  putDkgFailure,
  putDkgRun,
  putQualifiedDealers,
} from "./run.js";

function checkEpoch(ctx: CbssContext, epoch: bigint): void {
  const now = currentEpoch(ctx.state);
  if (typeof epoch !== "bigint" || (now !== undefined && epoch <= now) || getCommittee(ctx.state, epoch) !== undefined) {
    throw new CbssError("INVALID_COMMITTEE", `epoch ${String(epoch)} is not after the current committee epoch ${String(now)}`);
  }
}

function crypto<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CryptoError) throw new CbssError("INVALID_DEALING", error.message);
    throw error;
  }
}

/** Accepts the sender's dealing for committee `epoch` (the first one opens the run); returns its dealer index. */
export function submitCommitteeDealing(ctx: CbssContext, epoch: bigint, dealingBytes: Uint8Array): number {
  checkEpoch(ctx, epoch);
  const dealing = crypto(() => decodeDealing(dealingBytes));
  const stored = getDkgRun(ctx.state, epoch);
  let run: DkgRun;
  if (stored === undefined) {
    const planned = plannedRun(ctx.state, ctx.config.maxCommittee);
    const t = dealing.commitments.length;
    const n = planned.recipients.length;
    if (t < minimumCommitteeThreshold(n) || t > n)
      throw new CbssError("INVALID_DEALING", `threshold ${t}: a committee of ${n} needs one in [${minimumCommitteeThreshold(n)}, ${n}]`);
    run = { ...planned, threshold: t, openedAt: ctx.height };
  } else {
    run = stored;
    if (ctx.height >= run.openedAt + window(ctx)) throw new CbssError("INVALID_DEALING", `the run for epoch ${epoch} closed at height ${run.openedAt + window(ctx)}`);
  }
  const dealer = run.dealers.findIndex((a) => equalBytes(a, ctx.sender)) + 1;
  if (dealer === 0) throw new CbssError("NOT_DEALER", `0x${toHex(ctx.sender)} is not a dealer of committee epoch ${epoch}`);
  if (dealing.dealer !== dealer) throw new CbssError("INVALID_DEALING", `the dealing names dealer ${dealing.dealer}, the sender is dealer ${dealer}`);
  if (ctx.state.get(dkgDealingKey(epoch, dealer)) !== undefined) throw new CbssError("INVALID_DEALING", `dealer ${dealer} already dealt for epoch ${epoch}`);
  const current = run.kind === "reshare" ? currentCommittee(ctx.state) : undefined;
  const constantTerm = current === undefined ? undefined : sharePublicKey(current.commitments, dealer);
  const verdict = checkDealing(dealing, { threshold: run.threshold, recipients: run.recipients.length, ...(constantTerm === undefined ? {} : { constantTerm }) });
  if (!verdict.ok) throw new CbssError("INVALID_DEALING", verdict.reason);
  // Nothing is written before every check passed: the first accepted dealing opens the run.
  if (stored === undefined) putDkgRun(ctx.state, epoch, run);
  ctx.state.set(dkgDealingKey(epoch, dealer), dealingBytes.slice());
  return dealer;
}

/**
 * Disqualifies a dealing on its recipient's verified complaint and slashes its dealer (`slashDealer`: invalidShareSlash
 * at most its stake, reporterRewardBps of it to the complainant, the rest to the treasury); returns the dealer index.
 */
export function submitCommitteeComplaint(ctx: CbssContext, epoch: bigint, complaintBytes: Uint8Array): number {
  const run = getDkgRun(ctx.state, epoch);
  if (run === undefined || ctx.height >= run.openedAt + window(ctx)) throw new CbssError("DKG_NOT_READY", `no run is open for committee epoch ${String(epoch)}`);
  const complaint = crypto(() => decodeComplaint(complaintBytes));
  const recipient = run.recipients[complaint.recipient - 1];
  if (recipient === undefined || !equalBytes(recipient.address, ctx.sender)) throw new CbssError("INVALID_EVIDENCE", `recipient ${complaint.recipient} is not the sender`);
  const stored = ctx.state.get(dkgDealingKey(epoch, complaint.dealer));
  if (stored === undefined || ctx.state.get(dkgComplaintKey(epoch, complaint.dealer)) !== undefined) {
    throw new CbssError("INVALID_EVIDENCE", `dealer ${complaint.dealer} has no standing dealing for epoch ${epoch}`);
  }
  const ok = verifyComplaint({ dealing: decodeDealing(stored), context: committeeDkgContext(ctx.chainId, epoch), complaint, recipientPublicKey: recipient.blsPublicKey });
  if (!ok) throw new CbssError("INVALID_EVIDENCE", `the complaint does not show that dealer ${complaint.dealer}'s share is bad`);
  ctx.state.set(dkgComplaintKey(epoch, complaint.dealer), complaintBytes.slice());
  const dealer = run.dealers[complaint.dealer - 1];
  if (dealer !== undefined) slashDealer(ctx, dealer, complaintBytes, epoch);
  return complaint.dealer;
}

export type FinalizeOutcome = { readonly ok: true; readonly committee: Committee } | { readonly ok: false; readonly reason: string };

/**
 * After the window: with ≥ required standing dealings, publishes committee `epoch` (members = the
 * recipients, commitments combined, no sealed shares) and makes it current; otherwise records why,
 * drops the run's dealings and lets a new run for the epoch open.
 */
export function finalizeCommitteeDkg(ctx: CbssContext, epoch: bigint): FinalizeOutcome {
  checkEpoch(ctx, epoch);
  const run = getDkgRun(ctx.state, epoch);
  if (run === undefined) throw new CbssError("DKG_NOT_READY", `no run is open for committee epoch ${String(epoch)}`);
  const closes = run.openedAt + window(ctx);
  if (ctx.height < closes) throw new CbssError("DKG_NOT_READY", `the run for epoch ${epoch} is open until height ${closes}`);
  const standing: Dealing[] = [];
  for (let dealer = 1; dealer <= run.dealers.length; dealer++) {
    const b = ctx.state.get(dkgDealingKey(epoch, dealer));
    if (b !== undefined && ctx.state.get(dkgComplaintKey(epoch, dealer)) === undefined) standing.push(decodeDealing(b));
  }
  if (standing.length < run.required) {
    const reason = `${standing.length} qualified dealings, ${run.required} needed`;
    dropRun(ctx, epoch, run);
    putDkgFailure(ctx.state, epoch, reason);
    return { ok: false, reason };
  }
  const combined = combineCommitments({ kind: run.kind, dealings: standing, required: run.required });
  const committee: Committee = {
    epoch,
    threshold: run.threshold,
    members: run.recipients.map((r) => r.address),
    commitments: combined.commitments,
    encryptedShares: [],
    publishedAt: ctx.height,
  };
  ctx.state.set(committeeKey(epoch), encode(committeeCodec, committee));
  ctx.state.set(currentEpochKey(), encode64(epoch));
  putQualifiedDealers(ctx.state, epoch, run.kind, combined.dealers);
  ctx.state.delete(dkgRunKey(epoch));
  return { ok: true, committee };
}

function window(ctx: CbssContext): bigint {
  return ctx.config.dkgWindow ?? DEFAULT_CBSS_DKG_WINDOW;
}

function dropRun(ctx: CbssContext, epoch: bigint, run: DkgRun): void {
  for (let dealer = 1; dealer <= run.dealers.length; dealer++) {
    ctx.state.delete(dkgDealingKey(epoch, dealer));
    ctx.state.delete(dkgComplaintKey(epoch, dealer));
  }
  ctx.state.delete(dkgRunKey(epoch));
}

function encode64(v: bigint): Uint8Array {
  const e = new Uint8Array(8);
  new DataView(e.buffer).setBigUint64(0, v);
  return e;
}
