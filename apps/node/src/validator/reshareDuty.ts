// A validator's part in the reshare (cips/staking.md "Reshare"): after each committed block, a holder
// of the key in force whose next block falls in the window and that has not dealt yet builds its
// dealing for the next epoch's set. Pure: the caller signs and submits the instruction it returns.
import { createDealing, encodeDealing, type SecretShare } from "@cowboy/crypto";
import { dealingKey, epochOf, reshareContext, reshareRun, windowStart, type StakingConfig, type StakingState } from "@cowboy/staking";
import { compareBytes } from "@cowboy/codec";
import type { Instruction } from "@cowboy/types";

export interface ReshareDutyOptions {
  /** The committed state (after block `height`). */
  readonly state: StakingState;
  readonly staking: StakingConfig;
  readonly chainId: bigint;
  /** Height of the block just committed; the dealing would ride the next one. */
  readonly height: bigint;
  /** This validator's address. */
  readonly address: Uint8Array;
  /** Its share of the key in force (index = its place among the key's members). */
  readonly share: SecretShare;
  /** At least 32 fresh random bytes (the dealing's polynomial and ephemeral key derive from them and the share). */
  readonly seed: Uint8Array;
}

/** The staking_submit_dealing this validator owes now, or undefined (not in the window, not a dealer, or already dealt). */
export function reshareDuty(o: ReshareDutyOptions): Instruction | undefined {
  const next = o.height + 1n;
  const epoch = epochOf(o.staking, next) + 1n;
  if (next < windowStart(o.staking, epoch - 1n)) return undefined;
  const run = reshareRun(o.state, o.staking, epoch);
  if (run === undefined || run.kind !== "reshare") return undefined;
  const dealer = run.dealers.findIndex((a) => compareBytes(a, o.address) === 0) + 1;
  if (dealer === 0 || dealer !== o.share.index) return undefined;
  if (o.state.get(dealingKey(epoch, dealer)) !== undefined) return undefined;
  const dealing = createDealing({
    context: reshareContext(o.chainId, epoch),
    dealer,
    secret: o.share.secretKey,
    threshold: run.threshold,
    recipients: run.recipients.map((r) => r.blsPublicKey),
    seed: o.seed,
  });
  return { type: "staking_submit_dealing", epoch, dealing: encodeDealing(dealing) };
}
