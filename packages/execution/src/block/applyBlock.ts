// The state transition function (spec "The State Transition Function", cips/execution.md): a block
// applied to its parent's state, one call per step of the spec, in the spec's order.
import { aobject, aoptionalFunction } from "@cowboy/codec";
import type { Block, Header } from "@cowboy/types";
import { newActorBlockContext } from "../actors/context.js";
import { astate } from "../guards.js";
import type { AppliedBlock, ChainParams, InterpreterPool, StateAccess } from "../types.js";
import { verifySignaturesHere, type SignatureVerifier } from "../verify.js";
import { checkRoots } from "./checkRoots.js";
import { processDeliveries } from "./processDeliveries.js";
import { processEndOfBlockHooks } from "./processEndOfBlockHooks.js";
import { processEpochBoundary } from "./processEpochBoundary.js";
import { processReshare } from "./processReshare.js";
import { processRent } from "./processRent.js";
import { processCbfsPor } from "./processCbfsPor.js";
import { processCbfsPorSchedule } from "./processCbfsPorSchedule.js";
import { processCbfsRentPayout } from "./processCbfsRentPayout.js";
import { processGovernance } from "./processGovernance.js";
import { resolveChainParams } from "../governance/resolve.js";
import { processRewards } from "./processRewards.js";
import { processDowntime } from "./processDowntime.js";
import { processHeader } from "./processHeader.js";
import { processJobs } from "./processJobs.js";
import { processTimers } from "./processTimers.js";
import { processTransactions } from "./processTransactions.js";
import { BlockTally } from "./tally.js";
import { verifyTransactions } from "./verifyTransactions.js";

export interface ApplyBlockOptions {
  /** A fork of the parent's post-state. Written in place; on a BlockError the caller drops it. */
  readonly state: StateAccess;
  /** The header of the block this one extends (already applied). */
  readonly parent: Header;
  /** The block to apply. */
  readonly block: Block;
  /** The chain's parameters (fee market, limits, cost table, scheduler, hooks, hashes). */
  readonly params: ChainParams;
  /**
   * Verifies the signatures of the block's transactions, returning the failures as [index, reason].
   * Default: on this thread (`verifySignaturesHere`); a node passes one backed by a VerifyPool.
   */
  readonly verifier?: SignatureVerifier;
  /** The interpreter copies actors run on (a node's ActorEngine). Default: this package's interpreter. */
  readonly interpreters?: InterpreterPool;
}

/**
 * Checks `block` against `parent`, executes it on `state` and checks the header's usage and roots
 * against what execution produced. Throws BlockError on any mismatch, naming the transaction
 * (`meta.txIndex`) where there is one; the caller then drops the fork, so nothing is written.
 */
export function applyBlock(options: ApplyBlockOptions): AppliedBlock {
  aobject(options, "applyBlock: options");
  const { state, parent, block } = options;
  astate(state, "applyBlock: state");
  aobject(parent, "applyBlock: parent");
  aobject(block, "applyBlock: block");
  // The parameters in force: the node's, overlaid with the registry groups of the parent state (cips/governance.md).
  const params = resolveChainParams(state, aobject(options.params, "applyBlock: params"));
  const verifier = aoptionalFunction(options.verifier, "applyBlock: verifier") ?? verifySignaturesHere;
  const actors = newActorBlockContext(options.interpreters === undefined ? {} : { interpreters: options.interpreters });

  // 1. Header/proposer; the header's basefees are step 5's adjustment of the parent's, checked here.
  const env = processHeader(block.header, parent, params, actors);
  // 2. Transactions: stateless rules and signatures of all of them first (one batch), then each in order.
  verifyTransactions(block, params, verifier);
  const tally = new BlockTally(params.feeMarket);
  processTransactions(state, block.transactions, env, params, tally);
  // 3. Timers, after the transactions: fires see their writes and take the timer lane's room.
  processTimers(state, env, params, tally);
  // Deliveries after the fires, so messages a fire delivered are deduplicated too.
  processDeliveries(state, env, params);
  // 4. Jobs: after the block's transactions and timers (their commits and reveals count), before the hooks and rewards.
  processJobs(state, env, params, tally);
  // 4 and 6. Jobs and rewards (registered hooks), last: rewards count the block's fees.
  processEndOfBlockHooks(state, env, params);
  // State rent: the cursor assesses a bounded number of actors (cips/rent.md), before the rewards.
  processRent(state, env, params);
  processCbfsPor(state, env, params);
  processCbfsPorSchedule(state, env, params);
  processCbfsRentPayout(state, env, params);
  // Rewards after the hooks (every fee of the block is counted), by the set governing this block;
  // the epoch boundary last, so the next set's snapshot sees every stake change of this block.
  processDowntime(state, env, params);
  processRewards(state, env, params, tally.burned);
  processEpochBoundary(state, env, params);
  // The reshare's outcome for the new epoch, after its set is fixed (it checks the frozen recipients against it).
  processReshare(state, env, params);
  // Governance last: tallies and activations at this height; a registry write governs from the next block.
  processGovernance(state, env, params);
  // The header commits to all of the above: checked once every write is in.
  const stateRoot = checkRoots(state, block.header, tally, params);
  return { execution: tally.execution(actors.journal), stateRoot };
}
