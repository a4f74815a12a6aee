// What governance asks of the chain it governs (cips/governance.md "Electorate", "Parameter checks"): execution
// implements it from staking's epoch sets and its table of parameter groups, so this package imports neither.
import type { GovernanceConfig, Tier } from "./config.js";
import type { ProposalEvent } from "./events.js";
import type { Json } from "./json.js";
import type { GovernanceAccounts, GovernanceState } from "./store.js";

/** The two chambers at one height: staked CBY per voter, and one vote per validator. */
export interface Electorate {
  readonly totalStake: bigint;
  readonly totalValidators: bigint;
  stakeOf(address: Uint8Array): bigint;
  isValidator(address: Uint8Array): boolean;
}

export interface GovernanceHost {
  readonly state: GovernanceState;
  readonly accounts: GovernanceAccounts;
  readonly config: GovernanceConfig;
  /** The block being executed. */
  readonly height: bigint;
  /** The electorate of `height`'s snapshot (a proposal's submission height). */
  electorate(height: bigint): Electorate;
  /**
   * Checks `changes` against the chain's parameters as they are now (each applied on the previous) and
   * returns the highest tier among their keys; throws GovernanceError (UNKNOWN_PARAM, INVALID_ARGUMENT,
   * INFLATION_GUARDRAIL) for the first change that may not be made.
   */
  checkParams(changes: readonly { readonly key: string; readonly value: Json }[]): Tier;
  /** Called once a proposal's parameter changes are written (e.g. to note an inflation change). */
  paramsApplied?(changes: readonly { readonly key: string; readonly value: Json }[]): void;
  /** Receives each proposal transition as it happens (execution turns them into chain events). */
  emit?(event: ProposalEvent): void;
}
