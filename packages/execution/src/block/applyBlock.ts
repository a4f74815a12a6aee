// The state transition function (spec "The State Transition Function", cips/execution.md): a block
// applied to its parent's state, one call per step of the spec, in the spec's order.
import { aobject, aoptionalFunction } from "@cowboy/codec";
import type { Block, Header } from "@cowboy/types";
import { newActorBlockContext } from "../actors/context.js";
import { astate } from "../guards.js";
import type { AppliedBlock, ChainParams, InterpreterPool, StateAccess } from "../types.js";
import { verifySignaturesHere, type SignatureVerifier } from "../verify.js";
import { checkRoots } from "./checkRoots.js";
import { processAfterTransactions } from "./processAfterTransactions.js";
import { resolveChainParams } from "../governance/resolve.js";
import { processHeader } from "./processHeader.js";
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
  // 3–6. Timers, deliveries, jobs, hooks, rent, storage, rewards, epochs, governance: one list, shared with buildBlock.
  processAfterTransactions(state, env, params, tally);
  // The header commits to all of the above: checked once every write is in.
  const stateRoot = checkRoots(state, block.header, tally, params);
  return { execution: tally.execution(actors.journal), stateRoot };
}
