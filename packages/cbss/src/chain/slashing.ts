// Slashing for provable misbehaviour (cips/cbss.md §11): the evidence is a release statement the proxy
// signed (it reaches the runner inside the sealed response). (a) Its share signature does not verify
// against the committee's commitments for the stated identity; (b) the chain state at the stated height
// did not allow the release. The slash goes reporterRewardBps to the reporter, the rest to the treasury.
import { encode, toHex } from "@cowboy/codec";
import { decodePartial, keccak256 } from "@cowboy/crypto";
import { secretIdentity } from "../crypto/identity.js";
import { verifyShare } from "../crypto/threshold.js";
import { CbssError } from "../errors.js";
import { type ReleaseStatement, type Signed, openStatement, signedCodec } from "../release/statement.js";
import { type CbssContext, SECRETS_MANAGER_ADDRESS, TREASURY_ADDRESS, getCommittee, getProxy, getSecretHead, getSecretVersion, memberIndex, move, putProxy } from "./context.js";
import { evidenceKey } from "./keys.js";
import { type JobHistory, type ProvidesHistoryView, jobFactsAt, providesAt } from "./history.js";
import { type ReleaseFacts, jobClausesVerdict, staticVerdict } from "./policy.js";
import { getReservation } from "./reservations.js";

/** The runner market's job record (undefined: no such job was ever posted). */
export type JobLookup = (jobId: Uint8Array) => JobHistory | undefined;
/** The runner market's provides history of a runner. */
export type ProvidesLookup = (runner: Uint8Array) => ProvidesHistoryView;

/** Where the job and runner facts come from; absent: only the state-only clauses are judged. */
export interface MarketLookups {
  readonly job: JobLookup;
  readonly provides: ProvidesLookup;
}

export interface SlashOutcome {
  readonly proxy: Uint8Array;
  readonly slashed: bigint;
  readonly reward: bigint;
  readonly reason: string;
}

function evidence(ctx: CbssContext, signed: Signed): { statement: ReleaseStatement; proxy: Uint8Array; index: number; hash: Uint8Array } {
  const hash = keccak256(encode(signedCodec, signed));
  if (ctx.state.get(evidenceKey(hash)) !== undefined) throw new CbssError("EVIDENCE_USED", "this evidence was already used");
  const { statement, signer } = openStatement(signed);
  if (statement.chainId !== ctx.chainId) throw new CbssError("INVALID_EVIDENCE", `statement is for chain ${statement.chainId}`);
  const committee = getCommittee(ctx.state, statement.epoch);
  const index = committee === undefined ? 0 : memberIndex(committee, signer);
  if (index === 0) throw new CbssError("INVALID_EVIDENCE", `0x${toHex(signer)} was not in the committee of epoch ${statement.epoch}`);
  return { statement, proxy: signer, index, hash };
}

function slash(ctx: CbssContext, proxy: Uint8Array, amount: bigint, hash: Uint8Array, reason: string): SlashOutcome {
  const record = getProxy(ctx.state, proxy);
  if (record === undefined) throw new CbssError("INVALID_EVIDENCE", "the proxy has withdrawn; nothing left to slash");
  const slashed = amount < record.stake ? amount : record.stake;
  const reward = (slashed * BigInt(ctx.config.reporterRewardBps)) / 10_000n;
  putProxy(ctx.state, proxy, { ...record, stake: record.stake - slashed, slashed: record.slashed + slashed });
  move(ctx, SECRETS_MANAGER_ADDRESS, ctx.sender, reward);
  move(ctx, SECRETS_MANAGER_ADDRESS, TREASURY_ADDRESS, slashed - reward);
  ctx.state.set(evidenceKey(hash), new Uint8Array([1]));
  return { proxy, slashed, reward, reason };
}

/**
 * A DKG dealer whose dealing a recipient's complaint proved bad (cips/cbss.md "DKG", "Slashing a bad dealer"):
 * `invalidShareSlash` (at most its stake), the complainant rewarded like a reporter. Evidence = the complaint bytes,
 * used once. Null when the dealer has no proxy record left (withdrawn): the dealing is still disqualified.
 */
export function slashDealer(ctx: CbssContext, dealer: Uint8Array, complaintBytes: Uint8Array, epoch: bigint): SlashOutcome | null {
  if (getProxy(ctx.state, dealer) === undefined) return null;
  const hash = keccak256(complaintBytes);
  if (ctx.state.get(evidenceKey(hash)) !== undefined) throw new CbssError("EVIDENCE_USED", "this evidence was already used");
  return slash(ctx, dealer, ctx.config.invalidShareSlash, hash, `bad dealing for committee epoch ${epoch}`);
}

/** (a) The statement's share signature is not the signer's valid share on the stated identity. */
export function slashInvalidShare(ctx: CbssContext, signed: Signed): SlashOutcome {
  const { statement: s, proxy, index, hash } = evidence(ctx, signed);
  const committee = getCommittee(ctx.state, s.epoch);
  const identity = secretIdentity({ chainId: s.chainId, owner: s.owner, name: s.name, version: s.version });
  let valid = false;
  try {
    const partial = decodePartial(s.partial);
    valid = partial.index === index && committee !== undefined && verifyShare(committee.commitments, partial, identity);
  } catch {
    valid = false;
  }
  if (valid) throw new CbssError("INVALID_EVIDENCE", "the share verifies: no misbehaviour");
  return slash(ctx, proxy, ctx.config.invalidShareSlash, hash, "invalid share");
}

/**
 * (b) The chain state at the statement's height did not allow the release. Every fact is read as it stood at that
 * height: the secret's version records (created/ended/revoked heights), the job's posting and committee-draw heights,
 * the runner's provides history (cips/cbss.md §11). What the chain no longer knows is not held against the proxy.
 */
export function slashUnauthorizedRelease(ctx: CbssContext, signed: Signed, market?: MarketLookups): SlashOutcome {
  const { statement: s, proxy, hash } = evidence(ctx, signed);
  if (s.height > ctx.height) throw new CbssError("INVALID_EVIDENCE", `height ${s.height} is in the future`);
  const head = getSecretHead(ctx.state, s.owner, s.name);
  const version = head === undefined ? undefined : getSecretVersion(ctx.state, s.owner, s.name, s.version);
  let reason: string | undefined;
  if (head === undefined || version === undefined) reason = `no secret ${s.name} version ${s.version}`;
  else {
    const reservedAt = getReservation(ctx.state, s.owner, s.name, s.version, s.jobId, s.runner);
    const record = market?.job(s.jobId);
    const job = record === undefined ? undefined : jobFactsAt(record, s.height);
    const provides = market === undefined ? undefined : providesAt(market.provides(s.runner), s.height);
    const facts: ReleaseFacts = {
      owner: s.owner,
      height: s.height,
      runner: s.runner,
      ...(reservedAt === undefined ? {} : { reservedAt }),
      ...(job === undefined ? {} : { job }),
      ...(provides === undefined ? {} : { runnerProvides: provides }),
    };
    const v = staticVerdict(head, version, facts);
    const j = v.ok ? jobClausesVerdict(version, facts) : v;
    if (!j.ok) reason = j.reason;
    else if (market !== undefined && record === undefined) reason = "the job was never posted";
    else if (market !== undefined && job === undefined) reason = `the job was not posted yet at ${s.height}`;
  }
  if (reason === undefined) throw new CbssError("INVALID_EVIDENCE", "the state at that height allowed the release");
  return slash(ctx, proxy, ctx.config.unauthorizedReleaseSlash, hash, `unauthorized release: ${reason}`);
}
