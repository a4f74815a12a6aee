// A proxy's release handler (cips/cbss.md §8 "Proxy side"): verify the runner's signed request, read the
// committee, the secret version, the job, the runner and (under max_releases) the release's reservation at the
// node's committed (finalized) head, evaluate the policy at the secret's height, and answer with the signed statement carrying this proxy's share signature, sealed to the runner's
// registered transport key. Nothing is ever answered in clear.
import { type SecretShare, encodePartial } from "@cowboy/crypto";
import { encode, equalBytes, toHex } from "@cowboy/codec";
import { memberIndex } from "../chain/context.js";
import { jobFactsAt, providesAt } from "../chain/history.js";
import { evaluatePolicy } from "../chain/policy.js";
import { type ReleaseReceipt, decodeInput } from "../chain/records.js";
import { secretIdentity } from "../crypto/identity.js";
import { signShare } from "../crypto/threshold.js";
import { sealTo } from "../crypto/transport.js";
import { CbssError } from "../errors.js";
import { openRequest, signStatement, signedCodec } from "../release/statement.js";
import type { ChainView } from "./chain-view.js";

/** Longest a request may stay valid (seconds). */
export const MAX_REQUEST_TTL = 600;

export interface ReleaseHandlerOptions {
  readonly chainId: bigint;
  /** The proxy's account key: signs statements (its address is the proxy's identity). */
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
  readonly share: SecretShare;
  readonly view: ChainView;
  /** Unix seconds (default: the wall clock). */
  readonly now?: () => number;
  /** Called after the first release of each (version, job, runner) with the receipt to report on chain. */
  readonly onRelease?: (receipt: ReleaseReceipt) => void | Promise<void>;
  /** Releases served before (the proxy's persisted receipts): asking again for one of them is not a new release. */
  readonly served?: readonly ReleaseReceipt[];
}

const deny = (why: string): never => {
  throw new CbssError("POLICY_DENIED", why);
};

export function createReleaseHandler(o: ReleaseHandlerOptions): (body: Uint8Array) => Promise<Uint8Array> {
  // A release is one (owner, name, version, job, runner).
  const keyOf = (r: { owner: Uint8Array; name: string; version: number; jobId: Uint8Array; runner: Uint8Array }): string =>
    `${toHex(r.owner)}/${r.name}/${r.version}/${toHex(r.jobId)}/${toHex(r.runner)}`;
  const released = new Set<string>((o.served ?? []).map(keyOf));
  const now = o.now ?? (() => Math.floor(Date.now() / 1000));
  return async (body) => {
    const signed = decodeInput(signedCodec, "request", body);
    const { request: r, hash } = openRequest(signed);
    if (r.chainId !== o.chainId) throw new CbssError("INVALID_ARGUMENT", `request for chain ${r.chainId}, this proxy serves ${o.chainId}`);
    const t = BigInt(now());
    if (r.expiresAt < t || r.expiresAt > t + BigInt(MAX_REQUEST_TTL)) deny("the request expired or lives too long");
    const committee = await o.view.committee();
    if (committee === undefined || memberIndex(committee.committee, o.address) !== o.share.index) {
      throw new CbssError("NO_COMMITTEE", "this proxy does not hold a share of the current committee");
    }
    const sv = await o.view.secret(r.owner, r.name, r.version);
    if (sv === undefined || sv.version === undefined) throw new CbssError("NO_SECRET", `no secret ${r.name} version ${r.version}`);
    // Read after the secret: these records are at a height ≥ sv.height and keep their history, so the facts below are
    // exactly the chain's at sv.height, the height the statement names and slashing judges (cips/cbss.md §11).
    const [record, runner, reservedAt] = await Promise.all([
      o.view.job(r.jobId),
      o.view.runner(r.runner),
      sv.version.policy.maxReleases === 0n ? undefined : o.view.reservation(r.owner, r.name, r.version, r.jobId, r.runner),
    ]);
    const job = record === undefined ? undefined : jobFactsAt(record, sv.height);
    const provides = runner === undefined ? undefined : providesAt(runner.providesHistory, sv.height);
    if (runner === undefined || !runner.active) deny("the runner is not an active registered runner");
    if (runner?.transportKey == null || !equalBytes(runner.transportKey, r.transportKey)) deny("the transport key is not the runner's registered one");
    const releaseKey = keyOf(r);
    const verdict = evaluatePolicy(sv.head, sv.version, {
      owner: r.owner,
      height: sv.height,
      runner: r.runner,
      ...(job === undefined ? {} : { job }),
      ...(provides === undefined ? {} : { runnerProvides: provides }),
      ...(reservedAt === undefined ? {} : { reservedAt }),
    });
    if (!verdict.ok) deny(verdict.reason);
    const identity = secretIdentity({ chainId: r.chainId, owner: r.owner, name: r.name, version: r.version });
    const statement = signStatement(
      {
        chainId: r.chainId,
        epoch: committee!.committee.epoch,
        requestHash: hash,
        owner: r.owner,
        name: r.name,
        version: r.version,
        jobId: r.jobId,
        runner: r.runner,
        height: sv.height,
        partial: encodePartial(signShare(o.share, identity)),
      },
      o.privateKey,
    );
    // One receipt per (version, job, runner): the chain refuses a proxy's second report of a release (cips/cbss.md §10),
    // and a runner that retries (some proxies were slow) asks the same proxies again.
    const fresh = !released.has(releaseKey);
    released.add(releaseKey);
    if (fresh) await o.onRelease?.({ owner: r.owner, name: r.name, version: r.version, jobId: r.jobId, runner: r.runner, height: sv.height });
    return sealTo(r.transportKey, encode(signedCodec, statement), hash);
  };
}
