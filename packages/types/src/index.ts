// @cowboy/types: Cowboy's consensus types. This half holds addresses, instructions and
// transactions: their canonical codecs (cips/transactions.md), hashes, signing and JSON forms.

export {
  ADDRESS_LENGTH,
  HASH_LENGTH,
  SIGNATURE_LENGTH,
  MAX_TX_SIZE,
  MAX_ADDITIONAL_SIGNERS,
  MAX_METHOD_LENGTH,
} from "./transaction/constants.js";
export { TransactionError, type TransactionErrorCode } from "./transaction/errors.js";
export {
  INSTRUCTIONS,
  InstructionCategory,
  instructionCodec,
  instructionSpec,
  type Instruction,
  type InstructionOf,
  type InstructionType,
  type TransferInstruction,
  type ScheduleTimerInstruction,
  type ScheduleIntervalInstruction,
  type CancelTimerInstruction,
  type DeployActorInstruction,
  type DeployActorWithManifestInstruction,
  type CallActorInstruction,
  type EthRegisterOracleInstruction,
  type EthUnregisterOracleInstruction,
  type EthReportEventInstruction,
  type EthWithdrawOracleInstruction,
  type EthSlashOracleInstruction,
  type EthRegisterAssetInstruction,
  type EthBridgeBurnInstruction,
  type RegisterValidatorInstruction,
  type AddStakeInstruction,
  type ExitValidatorInstruction,
  type WithdrawStakeInstruction,
  type UnjailValidatorInstruction,
  type ClaimVestedInstruction,
  type StakingSubmitDealingInstruction,
  type StakingSubmitComplaintInstruction,
  type ReportDoubleVoteInstruction,
  type ReportInvalidProposalInstruction,
  type SetNetworkKeyInstruction,
  type RunnerMarketInstruction,
  type RentSponsorInstruction,
  type RentRestoreInstruction,
  type RentRestoreChunkInstruction,
  type TokenInstruction,
  type GovProposeInstruction,
  type GovVoteInstruction,
  type GovDepositInstruction,
  type GovCouncilInstruction,
} from "./transaction/instruction.js";
export { transactionDataCodec, TRANSACTION_FIELDS, type TransactionData, type AdditionalSigner } from "./transaction/codec.js";
export {
  Transaction,
  createTransaction,
  createTransactionFromBytes,
  isTransaction,
  verifyTransactionSignatures,
  signersStrictlyAscending,
  type TransactionInput,
} from "./transaction/transaction.js";
export {
  checkTransaction,
  DEFAULT_TRANSACTION_LIMITS,
  type TransactionLimits,
  type CheckTransactionOptions,
} from "./transaction/check.js";
export { canonicalizeSource, isCanonicalSource, codeHash, actorAddress } from "./transaction/actor-address.js";
export {
  transactionToJson,
  transactionFromJson,
  instructionToJson,
  instructionFromJson,
  transactionJsonSchema,
  instructionJsonSchema,
  type TransactionJson,
  type InstructionJson,
} from "./transaction/json.js";
export { isAddress, isHash32, isSignature, isInstruction } from "./transaction/guards.js";

// Accounts, blocks, headers and receipts (cips/execution.md).
export * from "./block/index.js";

// Actor-facing rules every tool shares: method names, storage slots, CBY units, timer tiers.
export * from "./actor/index.js";

// Consensus rounds, proposals, votes, certificates and seeds (cips/consensus.md).
export * from "./consensus/index.js";

// The system-actor address table (spec §9).
export { RESERVED_SYSTEM_ADDRESS_LIMIT, SYSTEM_ACTORS, systemAddress, isSystemAddress, type SystemActorName } from "./system/addresses.js";
