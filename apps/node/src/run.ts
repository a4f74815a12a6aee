import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { toHex } from "@cowboy/codec";
import { NodeUsageError } from "./errors.js";
import { NODE_CONFIG_FILE, readNodeConfig, type BootstrapPeer } from "./testnet/config.js";
import { readValidatorKeyFile, validatorIndex, ValidatorKeyError, type ValidatorKeys } from "./validator/keys.js";
import { formatCby } from "@cowboy/types";
import type { RunnerMarketConfig } from "@cowboy/runner-market";
import { devnetGenesis, GenesisFileError, parseGenesisFile, type ChainGenesis } from "./chain/genesis.js";
import { devnetMarketFromFlags } from "./chain/devnet-market.js";
import { devnetStaking, LOCAL_VALIDATOR_ALLOWANCE, withStaking } from "./chain/staking-genesis.js";
import { createLogger, LOG_LEVELS, type LogLevel } from "./logger.js";
import { startNode, type RunningNode } from "./node.js";
import { checkPortFree, LOCK_FILE, lockDataDir } from "./startup.js";

export const NODE_USAGE = `cowboyd — the Cowboy node (a single-node devnet by default)

Usage: cowboyd [options]

Options:
  --data DIR          data directory (default .cowboy/devnet); a DIR/node.json written by
                      \`cowboy testnet\` supplies the defaults below (genesis, keys, ports, peers)
  --rpc-port PORT     JSON-RPC port on 127.0.0.1 (default 8545; 0 picks a free one)
  --rpc-host HOST     interface to bind (default 127.0.0.1)
  --block-time MS     milliseconds between blocks (default 1000)
  --genesis FILE      genesis file (default: the built-in devnet genesis)
  --validator-key F   vote as this validator (a key file; without one, a non-voting full node
                      unless the genesis is the built-in devnet's, whose key is built in)
  --p2p-port PORT     QUIC (UDP) port on 127.0.0.1 for peers (default: no networking)
  --bootstrap PEER    host:port:networkkey of a peer to dial first (repeatable)
  --staking-epoch N   run the built-in devnet with staking (cips/staking.md) and epochs of N
                      blocks (unbonding 2N, jail N, downtime window 10N); a genesis file
                      enables staking with its own \`staking\` object instead
  --tee-enclave M:K   built-in devnet: list an enclave (measurement:attestation key, 64 hex
                      digits each) for deterministic jobs (repeatable; cips/runner-market.md)
  --container-image R built-in devnet: allowlist an image pinned by digest in the Container
                      Registry 0x11, small class (repeatable)
  --reset             delete the data directory first
  --double-sign       TEST ONLY: once, also sign a conflicting finalize vote (the equivocation
                      the other validators report as evidence; cips/staking.md "Evidence")
  --invalid-proposal  TEST ONLY: while its validator record is active, propose only blocks whose
                      header round is wrong (the others refuse and report them; cips/staking.md
                      "Invalid proposals")
  --interpreters N    copies of the Python interpreter: hot actors get their own (1-64,
                      default 8; each ~5 MB, see @cowboy/execution "Interpreter copies")
  --log-level LEVEL   error | warn | info | debug (default info)
  --log-format FMT    text | json (default text)
  -h, --help          this help
`;

export { NodeUsageError };

export interface NodeCliOptions {
  dataDir: string;
  /** The validator this node votes as; undefined: a full node (or the devnet's built-in validator). */
  validatorKey: ValidatorKeys | undefined;
  /** QUIC port on 127.0.0.1; undefined: no networking (a single-validator chain). */
  p2pPort: number | undefined;
  bootstrap: BootstrapPeer[];
  rpcPort: number;
  rpcHost: string;
  blockTimeMs: number;
  genesis: ChainGenesis;
  reset: boolean;
  interpreters: number;
  /** Test only: equivocate once (`--double-sign`). */
  doubleSign: boolean;
  /** Test only: propose only invalid blocks (`--invalid-proposal`). */
  invalidProposal: boolean;
  logLevel: LogLevel;
  logFormat: "text" | "json";
  /** The devnet's runner market when --tee-enclave or --container-image shape it. */
  runnerMarket?: RunnerMarketConfig;
}

function integer(value: string, option: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw new NodeUsageError(`${option} must be an integer in [${min}, ${max}], got '${value}'`);
  return Number(value);
}

/** Parses cowboyd's command line (strict: unknown options are errors). Undefined means --help. */
export function parseNodeArgs(argv: readonly string[], cwd: string): NodeCliOptions | undefined {
  // biome-ignore lint/suspicious/noImplicitAnyLet: the type is parseArgs' inference from the options literal below
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: "string" },
        "rpc-port": { type: "string" },
        "rpc-host": { type: "string" },
        "block-time": { type: "string" },
        genesis: { type: "string" },
        "validator-key": { type: "string" },
        "p2p-port": { type: "string" },
        bootstrap: { type: "string", multiple: true },
        reset: { type: "boolean" },
        "staking-epoch": { type: "string" },
        interpreters: { type: "string" },
        "double-sign": { type: "boolean" },
        "invalid-proposal": { type: "boolean" },
        "tee-enclave": { type: "string", multiple: true },
        "container-image": { type: "string", multiple: true },
        "log-level": { type: "string" },
        "log-format": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new NodeUsageError((error as Error).message.split("\n")[0]!);
  }
  const v = parsed.values;
  if (v.help) return undefined;
  const logLevel = (v["log-level"] ?? "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new NodeUsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}, got '${logLevel}'`);
  const logFormat = v["log-format"] ?? "text";
  if (logFormat !== "text" && logFormat !== "json") throw new NodeUsageError(`--log-format must be text or json, got '${logFormat}'`);
  const dataDir = resolve(cwd, v.data ?? ".cowboy/devnet");
  const storedPath = join(dataDir, NODE_CONFIG_FILE);
  const stored = existsSync(storedPath) ? readNodeConfig(storedPath) : undefined;
  // Paths in the stored configuration are relative to the data directory; on the command line, to cwd.
  const genesisPath = v.genesis !== undefined ? resolve(cwd, v.genesis) : stored !== undefined ? resolve(dataDir, stored.genesis) : undefined;
  const keyPath = v["validator-key"] !== undefined ? resolve(cwd, v["validator-key"]) : stored?.validatorKey !== undefined ? resolve(dataDir, stored.validatorKey) : undefined;
  let genesis = devnetGenesis();
  if (genesisPath !== undefined) {
    let text: string;
    try {
      text = readFileSync(genesisPath, "utf8");
    } catch (error) {
      throw new NodeUsageError(`cannot read the genesis file ${genesisPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    try {
      genesis = parseGenesisFile(text);
    } catch (error) {
      if (error instanceof GenesisFileError) throw new NodeUsageError(error.message);
      throw error;
    }
  }
  if (v["staking-epoch"] !== undefined) {
    if (genesisPath !== undefined) throw new NodeUsageError("--staking-epoch applies to the built-in devnet only; a genesis file enables staking with its own `staking` object");
    genesis = withStaking(genesis, devnetStaking(BigInt(integer(v["staking-epoch"], "--staking-epoch", 1, 1_000_000))), LOCAL_VALIDATOR_ALLOWANCE);
  }
  let validatorKey: ValidatorKeys | undefined;
  if (keyPath !== undefined) {
    try {
      validatorKey = readValidatorKeyFile(keyPath);
      // On a chain with staking a validator may join after genesis (its key file's share is then unused: its
      // shares come from reshares); a genesis validator's keys must match the genesis file.
      const address = validatorKey.address;
      const inGenesis = genesis.consensus.validators.some((g) => g.address.every((b, i) => b === address[i]));
      if (genesis.staking === undefined || inGenesis) validatorIndex(genesis.consensus, validatorKey);
    } catch (error) {
      if (error instanceof ValidatorKeyError) throw new NodeUsageError(error.message);
      throw error;
    }
  }
  const runnerMarket = devnetMarketFromFlags(v["tee-enclave"] ?? [], v["container-image"] ?? []);
  if (runnerMarket !== undefined && !genesis.devnet) throw new NodeUsageError("--tee-enclave and --container-image apply to a devnet only");
  const p2p = v["p2p-port"] !== undefined ? integer(v["p2p-port"], "--p2p-port", 0, 65535) : stored?.p2pPort;
  const bootstrap = v.bootstrap !== undefined ? v.bootstrap.map(parseBootstrap) : [...(stored?.bootstrap ?? [])];
  return {
    dataDir,
    validatorKey,
    p2pPort: p2p,
    bootstrap,
    rpcPort: v["rpc-port"] !== undefined ? integer(v["rpc-port"], "--rpc-port", 0, 65535) : (stored?.rpcPort ?? 8545),
    rpcHost: v["rpc-host"] ?? stored?.rpcHost ?? "127.0.0.1",
    blockTimeMs: v["block-time"] !== undefined ? integer(v["block-time"], "--block-time", 0, 3_600_000) : (stored?.blockTimeMs ?? 1000),
    genesis,
    reset: v.reset ?? false,
    interpreters: integer(v.interpreters ?? "8", "--interpreters", 1, 64),
    doubleSign: v["double-sign"] ?? false,
    invalidProposal: v["invalid-proposal"] ?? false,
    logLevel,
    logFormat,
    ...(runnerMarket === undefined ? {} : { runnerMarket }),
  };
}

/** `host:port:key` (key: 64 hex digits of the peer's Ed25519 network key). */
function parseBootstrap(text: string): BootstrapPeer {
  const match = /^([^:\s]+):([0-9]{1,5}):(?:0x)?([0-9a-f]{64})$/.exec(text);
  if (match === null || Number(match[2]) > 65535) throw new NodeUsageError(`--bootstrap expects host:port:networkkey (64 lowercase hex digits), got '${text}'`);
  return { host: match[1]!, port: Number(match[2]), networkKey: match[3]! };
}

/**
 * Starts the node from parsed options, printing the dev accounts on a devnet. It first takes the
 * data directory's lock (startup.ts: a second node on it refuses, naming the holder's pid; a stale
 * lock is taken over) and checks the RPC port is free, so either mistake ends in one line
 * (NodeStartError) before anything is opened. `close()` releases the lock.
 */
export async function runNode(options: NodeCliOptions, out: (text: string) => void, err: (text: string) => void): Promise<RunningNode> {
  const logger = createLogger({ level: options.logLevel, format: options.logFormat, write: err });
  const release = lockDataDir(options.dataDir);
  let node: RunningNode;
  try {
    // --reset empties the directory but keeps our lock in it.
    if (options.reset) for (const name of readdirSync(options.dataDir)) if (name !== LOCK_FILE) rmSync(join(options.dataDir, name), { recursive: true, force: true });
    await checkPortFree(options.rpcHost, options.rpcPort);
    node = await startNodeFrom(options, logger);
  } catch (error) {
    release();
    throw error;
  }
  if (node.devAccounts.length > 0) {
    const lines = ["", "Dev accounts (devnet only: these keys are public):", ""];
    node.devAccounts.forEach((a, i) => {
      lines.push(`  (${i}) 0x${toHex(a.address)}  ${formatCby(a.balance)} CBY`);
      lines.push(`      key 0x${toHex(a.privateKey)}`);
    });
    lines.push("", `JSON-RPC: ${node.rpcUrl}   chain id: ${options.genesis.chainId}`, "");
    out(`${lines.join("\n")}\n`);
  }
  logger.info("ready", { url: node.rpcUrl });
  const close = node.close;
  return {
    ...node,
    async close() {
      await close();
      release();
    },
  };
}

function startNodeFrom(options: NodeCliOptions, logger: ReturnType<typeof createLogger>): Promise<RunningNode> {
  return startNode({
    dataDir: options.dataDir,
    genesis: options.genesis,
    blockTimeMs: options.blockTimeMs,
    rpcHost: options.rpcHost,
    rpcPort: options.rpcPort,
    reset: false,
    interpreters: options.interpreters,
    logger,
    ...(options.doubleSign ? { testDoubleSign: true } : {}),
    ...(options.invalidProposal ? { testInvalidProposal: true } : {}),
    ...(options.runnerMarket === undefined ? {} : { runnerMarket: options.runnerMarket }),
    ...(options.validatorKey === undefined ? {} : { validatorKey: options.validatorKey }),
    ...(options.p2pPort === undefined ? {} : { p2pPort: options.p2pPort }),
    bootstrap: options.bootstrap,
  });
}

/**
 * Resolves on the first SIGINT or SIGTERM and keeps handling later ones, so a second signal (Ctrl-C
 * reaches a whole process group: a testnet's launcher and its nodes) cannot cut a clean shutdown short.
 */
export function stopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (): void => {
      if (stopping) return;
      stopping = true;
      resolve();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
