import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CowboyError, toHex } from "@cowboy/codec";
import { formatCby } from "@cowboy/types";
import { devnetGenesis, GenesisFileError, parseGenesisFile, type ChainGenesis } from "./chain/genesis.js";
import { createLogger, LOG_LEVELS, type LogLevel } from "./logger.js";
import { startNode, type RunningNode } from "./node.js";

export const NODE_USAGE = `cowboyd — the Cowboy node (a single-node devnet by default)

Usage: cowboyd [options]

Options:
  --data DIR          data directory (default .cowboy/devnet)
  --rpc-port PORT     JSON-RPC port on 127.0.0.1 (default 8545; 0 picks a free one)
  --rpc-host HOST     interface to bind (default 127.0.0.1)
  --block-time MS     milliseconds between blocks (default 1000)
  --genesis FILE      genesis file (default: the built-in devnet genesis)
  --reset             delete the data directory first
  --interpreters N    copies of the Python interpreter: hot actors get their own (1-64,
                      default 8; each ~5 MB, see @cowboy/execution "Interpreter copies")
  --log-level LEVEL   error | warn | info | debug (default info)
  --log-format FMT    text | json (default text)
  -h, --help          this help
`;

/** A wrong command line or configuration for cowboyd; the message says which option and why. */
export class NodeUsageError extends CowboyError<"NODE_USAGE"> {
  override readonly name = "NodeUsageError";
  constructor(message: string) {
    super("NODE_USAGE", message);
  }
}

export interface NodeCliOptions {
  dataDir: string;
  rpcPort: number;
  rpcHost: string;
  blockTimeMs: number;
  genesis: ChainGenesis;
  reset: boolean;
  interpreters: number;
  logLevel: LogLevel;
  logFormat: "text" | "json";
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
        reset: { type: "boolean" },
        interpreters: { type: "string" },
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
  let genesis = devnetGenesis();
  if (v.genesis !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(cwd, v.genesis), "utf8");
    } catch (error) {
      throw new NodeUsageError(`cannot read the genesis file ${v.genesis}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    try {
      genesis = parseGenesisFile(text);
    } catch (error) {
      if (error instanceof GenesisFileError) throw new NodeUsageError(error.message);
      throw error;
    }
  }
  return {
    dataDir: resolve(cwd, v.data ?? ".cowboy/devnet"),
    rpcPort: integer(v["rpc-port"] ?? "8545", "--rpc-port", 0, 65535),
    rpcHost: v["rpc-host"] ?? "127.0.0.1",
    blockTimeMs: integer(v["block-time"] ?? "1000", "--block-time", 0, 3_600_000),
    genesis,
    reset: v.reset ?? false,
    interpreters: integer(v.interpreters ?? "8", "--interpreters", 1, 64),
    logLevel,
    logFormat,
  };
}

/** Starts the node from parsed options, printing the dev accounts on a devnet. */
export async function runNode(options: NodeCliOptions, out: (text: string) => void, err: (text: string) => void): Promise<RunningNode> {
  const logger = createLogger({ level: options.logLevel, format: options.logFormat, write: err });
  const node = await startNode({
    dataDir: options.dataDir,
    genesis: options.genesis,
    blockTimeMs: options.blockTimeMs,
    rpcHost: options.rpcHost,
    rpcPort: options.rpcPort,
    reset: options.reset,
    interpreters: options.interpreters,
    logger,
  });
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
  return node;
}
