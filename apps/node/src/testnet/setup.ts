// `cowboy testnet` lays out N validators on loopback (issue 17, "What a user runs"): node i lives in
// DIR/node-i with its own genesis copy, key file and node.json (JSON-RPC on 127.0.0.1:P+i, QUIC on
// UDP 127.0.0.1:P+i), so `cowboyd --data DIR/node-i` restarts exactly that node.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { devnetGenesis, DEV_VALIDATOR_STAKE, genesisToJson, type ChainGenesis } from "../chain/genesis.js";
import { devnetStaking, LOCAL_VALIDATOR_ALLOWANCE, withStaking } from "../chain/staking-genesis.js";
import { NodeUsageError } from "../errors.js";
import { generateValidatorSet, writeValidatorKeyFile } from "../validator/keys.js";
import { NODE_CONFIG_FILE, writeNodeConfig, type BootstrapPeer } from "./config.js";

export const TESTNET_FILE = "testnet.json";
export const MAX_TESTNET_VALIDATORS = 32;

export interface TestnetOptions {
  readonly dir: string;
  readonly validators: number;
  /** Node i serves JSON-RPC on TCP rpcPort+i and QUIC on UDP rpcPort+i. */
  readonly rpcPort: number;
  readonly blockTimeMs: number;
  /** 32+ random bytes every key of this testnet derives from. */
  readonly entropy: Uint8Array;
  /** Genesis time (ms since the epoch). */
  readonly timestampMs: bigint;
  /** Run with staking and epochs of this many blocks (devnetStaking); absent: no staking. */
  readonly stakingEpoch?: bigint;
  /** With staking: the downtime window in blocks (default DEVNET_DOWNTIME_EPOCHS epochs). */
  readonly downtimeWindow?: bigint;
}

/** What DIR/testnet.json records, and what the launcher prints. */
export interface TestnetLayout {
  readonly dir: string;
  readonly validators: number;
  readonly rpcPort: number;
  readonly blockTimeMs: number;
  readonly chainId: bigint;
  readonly addresses: readonly string[];
}

export const nodeDir = (dir: string, i: number): string => join(dir, `node-${i}`);

/** Writes a fresh testnet into `options.dir` (which must not hold one). */
export function createTestnet(options: TestnetOptions): TestnetLayout {
  const { dir, validators: n, rpcPort } = options;
  if (!Number.isInteger(n) || n < 1 || n > MAX_TESTNET_VALIDATORS) throw new NodeUsageError(`--validators must be an integer in [1, ${MAX_TESTNET_VALIDATORS}], got ${n}`);
  if (rpcPort + n - 1 > 65_535 || rpcPort < 1) throw new NodeUsageError(`--rpc-port ${rpcPort} leaves no room for ${n} nodes (ports P..P+${n - 1})`);
  const { genesis: consensus, keys } = generateValidatorSet(n, options.entropy, DEV_VALIDATOR_STAKE);
  const dev = devnetGenesis();
  const plain: ChainGenesis = { ...dev, consensus, config: { ...dev.config, timestampMs: options.timestampMs } };
  const genesis: ChainGenesis =
    options.stakingEpoch === undefined ? plain : withStaking(plain, devnetStaking(options.stakingEpoch, options.downtimeWindow), LOCAL_VALIDATOR_ALLOWANCE);
  const genesisText = `${JSON.stringify(genesisToJson(genesis), null, 2)}\n`;
  const peers: BootstrapPeer[] = keys.map((k, i) => ({ host: "127.0.0.1", port: rpcPort + i, networkKey: toHex(k.networkKey) }));
  mkdirSync(dir, { recursive: true });
  keys.forEach((k, i) => {
    const home = nodeDir(dir, i);
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "genesis.json"), genesisText);
    writeValidatorKeyFile(join(home, "validator-key.json"), k);
    writeNodeConfig(join(home, NODE_CONFIG_FILE), {
      genesis: "genesis.json",
      validatorKey: "validator-key.json",
      rpcHost: "127.0.0.1",
      rpcPort: rpcPort + i,
      p2pPort: rpcPort + i,
      bootstrap: peers.filter((_, j) => j !== i),
      blockTimeMs: options.blockTimeMs,
    });
  });
  const layout: TestnetLayout = { dir, validators: n, rpcPort, blockTimeMs: options.blockTimeMs, chainId: genesis.chainId, addresses: keys.map((k) => `0x${toHex(k.address)}`) };
  writeFileSync(
    join(dir, TESTNET_FILE),
    `${JSON.stringify({ validators: n, rpc_port: rpcPort, block_time_ms: options.blockTimeMs, chain_id: genesis.chainId.toString(), addresses: layout.addresses }, null, 2)}\n`,
  );
  return layout;
}

/** The testnet already in `dir`, or undefined when there is none. */
export function readTestnet(dir: string): TestnetLayout | undefined {
  const file = join(dir, TESTNET_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const j = JSON.parse(readFileSync(file, "utf8")) as { validators: number; rpc_port: number; block_time_ms: number; chain_id: string; addresses: string[] };
    return { dir, validators: j.validators, rpcPort: j.rpc_port, blockTimeMs: j.block_time_ms, chainId: BigInt(j.chain_id), addresses: j.addresses };
  } catch (error) {
    throw new NodeUsageError(`${file} is unreadable (${(error as Error).message}); pass --reset to start a new testnet`);
  }
}

/** Removes a testnet directory (only one that looks like a testnet, or is empty/absent). */
export function resetTestnet(dir: string): void {
  // A non-empty directory that is not ours: refuse rather than delete someone's files.
  const ours = existsSync(join(dir, TESTNET_FILE)) || existsSync(join(dir, "node-0"));
  if (!ours && existsSync(dir) && readdirSync(dir).length > 0) throw new NodeUsageError(`${dir} exists and is not a testnet directory; choose another --data`);
  rmSync(dir, { recursive: true, force: true });
}
