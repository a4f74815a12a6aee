// A dealt committee (cips/cbss.md §9): the dealer Shamir-shares the group secret with Feldman commitments
// and seals share i to member i's transport key (AAD = "cowboy/cbss/share/v1" ‖ epoch u64 BE ‖ member
// address); a member opens its share and checks it against the commitments before using it.
import { type SecretShare, dealShares, decodeShare, encodeShare, sharePublicKey } from "@cowboy/crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import type { CommitteeDealing } from "../chain/committee.js";
import { CbssError } from "../errors.js";
import { openFrom, sealTo } from "./transport.js";

const TAG = new TextEncoder().encode("cowboy/cbss/share/v1");

function shareAad(epoch: bigint, member: Uint8Array): Uint8Array {
  const out = new Uint8Array(TAG.length + 8 + 20);
  out.set(TAG);
  new DataView(out.buffer).setBigUint64(TAG.length, epoch);
  out.set(member, TAG.length + 8);
  return out;
}

export interface CommitteeMember {
  readonly address: Uint8Array;
  readonly transportKey: Uint8Array;
}

/** Deals `groupSecret` (32 bytes) t-of-n to `members` (index = position + 1), shares sealed to their transport keys. */
export function dealCommittee(groupSecret: Uint8Array, epoch: bigint, threshold: number, members: readonly CommitteeMember[], seed: Uint8Array): CommitteeDealing {
  const d = dealShares(groupSecret, threshold, members.length, seed);
  return {
    epoch,
    threshold,
    members: members.map((m) => m.address.slice()),
    commitments: d.commitments.map((c) => c.slice()),
    encryptedShares: d.shares.map((s, i) => sealTo(members[i]!.transportKey, encodeShare(s), shareAad(epoch, members[i]!.address))),
  };
}

/** Opens member `address`'s share of `committee` and checks s_i·G1 = Σ C_j·i^j (INVALID_SHARE otherwise). */
export function openDealtShare(transportSecret: Uint8Array, committee: CommitteeDealing, address: Uint8Array): SecretShare {
  const i = committee.members.findIndex((m) => m.every((b, k) => b === address[k]));
  if (i < 0) throw new CbssError("NOT_A_PROXY", "the address is not in this committee");
  const sealed = committee.encryptedShares[i];
  if (sealed === undefined) throw new CbssError("INVALID_COMMITTEE", "the committee carries no share for this member");
  const share = decodeShare(openFrom(transportSecret, sealed, shareAad(committee.epoch, address)));
  if (share.index !== i + 1) throw new CbssError("INVALID_SHARE", `the share's index ${share.index} is not the member's ${i + 1}`);
  const expected = sharePublicKey(committee.commitments, share.index);
  let sk = 0n;
  for (const b of share.secretKey) sk = (sk << 8n) | BigInt(b);
  const actual = bls12_381.G1.Point.BASE.multiply(sk).toBytes(true);
  if (!actual.every((b, k) => b === expected[k])) throw new CbssError("INVALID_SHARE", "the dealt share does not match the Feldman commitments");
  return share;
}
