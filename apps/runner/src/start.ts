// `startRunner`: the runner process composed (cips/runner-process.md): a key, the lmdb job store under
// the data directory, the RPC chain client, the executors the operator configured, registration if needed, the loop.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { type RpcRunnerChain, createRpcRunnerChain } from "./chain/rpc-chain.js";
import { type Entitlement, EntitlementGate } from "./entitlements.js";
import { type ExecutorConfig, servableKinds } from "./execute.js";
import type { LlmBackend } from "./llm/backend.js";
import { Runner } from "./runner.js";
import type { SecretSource } from "./secrets.js";
import { JobStore } from "./state/job-store.js";

export interface RunnerStartOptions {
  /** The runner's secp256k1 key (32 bytes); its address is the runner's identity. */
  readonly privateKey: Uint8Array;
  /** Node RPC URL (e.g. http://127.0.0.1:8545). */
  readonly rpc: string;
  /** Where the job store lives (created if missing). */
  readonly dataDir: string;
  /** Stake for registration, base units (spec §5.2: ≥ max(10,000 CBY, 1.5 × maxJobValue)). */
  readonly stake: bigint;
  /** Declared max job value, base units (default stake × 2 / 3, the most the stake allows). */
  readonly maxJobValue?: bigint;
  /** Entitlements provided. */
  readonly provides: readonly Entitlement[];
  /** Admit loopback HTTP targets. */
  readonly devnet?: boolean;
  /** The runner's advertised endpoint (informational; default empty). */
  readonly endpoint?: string;
  /** X25519/secp256k1 transport key for CBSS (default: keccak256 of the address, until CBSS defines it). */
  readonly transportKey?: Uint8Array;
  readonly llm?: LlmBackend;
  readonly images?: Readonly<Record<string, string>>;
  readonly secrets?: SecretSource;
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
}

export interface RunningRunner {
  readonly address: Uint8Array;
  readonly runner: Runner;
  readonly store: JobStore;
  readonly chain: RpcRunnerChain;
  readonly registered: "registered" | "already";
  stop(): Promise<void>;
}

export async function startRunner(options: RunnerStartOptions): Promise<RunningRunner> {
  const address = addressFromPrivateKey(options.privateKey);
  mkdirSync(options.dataDir, { recursive: true });
  const store = JobStore.open(join(options.dataDir, "jobs"));
  const chain = createRpcRunnerChain({ url: options.rpc, privateKey: options.privateKey });
  const executors: ExecutorConfig = {
    gate: new EntitlementGate(options.provides),
    devnet: options.devnet === true,
    ...(options.llm === undefined ? {} : { llm: options.llm }),
    ...(options.images === undefined ? {} : { images: options.images }),
    ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
  };
  const runner = new Runner({
    chain,
    address,
    store,
    executors,
    registration: {
      stake: options.stake,
      maxJobValue: options.maxJobValue ?? (options.stake * 2n) / 3n,
      provides: [...options.provides],
      jobKinds: servableKinds(executors),
      models: options.llm === undefined ? [] : [options.llm.model.toLowerCase()],
      endpoint: options.endpoint ?? "",
      transportKey: options.transportKey ?? keccak256(address),
    },
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  let registered: "registered" | "already";
  try {
    registered = await runner.ensureRegistered();
  } catch (error) {
    await store.close();
    throw error;
  }
  runner.start();
  options.log?.(
    `runner 0x${toHex(address)} ${registered === "already" ? "already registered" : "registered"}; provides ${options.provides.join(",") || "nothing"}; serving ${servableKinds(executors).join(",")}`,
  );
  return {
    address,
    runner,
    store,
    chain,
    registered,
    async stop() {
      await runner.stop();
      await options.llm?.close();
      await store.close();
    },
  };
}
