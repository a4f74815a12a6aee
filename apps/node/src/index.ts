export * from "./rpc/index.js";
export { nodeMethods, type NodeContext } from "./rpc/methods/index.js";
export { startNode, type NodeOptions, type RunningNode } from "./node.js";
export { parseNodeArgs, runNode, stopSignal, NODE_USAGE, NodeUsageError, type NodeCliOptions } from "./run.js";
export { NodeStartError, lockDataDir, checkPortFree, LOCK_FILE, type NodeStartErrorCode } from "./startup.js";
export { simulateTransaction, type Simulation, type SimulationLimits } from "./query/simulate.js";
export { Mempool, type AccountView, type MempoolOptions, type BlockOutcome } from "./mempool/mempool.js";
export { MempoolError, type MempoolErrorCode } from "./mempool/errors.js";
export { DropLog, type DropCode, type Dropped, type DropReason } from "./mempool/drops.js";
export { FileJournal, readJournal, type TxJournal, type JournalContents } from "./mempool/journal.js";
export { Chain, type ProducedBlock } from "./chain/chain.js";
export { UpgradeRequiredError, UPGRADE_WARNING_BLOCKS, checkUpgrade, upgradeWarning } from "./chain/upgrade.js";
export { BlockStore, type TxLocation } from "./chain/block-store.js";
export { devAccounts, devnetGenesis, parseGenesisFile, devAccountsToJson, DEVNET_CHAIN_ID, type DevAccount, type ChainGenesis } from "./chain/genesis.js";
export { createLogger, LOG_LEVELS, type Logger, type LogLevel } from "./logger.js";
export { launchTestnet, cowboydCommand, type LaunchOptions, type RunningTestnet } from "./testnet/launcher.js";
export { createTestnet, readTestnet, nodeDir, type TestnetLayout, type TestnetOptions } from "./testnet/setup.js";
export { readNodeConfig, writeNodeConfig, NODE_CONFIG_FILE, type StoredNodeConfig, type BootstrapPeer } from "./testnet/config.js";
export {
  generateValidatorSet,
  readValidatorKeyFile,
  writeValidatorKeyFile,
  validatorIndex,
  seedThreshold,
  ValidatorKeyError,
  type ValidatorKeys,
  type ConsensusGenesis,
  type GenesisValidator,
} from "./validator/keys.js";
export { genesisToJson, devValidatorSet } from "./chain/genesis.js";
export { NodeMetrics } from "./metrics.js";
export { ReadOnlyPool, QueryError, type QueryErrorCode, type ReadOnlyPoolOptions } from "./query/pool.js";
export { runCall, type ReadOnlyEnv, type ReadOnlyWork } from "./query/read-only.js";
export type { LogEntry } from "./index-store/observations.js";
export { devnetStaking, withStaking, stakingFromJson, stakingToJson, stakingFileSchema, type StakingFileJson } from "./chain/staking-genesis.js";
