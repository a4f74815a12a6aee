// The node's epoch schedule for @cowboy/consensus `createEpochConsensus` (cips/staking.md "The consensus
// switch"): on a chain with staking, epoch e's engine runs `epochValidators(e)` (the hand-over's set and key,
// read from the committed state) up to the epoch's last height, voting with the validator's share of that
// key; without staking, the genesis set runs one epoch forever.
import { equalBytes, toHex } from "@cowboy/codec";
import type { EpochPlan, EpochSchedule, SelfKeys, ValidatorSetOptions } from "@cowboy/consensus";
import { epochOf, type StakingConfig, type StakingState } from "@cowboy/staking";
import type { Logger } from "../logger.js";
import { validatorIndex, type ConsensusGenesis, type ValidatorKeys } from "../validator/keys.js";
import type { ShareStore } from "../validator/shareStore.js";
import { chainPeers, epochHeights, epochValidators, type PeerOf } from "./epochValidators.js";

export interface NodeEpochScheduleOptions {
  readonly chainId: bigint;
  readonly genesis: ConsensusGenesis;
  /** The chain's staking rules; undefined: one epoch, the genesis set. */
  readonly staking: StakingConfig | undefined;
  /** The committed state (read when an epoch is planned). */
  readonly state: () => StakingState;
  /** This node's validator keys; undefined: a full node. */
  readonly keys: ValidatorKeys | undefined;
  /** Its shares of the epoch keys (with staking). */
  readonly shares: ShareStore | undefined;
  /** Network identities of validators (default: the genesis file's, then those published on chain). */
  readonly peerOf?: PeerOf;
  readonly logger: Logger;
}

/** Prefix of the peer id given to a member without a known network key (no node has it: the member is offline). */
export const UNREACHABLE_PEER = "unreachable:";

/** The genesis set as consensus options, labelled `epoch`. */
export function genesisSetOptions(chainId: bigint, c: ConsensusGenesis, epoch: bigint): ValidatorSetOptions {
  return {
    chainId,
    epoch,
    validators: c.validators.map((v) => ({ address: v.address, stake: v.stake, blsPublicKey: v.blsPublicKey, peer: toHex(v.networkKey) })),
    threshold: c.threshold,
    commitments: c.commitments,
  };
}

export function nodeEpochSchedule(o: NodeEpochScheduleOptions): EpochSchedule {
  const staking = o.staking;
  if (staking === undefined) {
    const self: SelfKeys | undefined = o.keys === undefined ? undefined : { index: validatorIndex(o.genesis, o.keys), blsSecretKey: o.keys.blsSecretKey, share: o.keys.share };
    return { epochOf: () => 0n, plan: () => ({ set: genesisSetOptions(o.chainId, o.genesis, 0n), ...(self === undefined ? {} : { self }) }) };
  }
  let previous: ValidatorSetOptions | undefined;
  return {
    epochOf: (height) => epochOf(staking, height),
    lastHeightOf: (epoch) => epochHeights(staking, epoch).lastHeight,
    plan(epoch): EpochPlan {
      const state = o.state();
      const known = o.peerOf ?? chainPeers(o.genesis, state);
      // A member whose network key is unknown cannot be reached, but halting the chain for it would be worse: it
      // gets a peer id no node has (it counts as offline), and the others' quorum carries the epoch.
      const peerOf: PeerOf = (address) => {
        const peer = known(address);
        if (peer !== undefined) return peer;
        o.logger.warn("a member of the epoch's set has no known network key: it counts as offline", { epoch, address: toHex(address) });
        return `${UNREACHABLE_PEER}${toHex(address)}`;
      };
      const found = epochValidators(state, staking, o.chainId, epoch, peerOf);
      // No retained epoch has an ok key: the set in use continues (the genesis set before any).
      const set = found?.options ?? { ...(previous ?? genesisSetOptions(o.chainId, o.genesis, epoch)), epoch };
      previous = set;
      const plan = { set, lastHeight: epochHeights(staking, epoch).lastHeight };
      const keys = o.keys;
      if (keys === undefined) return plan;
      const index = set.validators.findIndex((v) => equalBytes(v.address, keys.address));
      if (index < 0) return plan;
      const share = found === undefined ? (index + 1 === keys.share.index ? keys.share : undefined) : o.shares?.shareFor(found.set.key, keys.address);
      if (share === undefined || share.index !== index + 1) {
        o.logger.warn("no share of the epoch's key: following it without voting", { epoch, index });
        return plan;
      }
      return { ...plan, self: { index, blsSecretKey: keys.blsSecretKey, share } };
    },
  };
}
