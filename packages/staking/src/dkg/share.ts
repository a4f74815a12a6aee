// A member's share of an epoch's key after a successful run (cips/staking.md "Reshare"): it opens its
// encrypted share in each combined dealing (kept in the state until the next boundary) and combines
// them with the chain's weights. The result's public key is sharePublicKey(record.commitments, index).
import { equalBytes } from "@cowboy/codec";
import { type SecretShare, combineCommitments, combineShare, openShare } from "@cowboy/crypto";
import { StakingError } from "../errors.js";
import { GroupKeyOutcome, epochGroupKey } from "../groupKey.js";
import type { StakingState } from "../store.js";
import { runDealerCount, standingDealings } from "./boundary.js";
import { committeeThreshold } from "./config.js";
import { groupKeyInForce } from "./records.js";
import { reshareContext } from "./run.js";

/** Member `index` (1-based place in the epoch record's members) derives its share of `epoch`'s key. */
export function openEpochShare(state: StakingState, chainId: bigint, epoch: bigint, index: number, blsSecretKey: Uint8Array): SecretShare {
  const record = epochGroupKey(state, epoch);
  if (record === undefined || record.outcome !== GroupKeyOutcome.Ok || record.dealings === 0n) {
    throw new StakingError("INVALID_ARGUMENT", `epoch ${epoch}: no key produced by a reshare or DKG`);
  }
  const previous = epoch === 0n ? undefined : groupKeyInForce(state, epoch - 1n);
  const dealers = runDealerCount(state, epoch);
  const standing = standingDealings(state, epoch, dealers);
  const combined = combineCommitments({
    kind: previous === undefined ? "fresh" : "reshare",
    dealings: standing,
    required: previous === undefined ? committeeThreshold(dealers) : Number(previous.threshold),
  });
  if (!combined.commitments.every((c, k) => equalBytes(c, record.commitments[k] as Uint8Array))) {
    throw new StakingError("CORRUPT_STATE", `epoch ${epoch}: the stored dealings do not combine to the recorded key (pruned?)`);
  }
  const context = reshareContext(chainId, epoch);
  const byDealer = new Map<number, bigint>();
  for (const d of standing.filter((x) => combined.dealers.includes(x.dealer))) {
    const opened = openShare({ dealing: d, context, recipient: index, secretKey: blsSecretKey });
    if (!opened.ok) throw new StakingError("INVALID_COMPLAINT", `dealer ${d.dealer}'s share for member ${index} does not verify (it should have been complained about)`);
    byDealer.set(d.dealer, opened.share);
  }
  return combineShare(combined, index, byDealer);
}
