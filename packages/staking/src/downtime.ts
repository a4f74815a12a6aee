// Downtime (spec §6 "Slashing": more than 50% of votes missed over a 1,000-block window, counted from the
// signer bitmaps of the certificates: jail, no slash; cips/staking.md "Downtime"). Every block carries its
// parent's certificate; each member of the set that certificate was cast by and absent from its bitmap
// missed one vote. Windows are fixed: window k covers heights [k·W, (k+1)·W). At the window's last block a
// validator that missed more than W · downtimeMissedBps / 10⁴ votes is jailed, and every count restarts.
import { CodecError, atMost, compareBytes, decode, encode, fixedBytes, struct, uint, vec } from "@cowboy/codec";
import { blockCertificateCodec, signerIndices, type BlockCertificate } from "@cowboy/types";
import { MAX_SET_SIZE } from "./epochSet.js";
import { StakingError } from "./errors.js";
import { consensusSetFor } from "./handover.js";
import { downtimeKey } from "./keys.js";
import { jail, type StakingContext } from "./lifecycle.js";
import { getValidator, type StakingState } from "./store.js";
import { ValidatorStatus } from "./validator.js";

export interface MissedVotes {
  readonly address: Uint8Array;
  readonly missed: bigint;
}

const downtimeCodec = vec(struct({ address: fixedBytes(20), missed: uint }), atMost(MAX_SET_SIZE));

/** Missed votes of every validator that missed any in the current window, ascending by address. */
export function missedVotesAll(state: StakingState): readonly MissedVotes[] {
  const bytes = state.get(downtimeKey());
  if (bytes === undefined) return [];
  try {
    return decode(downtimeCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `downtime record: ${error.message}`);
    throw error;
  }
}

/** Votes `address` missed in the current window. */
export function missedVotes(state: StakingState, address: Uint8Array): bigint {
  return missedVotesAll(state).find((m) => compareBytes(m.address, address) === 0)?.missed ?? 0n;
}

function writeMissed(state: StakingState, list: readonly MissedVotes[]): void {
  if (list.length === 0) state.delete(downtimeKey());
  else state.set(downtimeKey(), encode(downtimeCodec, list));
}

/** The certificate a header carries, or undefined when it has none or it does not decode (nothing is counted). */
function certificateOf(bytes: Uint8Array): BlockCertificate | undefined {
  if (bytes.length === 0) return undefined;
  try {
    return decode(blockCertificateCodec, bytes);
  } catch {
    return undefined;
  }
}

export interface DowntimeReport {
  /** Members absent from the block's certificate. */
  readonly missed: readonly Uint8Array[];
  /** Validators jailed at this block (the window's last). */
  readonly jailed: readonly Uint8Array[];
}

/**
 * The downtime step of block `ctx.height` carrying `certificate` (its header's, the parent's certificate):
 * counts the set's absent signers, and at a window's last block jails those above the limit and restarts the
 * counts. A certificate whose epoch has no consensus set in the state, or whose bitmap does not match its
 * size, counts nothing (consensus refuses such a block before it is executed).
 */
export function recordDowntime(ctx: StakingContext, certificate: Uint8Array): DowntimeReport {
  const cert = certificateOf(certificate);
  const missed: Uint8Array[] = [];
  if (cert !== undefined) {
    const set = consensusSetFor(ctx.state, ctx.config, cert.value.proposal.round.epoch);
    if (set !== undefined && cert.value.signers.size === set.members.length) {
      const signed = new Set(signerIndices(cert.value.signers));
      set.members.forEach((m, i) => {
        if (!signed.has(i)) missed.push(m.address);
      });
    }
  }
  let list = [...missedVotesAll(ctx.state)];
  for (const address of missed) {
    const at = list.findIndex((m) => compareBytes(m.address, address) >= 0);
    if (at >= 0 && compareBytes(list[at]!.address, address) === 0) list[at] = { address: list[at]!.address, missed: list[at]!.missed + 1n };
    else if (at < 0) list.push({ address: address.slice(), missed: 1n });
    else list.splice(at, 0, { address: address.slice(), missed: 1n });
  }
  const jailed: Uint8Array[] = [];
  const window = ctx.config.downtimeWindow;
  let changed = missed.length > 0;
  if ((ctx.height + 1n) % window === 0n && list.length > 0) {
    changed = true;
    const limit = window * ctx.config.downtimeMissedBps;
    for (const m of list) {
      if (m.missed * 10_000n <= limit) continue;
      const record = getValidator(ctx.state, m.address);
      if (record === undefined || record.status === ValidatorStatus.Jailed) continue;
      jail(ctx, m.address);
      jailed.push(m.address);
    }
    list = [];
  }
  if (changed) writeMissed(ctx.state, list);
  return { missed, jailed };
}
