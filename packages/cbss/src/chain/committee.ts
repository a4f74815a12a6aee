// The committee's group key per epoch (cips/cbss.md §9 "Committee and rotation"): a dealing publishes the
// members, the threshold, Feldman commitments and each member's share sealed to its transport key. On
// devnets the configured dealer deals; a later dealing (reshare) must keep the group key, so no stored
// secret needs re-encrypting when the committee changes.
import { type Codec, atMost, bytes, encode, equalBytes, fixedBytes, range, struct, u16, uint, vec } from "@cowboy/codec";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { CbssError } from "../errors.js";
import { type CbssContext, currentCommittee, currentEpoch, getProxy } from "./context.js";
import { committeeKey, currentEpochKey } from "./keys.js";
import { type Committee, ProxyStatus, committeeCodec } from "./records.js";

export type CommitteeDealing = Omit<Committee, "publishedAt">;

/** The body of cbss_publish_committee. */
export const dealingCodec: Codec<CommitteeDealing> = struct({
  epoch: uint,
  threshold: u16,
  members: vec(fixedBytes(20), range(1, 1024)),
  commitments: vec(fixedBytes(48), range(1, 1024)),
  encryptedShares: vec(bytes(atMost(256)), atMost(1024)),
}) as unknown as Codec<CommitteeDealing>;

function bad(why: string): never {
  throw new CbssError("INVALID_COMMITTEE", why);
}

export function publishCommittee(ctx: CbssContext, d: CommitteeDealing): Committee {
  const dealer = ctx.config.dealer;
  if (dealer === null || !equalBytes(dealer, ctx.sender)) throw new CbssError("NOT_DEALER", "only the configured dealer publishes a dealt committee");
  const prev = currentEpoch(ctx.state);
  if (prev !== undefined && d.epoch <= prev) bad(`epoch ${d.epoch} is not after the current epoch ${prev}`);
  const n = d.members.length;
  if (n > ctx.config.maxCommittee) bad(`${n} members exceed max_committee ${ctx.config.maxCommittee}`);
  if (d.threshold < 1 || d.threshold > n) bad(`threshold ${d.threshold} is not in [1, ${n}]`);
  if (d.commitments.length !== d.threshold) bad(`expected ${d.threshold} commitments, got ${d.commitments.length}`);
  if (d.encryptedShares.length !== n) bad(`expected ${n} encrypted shares, got ${d.encryptedShares.length}`);
  d.members.forEach((m, i) => {
    if (d.members.findIndex((x) => equalBytes(x, m)) !== i) bad(`member ${i + 1} appears twice`);
    const p = getProxy(ctx.state, m);
    if (p === undefined || p.status !== ProxyStatus.Active) bad(`member ${i + 1} is not an active proxy`);
  });
  d.commitments.forEach((c, j) => {
    try {
      const p = bls12_381.G1.Point.fromBytes(c);
      p.assertValidity();
      if (j === 0 && p.is0()) throw new Error("zero group key");
    } catch {
      bad(`commitment ${j} is not a valid G1 point`);
    }
  });
  const old = currentCommittee(ctx.state);
  if (old !== undefined && !equalBytes(old.commitments[0] as Uint8Array, d.commitments[0] as Uint8Array)) {
    bad("a reshare must keep the group key (commitment 0): stored secrets are encrypted to it");
  }
  const committee: Committee = { ...d, publishedAt: ctx.height };
  ctx.state.set(committeeKey(d.epoch), encode(committeeCodec, committee));
  const e = new Uint8Array(8);
  new DataView(e.buffer).setBigUint64(0, d.epoch);
  ctx.state.set(currentEpochKey(), e);
  return committee;
}
