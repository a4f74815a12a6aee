// A committee DKG / reshare run (cips/cbss.md "DKG"): who deals (the current committee, or every
// active proxy before any committee exists), to whom (the active proxies, ascending, at most
// maxCommittee), with which threshold (fixed by the first dealing, an honest majority at least).
import { type Codec, CodecError, atMost, concatBytes, decode, encode, fixedBytes, range, struct, u8, u16, u64, uint, utf8, vec } from "@cowboy/codec";
import type { DkgKind } from "@cowboy/crypto";
import { type CbssState, currentCommittee, getProxy, proxyAddresses } from "../chain/context.js";
import { ProxyStatus } from "../chain/records.js";
import { CbssError } from "../errors.js";
import { dkgFailureKey, dkgQualifiedKey, dkgRunKey } from "./keys.js";

/** Blocks a run stays open for dealings and complaints after its first dealing, unless the config says otherwise. */
export const DEFAULT_CBSS_DKG_WINDOW = 300n;

const CONTEXT_TAG = new TextEncoder().encode("cowboy/cbss/dkg/v1");

/** The bytes every pad and complaint of the run for committee `epoch` is bound to. */
export function committeeDkgContext(chainId: bigint, epoch: bigint): Uint8Array {
  return concatBytes(CONTEXT_TAG, encode(u64, chainId), encode(u64, epoch));
}

export interface DkgRecipient {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
}

export interface DkgRun {
  readonly kind: DkgKind;
  readonly openedAt: bigint;
  /** The new committee's threshold (the first dealing's). */
  readonly threshold: number;
  /** Qualified dealings needed: the current threshold (reshare) or a majority of the dealers (fresh). */
  readonly required: number;
  /** Dealer i is at position i − 1. */
  readonly dealers: readonly Uint8Array[];
  /** Recipient j (the new member with share index j) is at position j − 1. */
  readonly recipients: readonly DkgRecipient[];
}

const runCodec = struct({
  kind: u8,
  openedAt: uint,
  threshold: u16,
  required: u16,
  dealers: vec(fixedBytes(20), range(1, 1_024)),
  recipients: vec(struct({ address: fixedBytes(20), blsPublicKey: fixedBytes(48) }), range(1, 1_024)),
});
const qualifiedCodec = struct({ kind: u8, dealers: vec(u16, range(1, 1_024)) });
const failureCodec = utf8(atMost(256));

/** The least threshold a committee of n may have: more than half (fewer colluding proxies never hold the key). */
export function minimumCommitteeThreshold(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** The run of the committee for `epoch` that would open now (without a threshold yet). */
export function plannedRun(state: CbssState, maxCommittee: number): Omit<DkgRun, "threshold" | "openedAt"> {
  const recipients: DkgRecipient[] = [];
  for (const address of proxyAddresses(state)) {
    const p = getProxy(state, address);
    if (p !== undefined && p.status === ProxyStatus.Active && recipients.length < maxCommittee) recipients.push({ address: address.slice(), blsPublicKey: p.blsPublicKey.slice() });
  }
  if (recipients.length === 0) throw new CbssError("NO_COMMITTEE", "no active proxy to receive shares");
  const current = currentCommittee(state);
  if (current !== undefined) return { kind: "reshare", required: current.threshold, dealers: current.members, recipients };
  return { kind: "fresh", required: minimumCommitteeThreshold(recipients.length), dealers: recipients.map((r) => r.address), recipients };
}

function decoded<T>(codec: Codec<T>, bytes: Uint8Array, what: string): T {
  try {
    return decode(codec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new CbssError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

export function getDkgRun(state: CbssState, epoch: bigint): DkgRun | undefined {
  const b = state.get(dkgRunKey(epoch));
  if (b === undefined) return undefined;
  const r = decoded(runCodec, b, "dkg run");
  return { ...r, kind: r.kind === 0 ? "reshare" : "fresh" };
}

export function putDkgRun(state: CbssState, epoch: bigint, run: DkgRun): void {
  state.set(dkgRunKey(epoch), encode(runCodec, { ...run, kind: run.kind === "reshare" ? 0 : 1, dealers: [...run.dealers], recipients: [...run.recipients] }));
}

/** How committee `epoch` was combined (kind, dealer indices ascending), if it came from a DKG / reshare. */
export function qualifiedDealers(state: CbssState, epoch: bigint): { kind: DkgKind; dealers: number[] } | undefined {
  const b = state.get(dkgQualifiedKey(epoch));
  if (b === undefined) return undefined;
  const q = decoded(qualifiedCodec, b, "qualified dealers");
  return { kind: q.kind === 0 ? "reshare" : "fresh", dealers: [...q.dealers] };
}

export function putQualifiedDealers(state: CbssState, epoch: bigint, kind: DkgKind, dealers: readonly number[]): void {
  state.set(dkgQualifiedKey(epoch), encode(qualifiedCodec, { kind: kind === "reshare" ? 0 : 1, dealers: [...dealers] }));
}

/** Why the last run for committee `epoch` failed, if it did. */
export function dkgFailure(state: CbssState, epoch: bigint): string | undefined {
  const b = state.get(dkgFailureKey(epoch));
  return b === undefined ? undefined : decoded(failureCodec, b, "dkg failure");
}

export function putDkgFailure(state: CbssState, epoch: bigint, reason: string): void {
  state.set(dkgFailureKey(epoch), encode(failureCodec, reason.slice(0, 256)));
}
