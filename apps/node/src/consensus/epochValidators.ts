// The consensus set of an epoch as the node's engine needs it (issue 21, spec §6 "Validator Set";
// cips/staking.md "Group keys and the consensus hand-over" and "The consensus switch"): the staking
// hand-over rule (`consensusSetFor`) turned into the options of @cowboy/consensus `createValidatorSet`,
// the heights an epoch's engine may finalize, and the set a node restarting mid-epoch must run.
import { CowboyError, toHex } from "@cowboy/codec";
import type { ValidatorSetOptions } from "@cowboy/consensus";
import { consensusSetFor, epochOf, validatorNetworkKey, type ConsensusSet, type StakingConfig, type StakingState } from "@cowboy/staking";
import type { ConsensusGenesis } from "../validator/keys.js";

export class EpochValidatorsError extends CowboyError<"UNKNOWN_VALIDATOR_PEER"> {}

/** Resolves a validator's network identity (hex of its 32-byte network key) from its account address. */
export type PeerOf = (address: Uint8Array) => string | undefined;

export interface EpochValidators {
  /** The hand-over's answer: which epoch's set and key are in force, and why. */
  readonly set: ConsensusSet;
  /** Ready for `createValidatorSet` / `createConsensus` (validators in share order). */
  readonly options: ValidatorSetOptions;
  /** The first and last block heights of the epoch: its engine finalizes exactly these. */
  readonly firstHeight: bigint;
  readonly lastHeight: bigint;
}

/** The first and last heights of `epoch` (epoch e holds heights e·L … (e+1)·L − 1). */
export function epochHeights(config: StakingConfig, epoch: bigint): { readonly firstHeight: bigint; readonly lastHeight: bigint } {
  return { firstHeight: epoch * config.epochLength, lastHeight: (epoch + 1n) * config.epochLength - 1n };
}

/** The network identities the genesis file names (the only ones known before validators publish theirs). */
export function genesisPeers(consensus: ConsensusGenesis): PeerOf {
  const peers = new Map(consensus.validators.map((v) => [toHex(v.address), toHex(v.networkKey)]));
  return (address) => peers.get(toHex(address));
}

/**
 * Network identities from the genesis file first, then the keys validators published on chain (`set_network_key`,
 * cips/staking.md "Network keys"); a published key that a genesis validator already uses is ignored (it would make two
 * members one peer).
 */
export function chainPeers(consensus: ConsensusGenesis, state: StakingState): PeerOf {
  const genesis = genesisPeers(consensus);
  const taken = new Set(consensus.validators.map((v) => toHex(v.networkKey)));
  return (address) => {
    const known = genesis(address);
    if (known !== undefined) return known;
    const published = validatorNetworkKey(state, address);
    if (published === undefined || taken.has(toHex(published))) return undefined;
    return toHex(published);
  };
}

/**
 * The set consensus runs `epoch` with, read from `state` (the state committed by block e·L − 1, or any later
 * state of the chain: the records it reads are not rewritten during the epoch). Undefined when no retained
 * epoch has an ok key (the node keeps the set it runs). Throws UNKNOWN_VALIDATOR_PEER for a member whose
 * network identity `peerOf` does not know: the engine could neither send to nor accept votes from it.
 */
export function epochValidators(state: StakingState, config: StakingConfig, chainId: bigint, epoch: bigint, peerOf: PeerOf): EpochValidators | undefined {
  const set = consensusSetFor(state, config, epoch);
  if (set === undefined) return undefined;
  const validators = set.members.map((m) => {
    const peer = peerOf(m.address);
    if (peer === undefined) {
      throw new EpochValidatorsError("UNKNOWN_VALIDATOR_PEER", `epoch ${epoch}: no network identity is known for validator 0x${toHex(m.address)}`);
    }
    return { address: m.address, stake: m.stake, blsPublicKey: m.blsPublicKey, peer };
  });
  const options: ValidatorSetOptions = { chainId, epoch, validators, threshold: Number(set.key.threshold), commitments: set.key.commitments };
  return { set, options, ...epochHeights(config, epoch) };
}

/**
 * What a node (re)starting with `committedHeight` finalized runs: the epoch of the next block and its set.
 * A node that stops mid-epoch therefore resumes with that epoch's set, not genesis's.
 */
export function resumeValidators(state: StakingState, config: StakingConfig, chainId: bigint, committedHeight: bigint, peerOf: PeerOf): EpochValidators | undefined {
  return epochValidators(state, config, chainId, epochOf(config, committedHeight + 1n), peerOf);
}
