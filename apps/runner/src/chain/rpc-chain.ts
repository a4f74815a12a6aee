// The RunnerChain over a node's JSON-RPC (contracts.md "Runner market" RPC; instructions in @cowboy/types, System
// sub_types 32–42): reads with cowboy_listJobs / cowboy_getJob / cowboy_getRunner, writes as signed transactions whose
// limits are the instruction's intrinsic cost (@cowboy/metering) plus headroom; unused gas is refunded (spec §2.3).
import { ClientError, type CowboyClient, createClient, NOT_FOUND } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { encodeCapabilities, type JobJson, type RunnerJson } from "@cowboy/runner-market";
import { createTransaction, type Instruction, receiptStatusName } from "@cowboy/types";
import { RunnerError } from "../errors.js";
import type { ChainJob, RunnerAction, RunnerChain, RunnerInfo, SignedAction } from "./port.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface RpcRunnerChainOptions {
  readonly url: string;
  readonly privateKey: Uint8Array;
  /** Max fee per unit = basefee × this (default 3). */
  readonly feeMultiplier?: bigint;
  /** How many jobs one poll lists (default 200). */
  readonly listLimit?: number;
}

export function jobFromJson(j: JobJson): ChainJob {
  return {
    id: j.id.toLowerCase(),
    poster: j.poster,
    kind: j.kind,
    spec: j.spec,
    resultSchema: j.resultSchema,
    verification: j.verification,
    pricing: j.pricing === "usage" ? "usage" : "fixed",
    runners: Number(j.runners),
    quorum: Number(j.quorum),
    allowDomains: j.allowDomains,
    secrets: j.secrets,
    volumes: j.volumes,
    requires: j.requires,
    status: j.status,
    committee: j.committee.map((c) => c.toLowerCase()),
    acks: j.acks.map((a) => a.toLowerCase()),
    commits: j.commits.map((c) => ({ runner: c.runner.toLowerCase(), commitment: c.commitment })),
    reveals: j.reveals.map((r) => ({ runner: r.runner.toLowerCase(), output: r.outputHex })),
    aggregator: j.aggregator,
    phaseEndsAt: BigInt(j.phaseEndsAt),
  };
}

export function runnerFromJson(r: RunnerJson): RunnerInfo {
  return {
    address: r.address.toLowerCase(),
    stake: BigInt(r.stake),
    provides: r.provides,
    jobKinds: r.jobKinds,
    models: r.models,
    endpoint: r.endpoint,
    transportKey: r.transportKey,
    reputation: BigInt(r.reputation),
    status: r.status,
    maxJobValue: BigInt(r.maxJobValue),
    rateCard: r.rateCard,
  };
}

/** The transaction instruction of a runner action. */
export function instructionOf(action: RunnerAction): Instruction {
  switch (action.type) {
    case "runner_register":
      return {
        type: "runner_register",
        stake: action.stake,
        maxJobValue: action.maxJobValue,
        capabilities: encodeCapabilities({
          provides: action.provides,
          jobKinds: action.jobKinds,
          models: action.models,
          ...(action.rateCard === undefined ? {} : { rateCard: new Map(Object.entries(action.rateCard)) }),
        }),
        endpoint: new TextEncoder().encode(action.endpoint),
        transportKey: action.transportKey,
      };
    case "runner_update":
      return {
        type: "runner_update",
        maxJobValue: action.maxJobValue,
        capabilities: encodeCapabilities({
          provides: action.provides,
          jobKinds: action.jobKinds,
          models: action.models,
          ...(action.rateCard === undefined ? {} : { rateCard: new Map(Object.entries(action.rateCard)) }),
        }),
        endpoint: new TextEncoder().encode(action.endpoint),
        transportKey: action.transportKey,
      };
    case "job_ack":
      return { type: "job_ack", jobId: action.jobId };
    case "job_commit":
      return { type: "job_commit", jobId: action.jobId, commitment: action.commitment };
    case "job_reveal":
      return { type: "job_reveal", jobId: action.jobId, output: action.output, salt: action.salt };
    case "job_aggregate":
      return { type: "job_aggregate", jobId: action.jobId, result: action.result };
  }
}

export interface RpcRunnerChain extends RunnerChain {
  readonly client: CowboyClient;
  readonly address: Uint8Array;
}

export function createRpcRunnerChain(options: RpcRunnerChainOptions): RpcRunnerChain {
  const client = createClient({ url: options.url });
  const address = addressFromPrivateKey(options.privateKey);
  let chainId: bigint | undefined;
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    try {
      return await client.request<T>(method, params);
    } catch (error) {
      throw new RunnerError("CHAIN_FAILED", `${method} failed: ${(error as Error).message}`, { method });
    }
  };
  return {
    client,
    address,
    async listAssignedJobs(runner) {
      return (await call<JobJson[]>("cowboy_listJobs", [{ runner: hex(runner), limit: options.listLimit ?? 200 }])).map(jobFromJson);
    },
    async getJob(id) {
      const j = await call<JobJson | null>("cowboy_getJob", [hex(id)]);
      return j === null ? null : jobFromJson(j);
    },
    async getRunner(a) {
      const r = await call<RunnerJson | null>("cowboy_getRunner", [hex(a)]);
      return r === null ? null : runnerFromJson(r);
    },
    async pendingNonce(a) {
      return BigInt(await call<string>("cowboy_getNonce", [hex(a), "pending"]));
    },
    async sign(action, nonce): Promise<SignedAction> {
      chainId ??= BigInt(await call<string>("cowboy_chainId", []));
      const basefees = await call<{ cycle: string; cell: string }>("cowboy_basefees", []);
      const instruction = instructionOf(action);
      const intrinsic = instructionIntrinsicCosts(instruction);
      const multiplier = options.feeMultiplier ?? 3n;
      const input = {
        chainId,
        nonce,
        instruction,
        from: address,
        cyclesLimit: intrinsic.cycles + 1_000_000n,
        cellsLimit: intrinsic.cells + 100_000n,
        maxFeePerCycle: BigInt(basefees.cycle) * multiplier,
        maxFeePerCell: BigInt(basefees.cell) * multiplier,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
        metadata: new Uint8Array(0),
      };
      const tx = createTransaction(input).sign(options.privateKey);
      return { hash: tx.digest(), raw: tx.encode() };
    },
    async broadcast(raw) {
      try {
        await client.request<string>("cowboy_sendRawTransaction", [hex(raw)]);
      } catch (error) {
        // Re-sending a known or already-included transaction is expected after a restart.
        const message = (error as Error).message;
        if (/known|already|nonce too low|duplicate/i.test(message)) return;
        throw new RunnerError("CHAIN_FAILED", `cowboy_sendRawTransaction failed: ${message}`, { method: "cowboy_sendRawTransaction" });
      }
    },
    async receipt(hash) {
      let r: Awaited<ReturnType<CowboyClient["getReceipt"]>>;
      try {
        r = await client.getReceipt(hash);
      } catch (error) {
        // A transaction the node has not seen (yet, or any more) has no receipt: the caller re-broadcasts it.
        if (error instanceof ClientError && error.code === NOT_FOUND) return null;
        throw new RunnerError("CHAIN_FAILED", `cowboy_getReceipt failed: ${(error as Error).message}`, { method: "cowboy_getReceipt" });
      }
      if (r === null) return null;
      const ok = receiptStatusName(r.status) === "success";
      return ok ? { ok } : { ok, error: new TextDecoder().decode(r.return_data) };
    },
  };
}
