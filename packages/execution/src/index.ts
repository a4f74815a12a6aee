export { TxRejection, BlockError, type TxRejectionCode, type BlockErrorCode } from "./errors.js";
export { Accounts, type StateAccess, type AccountKeyFn } from "./world.js";
export {
  defaultChainParams, DEFAULT_LANE_BUDGETS, DEFAULT_CYCLES_TARGET, DEFAULT_CELLS_TARGET, LANES,
  type ChainParams, type LaneId, type EndOfBlockHook,
} from "./params.js";
export { intrinsicCosts } from "./intrinsic.js";
export { settleFees, effectiveTip, type Settlement, type MeterPrices } from "./fees.js";
export { nextBasefee, nextBlockBasefees, MIN_BASEFEE, BASEFEE_ALPHA } from "./basefee.js";
export { applyTransaction, checkIncludable, laneOf, type BlockEnv, type TxOutcome } from "./transaction.js";
export { applyBlock, executeTransactions, checkHeaderAgainstParent, laneCapacity, envOf, runEndOfBlockHooks, type AppliedBlock, type BlockExecution } from "./block.js";
export { buildBlock, type BuildOptions, type BuiltBlock } from "./builder.js";
export { applyGenesis, type GenesisConfig, type GenesisAllocation } from "./genesis.js";
export { verifyAll, verifySignaturesHere, type SignatureVerifier } from "./verify.js";
export { VerifyPool } from "./verify-pool.js";
