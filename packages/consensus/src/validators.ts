import { aint, au64, abytesIn } from "@cowboy/codec";
import { bls as defaultBls, sharePublicKey, type Bls, type BlsPreparedPublicKey } from "@cowboy/crypto";
import type { PeerId } from "@cowboy/runtime";
import { MAX_VALIDATORS } from "@cowboy/types";
import { ConsensusError } from "./errors.js";

// The epoch's validator set (cips/consensus.md, "Quorums"): ordered validators with stakes and BLS
// keys, the threshold group (Feldman commitments, share i+1 belongs to validator i), and the two
// quorum rules every certificate must meet: signers' stake > 2/3 of the total AND at least
// `threshold` signers (so the round's seed is recoverable from any certificate's votes).

export interface Validator {
  /** 20-byte account address (the header's proposer field). */
  readonly address: Uint8Array;
  /** Voting weight (> 0). */
  readonly stake: bigint;
  /** 48-byte compressed G1 key whose proof of possession was checked at registration. */
  readonly blsPublicKey: Uint8Array;
  /** The validator's network identity. */
  readonly peer: PeerId;
}

export interface ValidatorSetOptions {
  readonly chainId: bigint;
  readonly epoch: bigint;
  /** In index order (the order of the signer bitmap and of shares 1..n). */
  readonly validators: readonly Validator[];
  /** Partials needed to recover a seed (the degree of the dealing + 1). */
  readonly threshold: number;
  /** Feldman commitments of the epoch's dealing (48 bytes each); [0] is the group public key. */
  readonly commitments: readonly Uint8Array[];
  /** BLS backend (default: blst when it loads, else noble). */
  readonly bls?: Bls;
}

export interface ValidatorSet {
  readonly chainId: bigint;
  readonly epoch: bigint;
  readonly validators: readonly Validator[];
  readonly threshold: number;
  readonly groupPublicKey: Uint8Array;
  readonly totalStake: bigint;
  readonly bls: Bls;
  /** Validator keys, parsed once. */
  readonly prepared: readonly BlsPreparedPublicKey[];
  /** Share public keys (48 bytes), one per validator. */
  readonly shareKeys: readonly Uint8Array[];
  /** Index of the validator with this peer id, if any. */
  indexOf(peer: PeerId): number | undefined;
  /** True when `signers` meet both quorum rules. */
  isQuorum(signers: readonly number[]): boolean;
}

export function createValidatorSet(opts: ValidatorSetOptions): ValidatorSet {
  const chainId = au64(opts.chainId, "chainId");
  const epoch = au64(opts.epoch, "epoch");
  if (!Array.isArray(opts.validators) || opts.validators.length === 0 || opts.validators.length > MAX_VALIDATORS) {
    throw new ConsensusError("INVALID_CONFIG", `validators: expected 1..${MAX_VALIDATORS} validators`);
  }
  const n = opts.validators.length;
  const threshold = aint(opts.threshold, "threshold", 1, n);
  if (!Array.isArray(opts.commitments) || opts.commitments.length !== threshold) {
    throw new ConsensusError("INVALID_CONFIG", `commitments: expected ${threshold} (one per polynomial coefficient), got ${opts.commitments?.length}`);
  }
  const bls = opts.bls ?? defaultBls;
  const byPeer = new Map<PeerId, number>();
  let totalStake = 0n;
  opts.validators.forEach((v, i) => {
    abytesIn(v.address, `validators[${i}].address`, 20, 20);
    abytesIn(v.blsPublicKey, `validators[${i}].blsPublicKey`, 48, 48);
    if (typeof v.stake !== "bigint" || v.stake <= 0n) throw new ConsensusError("INVALID_CONFIG", `validators[${i}].stake: must be a positive bigint`);
    if (typeof v.peer !== "string" || v.peer === "" || byPeer.has(v.peer)) {
      throw new ConsensusError("INVALID_CONFIG", `validators[${i}].peer: must be a distinct non-empty peer id`);
    }
    byPeer.set(v.peer, i);
    totalStake += v.stake;
  });
  const prepared = opts.validators.map((v) => bls.preparePublicKey(v.blsPublicKey));
  const shareKeys = opts.validators.map((_, i) => sharePublicKey(opts.commitments, i + 1));
  const stakes = opts.validators.map((v) => v.stake);
  return Object.freeze({
    chainId,
    epoch,
    validators: opts.validators,
    threshold,
    groupPublicKey: opts.commitments[0] as Uint8Array,
    totalStake,
    bls,
    prepared,
    shareKeys,
    indexOf: (peer: PeerId) => byPeer.get(peer),
    isQuorum(signers: readonly number[]) {
      if (signers.length < threshold) return false;
      let stake = 0n;
      for (const i of signers) stake += stakes[i] ?? 0n;
      return stake * 3n > totalStake * 2n;
    },
  });
}
