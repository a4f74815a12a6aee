// `startRunner`: the runner process composed (cips/runner-process.md): a key, the lmdb job store and the CBSS transport
// key under the data directory, the RPC chain client, the executors the operator configured (with a CBSS SecretSource
// when the runner provides secret.read), registration (or an update of a stale registration) if needed, the loop.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { createCbssSecretSource } from "./cbss-source.js";
import { createCbfsVolumeSource } from "./volumes.js";
import { type RpcRunnerChain, createRpcRunnerChain } from "./chain/rpc-chain.js";
import { type Entitlement, EntitlementGate } from "./entitlements.js";
import { type ExecutorConfig, servableKinds } from "./execute.js";
import type { LlmBackend } from "./llm/backend.js";
import type { TeeKey } from "./reveal-output.js";
import { Runner, type RunnerFault } from "./runner.js";
import type { SecretSource } from "./secrets.js";
import { JobStore } from "./state/job-store.js";
import { loadOrCreateTransportKey } from "./transport-key.js";

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
  /** Price per execution by job kind, base units (the rate card registered; cips/runner-market.md "Pricing"). */
  readonly rateCard?: Readonly<Record<string, bigint>>;
  /** Entitlements provided. */
  readonly provides: readonly Entitlement[];
  /** Admit loopback HTTP targets. */
  readonly devnet?: boolean;
  /** The runner's advertised endpoint (informational; default empty). */
  readonly endpoint?: string;
  readonly llm?: LlmBackend;
  readonly images?: Readonly<Record<string, string>>;
  /**
   * Where secrets come from. Default when `provides` includes secret.read: the CBSS proxies (cips/cbss.md §8), asked
   * with this runner's account key and its transport key (generated in `dataDir/transport.key`, registered on chain).
   */
  readonly secrets?: SecretSource;
  /** CBSS proxy endpoints by committee position (default: the 0x04 committee's registered endpoints). */
  readonly proxies?: readonly string[];
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
  /** Test-only misbehaviour (cips/runner-process.md "Test faults"). */
  readonly fault?: RunnerFault;
  /** The enclave key that signs deterministic jobs' attestations (cips/runner-process.md "TEE attestations"). */
  readonly tee?: TeeKey;
}

export interface RunningRunner {
  readonly address: Uint8Array;
  readonly runner: Runner;
  readonly store: JobStore;
  readonly chain: RpcRunnerChain;
  readonly registered: "registered" | "already" | "updated";
  /** The X25519 public key registered for CBSS answers. */
  readonly transportPublicKey: Uint8Array;
  stop(): Promise<void>;
}

export async function startRunner(options: RunnerStartOptions): Promise<RunningRunner> {
  const address = addressFromPrivateKey(options.privateKey);
  mkdirSync(options.dataDir, { recursive: true });
  const transport = loadOrCreateTransportKey(options.dataDir, options.privateKey);
  const store = JobStore.open(join(options.dataDir, "jobs"));
  const chain = createRpcRunnerChain({ url: options.rpc, privateKey: options.privateKey });
  let secrets = options.secrets;
  if (secrets === undefined && options.provides.includes("secret.read")) {
    let chainId: bigint;
    try {
      chainId = BigInt(await chain.client.request<string>("cowboy_chainId", []));
    } catch (error) {
      await store.close();
      throw error;
    }
    secrets = createCbssSecretSource({
      request: (method, params) => chain.client.request(method, params ?? []),
      chainId,
      accountKey: options.privateKey,
      transportSecret: transport.secretKey,
      ...(options.proxies === undefined ? {} : { proxies: options.proxies }),
    });
  }
  const executors: ExecutorConfig = {
    gate: new EntitlementGate(options.provides),
    devnet: options.devnet === true,
    ...(options.llm === undefined ? {} : { llm: options.llm }),
    ...(options.images === undefined ? {} : { images: options.images }),
    ...(secrets === undefined ? {} : { secrets }),
    ...(options.provides.includes("fs.mount")
      ? {
          volumes: createCbfsVolumeSource({
            request: (method, params) => chain.client.request(method, params ?? []),
            accountKey: options.privateKey,
            onMount: (root, via, reason) => options.log?.(`volume 0x${toHex(root)} mounted ${via === "fuse" ? "through FUSE" : `in memory (${reason})`}`),
            ...(secrets === undefined ? {} : { secrets }),
          }),
        }
      : {}),
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
      transportKey: transport.publicKey,
      ...(options.rateCard === undefined ? {} : { rateCard: options.rateCard }),
    },
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.fault === undefined ? {} : { fault: options.fault }),
    ...(options.tee === undefined ? {} : { tee: options.tee }),
  });
  let registered: "registered" | "already" | "updated";
  try {
    registered = await runner.ensureRegistered();
  } catch (error) {
    await store.close();
    throw error;
  }
  runner.start();
  options.log?.(
    `runner 0x${toHex(address)} ${registered === "already" ? "already registered" : registered}; provides ${options.provides.join(",") || "nothing"}; serving ${servableKinds(executors).join(",")}${options.fault === undefined ? "" : `; TEST FAULT ${options.fault}`}${options.tee === undefined ? "" : `; TEE measurement 0x${toHex(options.tee.measurement)}`}; transport key 0x${toHex(transport.publicKey)}${transport.created ? " (new)" : ""}${secrets === undefined ? "" : options.proxies === undefined ? "; secrets via the CBSS committee's proxies" : `; secrets via ${options.proxies.length} proxies`}`,
  );
  return {
    address,
    runner,
    store,
    chain,
    registered,
    transportPublicKey: transport.publicKey,
    async stop() {
      await runner.stop();
      await options.llm?.close();
      await store.close();
    },
  };
}
