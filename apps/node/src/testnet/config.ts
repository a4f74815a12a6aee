// A node's stored configuration (`DIR/node.json`): what `cowboyd --data DIR` restarts from, so one
// node of a testnet comes back with the same keys, ports and peers. Command-line flags override it.
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { NodeUsageError } from "../errors.js";

/** A peer to dial first: its loopback address and network key (its libp2p identity). */
export interface BootstrapPeer {
  readonly host: string;
  readonly port: number;
  /** Hex (no 0x) of the peer's 32-byte Ed25519 network key. */
  readonly networkKey: string;
}

export interface StoredNodeConfig {
  /** Genesis file, relative to the data directory. */
  readonly genesis: string;
  /** Validator key file, relative to the data directory; absent for a full node. */
  readonly validatorKey?: string;
  readonly rpcHost: string;
  readonly rpcPort: number;
  /** UDP port of the QUIC listener on 127.0.0.1. */
  readonly p2pPort: number;
  readonly bootstrap: readonly BootstrapPeer[];
  readonly blockTimeMs: number;
}

export const NODE_CONFIG_FILE = "node.json";

const port = z.number().int().min(0).max(65_535);
const configSchema = z.strictObject({
  genesis: z.string().min(1),
  validator_key: z.string().min(1).optional(),
  rpc_host: z.string().min(1),
  rpc_port: port,
  p2p_port: port,
  bootstrap: z.array(z.strictObject({ host: z.string().min(1), port, network_key: z.string().regex(/^[0-9a-f]{64}$/) })).max(256),
  block_time_ms: z.number().int().min(0).max(3_600_000),
});

export function writeNodeConfig(path: string, config: StoredNodeConfig): void {
  const json: z.infer<typeof configSchema> = {
    genesis: config.genesis,
    ...(config.validatorKey === undefined ? {} : { validator_key: config.validatorKey }),
    rpc_host: config.rpcHost,
    rpc_port: config.rpcPort,
    p2p_port: config.p2pPort,
    bootstrap: config.bootstrap.map((p) => ({ host: p.host, port: p.port, network_key: p.networkKey })),
    block_time_ms: config.blockTimeMs,
  };
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}

/** Reads `path`; NodeUsageError naming the file and the field when it is unreadable or malformed. */
export function readNodeConfig(path: string): StoredNodeConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new NodeUsageError(`cannot read the node configuration ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new NodeUsageError(`node configuration ${path}: ${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    genesis: c.genesis,
    ...(c.validator_key === undefined ? {} : { validatorKey: c.validator_key }),
    rpcHost: c.rpc_host,
    rpcPort: c.rpc_port,
    p2pPort: c.p2p_port,
    bootstrap: c.bootstrap.map((p) => ({ host: p.host, port: p.port, networkKey: p.network_key })),
    blockTimeMs: c.block_time_ms,
  };
}
