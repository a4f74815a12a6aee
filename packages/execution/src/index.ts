// @cowboy/execution: the state transition function (cips/execution.md). See README.md.
export type {
  StateAccess,
  AccountKeyFn,
  ChainParams,
  EndOfBlockHook,
  Basefees,
  BlockEnv,
  Interpreter,
  InterpreterPool,
  ActorBlockContext,
  ActorOutcome,
  PyException,
  TxOutcome,
  TimerUsage,
  BlockExecution,
  AppliedBlock,
} from "./types.js";
export {
  TxRejection,
  TX_REJECTIONS,
  isPermanentRejection,
  BlockError,
  TimerInstructionError,
  TxExhausted,
  ExecutionError,
  type TxRejectionCode,
  type BlockErrorCode,
  type TimerInstructionErrorCode,
  type ExecutionErrorCode,
} from "./errors.js";
export { Accounts } from "./world.js";
export { defaultChainParams } from "./params.js";
export { intrinsicCosts } from "@cowboy/metering";
export { applyGenesis, type GenesisConfig, type GenesisAllocation } from "./genesis.js";
// Transactions: the admission predicate, application, lanes.
export { checkIncludable, type IncludableOptions } from "./transaction/checkIncludable.js";
export { applyTransaction } from "./transaction/applyTransaction.js";
export { laneOf, laneBasefeesOf, maxFeeOf, valueMoved } from "./transaction/lanes.js";
// Blocks: applyBlock and each of its steps, in the spec's order.
export { applyBlock, type ApplyBlockOptions } from "./block/applyBlock.js";
export { processHeader, checkHeaderAgainstParent, nextBlockBasefees, envOf, beaconOf } from "./block/processHeader.js";
export { verifyTransactions } from "./block/verifyTransactions.js";
export { processTransactions } from "./block/processTransactions.js";
export { processTimers, GAS_BID_QUERY_CYCLES, NO_TIMER_USAGE } from "./block/processTimers.js";
export { processDeliveries } from "./block/processDeliveries.js";
export { processJobs, continuationPayload } from "./block/processJobs.js";
export { processEndOfBlockHooks } from "./block/processEndOfBlockHooks.js";
export { checkRoots } from "./block/checkRoots.js";
export { processGovernance } from "./block/processGovernance.js";
// Governance: the registry's groups and the parameters in force at a state.
export { PARAM_GROUPS, paramGroup, type ParamGroup } from "./governance/paramGroups.js";
export { resolveChainParams, writeRegistryGenesis, checkParamChanges } from "./governance/resolve.js";
export { governanceHost } from "./governance/host.js";
export { evaluateSecurityFloorAt, rewardStakingConfig } from "./governance/securityFloor.js";
export { BlockTally, type Misfit } from "./block/tally.js";
export { buildBlock, type BuildBlockOptions, type BuiltBlock } from "./builder/buildBlock.js";
export { vrfOrderKeepingNonces } from "./builder/vrfOrder.js";
// Signatures.
export { verifyAll, verifySignaturesHere, type SignatureVerifier } from "./verify.js";
export { VerifyPool } from "./verify-pool.js";
// Actors.
export { queryActor, type QueryRequest, type QueryResult } from "./actors/query.js";
export { DEFAULT_ACTOR_LIMITS, isSystemAddress, type ActorLimits } from "./actors/limits.js";
export { newActorBlockContext, singleInterpreter, type ActorContextOptions } from "./actors/context.js";
export { exceptionLine, errorLine, MAX_ERROR_BYTES } from "./actors/exceptions.js";
export { ActorEngine, type EngineOptions, type LoadEngineOptions, type EngineOfOptions, type PvmModule } from "./actors/engine.js";
export { messageId } from "./actors/message.js";
export {
  BlockJournal,
  parseTraceback,
  MAX_TRACE_OUTPUT,
  type DebugTrace,
  type TraceError,
  type TraceFrame,
  type FireRecord,
  type TimerEnd,
  type TimerEndReason,
  type TxTrace,
} from "./actors/journal.js";
export { closestName } from "@cowboy/pvm";
export { actorInterface, type ActorInterface, type InterfaceMethod, type InterfaceParam } from "./actors/interface.js";
export { perFireCharge, armingRefusal } from "./actors/timers.js";
export { transferTransaction, type TransferRequest } from "./transfer.js";
export { listenerStore, EVENT_LISTENER_ADDRESS as EVENT_LISTENER } from "./interop/listener.js";
