// Release receipts (cips/cbss.md §10 "Receipts and payment"): a committee member reports, in batches,
// the releases it served. Each is checked against the state-only policy clauses at its stated height
// (under max_releases: a reservation), counted once per (version, job, runner) unless its reservation
// counted it, logged as the audit trail, and paid `releaseFee` from the secret's deposit while it lasts.
import { encode, equalBytes } from "@cowboy/codec";
import { CbssError } from "../errors.js";
import { type CbssContext, SECRETS_MANAGER_ADDRESS, currentCommittee, getSecretHead, getSecretVersion, memberIndex, move } from "./context.js";
import { receiptsKey, releaseKey, secretKey } from "./keys.js";
import { staticVerdict } from "./policy.js";
import { getReservation } from "./reservations.js";
import { type ReceiptLogEntry, type ReleaseReceipt, addressListCodec, decodeRecord, receiptLogCodec, secretHeadCodec } from "./records.js";

export function receiptLog(ctx: Pick<CbssContext, "state">, owner: Uint8Array, name: string): readonly ReceiptLogEntry[] {
  const b = ctx.state.get(receiptsKey(owner, name));
  return b === undefined ? [] : decodeRecord(receiptLogCodec, "receipt log", b);
}

/** Records a batch; all or nothing. Returns the total fee paid to the sender. */
export function submitReceipts(ctx: CbssContext, receipts: readonly ReleaseReceipt[]): bigint {
  if (receipts.length === 0 || receipts.length > ctx.config.maxReceiptsPerBatch) {
    throw new CbssError("INVALID_ARGUMENT", `a batch holds 1-${ctx.config.maxReceiptsPerBatch} receipts, got ${receipts.length}`);
  }
  const committee = currentCommittee(ctx.state);
  if (committee === undefined || memberIndex(committee, ctx.sender) === 0) throw new CbssError("NOT_A_PROXY", "only a current committee member reports receipts");
  let total = 0n;
  for (const [i, r] of receipts.entries()) {
    const head = getSecretHead(ctx.state, r.owner, r.name);
    const version = head === undefined ? undefined : getSecretVersion(ctx.state, r.owner, r.name, r.version);
    if (head === undefined || version === undefined) throw new CbssError("NO_SECRET", `receipt ${i}: no secret ${r.name} version ${r.version}`);
    if (r.height > ctx.height) throw new CbssError("INVALID_ARGUMENT", `receipt ${i}: height ${r.height} is in the future`);
    const rk = releaseKey(r.owner, r.version, r.jobId, r.runner, r.name);
    const prior = ctx.state.get(rk);
    const reporters = prior === undefined ? [] : decodeRecord(addressListCodec, "release", prior);
    if (reporters.some((p) => equalBytes(p, ctx.sender))) throw new CbssError("INVALID_ARGUMENT", `receipt ${i}: already reported by this proxy`);
    // Under max_releases the release was counted when it was reserved (reservations.ts); otherwise at its first receipt.
    const reservedAt = getReservation(ctx.state, r.owner, r.name, r.version, r.jobId, r.runner);
    const counted = reporters.length > 0 || r.version !== head.version || version.policy.maxReleases !== 0n;
    const verdict = staticVerdict(head, version, { owner: r.owner, height: r.height, runner: r.runner, ...(reservedAt === undefined ? {} : { reservedAt }) });
    if (!verdict.ok) throw new CbssError("POLICY_DENIED", `receipt ${i}: ${verdict.reason}`);
    ctx.state.set(rk, encode(addressListCodec, [...reporters, ctx.sender.slice()]));
    const paid = head.deposit >= ctx.config.releaseFee ? ctx.config.releaseFee : 0n;
    const next = { ...head, deposit: head.deposit - paid, releases: head.releases + (counted ? 0n : 1n) };
    ctx.state.set(secretKey(r.owner, r.name), encode(secretHeadCodec, next));
    move(ctx, SECRETS_MANAGER_ADDRESS, ctx.sender, paid);
    total += paid;
    const log = [
      ...receiptLog(ctx, r.owner, r.name),
      { version: r.version, jobId: r.jobId, runner: r.runner, proxy: ctx.sender.slice(), height: r.height, recordedAt: ctx.height, paid },
    ];
    ctx.state.set(receiptsKey(r.owner, r.name), encode(receiptLogCodec, log.slice(Math.max(0, log.length - ctx.config.maxReceiptLog))));
  }
  return total;
}
