// The JSON form of a committee DKG / reshare's state for one epoch (cips/cbss.md "DKG", §13
// `cowboy_getCbssDkg`): the open run (or, with none, the run that would open now), its dealings,
// and once finalized the qualified dealers, from which each member derives its share.
import { fromHex, toHex } from "@cowboy/codec";
import { type Dealing, type DkgKind, decodeDealing } from "@cowboy/crypto";
import type { CbssState } from "../chain/context.js";
import { getCommittee } from "../chain/context.js";
import { dkgComplaintKey, dkgDealingKey } from "./keys.js";
import { DEFAULT_CBSS_DKG_WINDOW, type DkgRun, dkgFailure, getDkgRun, plannedRun, qualifiedDealers } from "./run.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const bytes = (s: string): Uint8Array => fromHex(s.startsWith("0x") ? s.slice(2) : s);

export interface DkgRunJson {
  kind: DkgKind;
  /** Absent in a planned run (it opens with the first dealing). */
  openedAt?: string;
  closesAt?: string;
  threshold?: number;
  required: number;
  dealers: string[];
  recipients: { address: string; blsPublicKey: string }[];
}

export interface DkgStatusJson {
  epoch: string;
  window: string;
  /** The open run, or null. */
  run: DkgRunJson | null;
  /** With no run open and no committee for the epoch: who would deal to whom if a dealing arrived now (null if no active proxy). */
  planned: DkgRunJson | null;
  /** The run's dealings (or, once finalized, the qualified ones), by dealer index. */
  dealings: { dealer: number; dealing: string; disqualified: boolean }[];
  /** Set once committee `epoch` was combined from a DKG / reshare. */
  qualified: { kind: DkgKind; dealers: number[] } | null;
  /** Why the last run for the epoch failed, if it did. */
  failure: string | null;
}

function runJson(r: Omit<DkgRun, "threshold" | "openedAt"> & Partial<Pick<DkgRun, "threshold" | "openedAt">>, window: bigint): DkgRunJson {
  return {
    kind: r.kind,
    ...(r.openedAt === undefined ? {} : { openedAt: r.openedAt.toString(), closesAt: (r.openedAt + window).toString() }),
    ...(r.threshold === undefined ? {} : { threshold: r.threshold }),
    required: r.required,
    dealers: r.dealers.map(hex),
    recipients: r.recipients.map((x) => ({ address: hex(x.address), blsPublicKey: hex(x.blsPublicKey) })),
  };
}

export function dkgStatusToJson(state: CbssState, epoch: bigint, maxCommittee: number, dkgWindow: bigint | undefined): DkgStatusJson {
  const window = dkgWindow ?? DEFAULT_CBSS_DKG_WINDOW;
  const run = getDkgRun(state, epoch);
  const q = qualifiedDealers(state, epoch);
  let planned: DkgRunJson | null = null;
  if (run === undefined && getCommittee(state, epoch) === undefined) {
    try {
      planned = runJson(plannedRun(state, maxCommittee), window);
    } catch {
      planned = null;
    }
  }
  const indices = run !== undefined ? run.dealers.map((_, i) => i + 1) : q !== undefined ? q.dealers : [];
  const dealings: DkgStatusJson["dealings"] = [];
  for (const dealer of indices) {
    const b = state.get(dkgDealingKey(epoch, dealer));
    if (b !== undefined) dealings.push({ dealer, dealing: hex(b), disqualified: state.get(dkgComplaintKey(epoch, dealer)) !== undefined });
  }
  return {
    epoch: epoch.toString(),
    window: window.toString(),
    run: run === undefined ? null : runJson(run, window),
    planned,
    dealings,
    qualified: q === undefined ? null : { kind: q.kind, dealers: [...q.dealers] },
    failure: dkgFailure(state, epoch) ?? null,
  };
}

/** The dealings of a status, decoded (dealer index order). */
export function dealingsFromJson(j: DkgStatusJson): { dealer: number; dealing: Dealing; disqualified: boolean }[] {
  return j.dealings.map((d) => ({ dealer: d.dealer, dealing: decodeDealing(bytes(d.dealing)), disqualified: d.disqualified }));
}
