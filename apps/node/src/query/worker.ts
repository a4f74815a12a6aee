// The query worker's thread (ReadOnlyPool): opens the node's committed state in lmdb itself, loads
// its own interpreter, and answers read-only calls and estimates one at a time, so none of them
// runs on the thread that builds and imports blocks (issue 18, "The node cannot be stalled").
import { parentPort, workerData } from "node:worker_threads";
import { loadFastHashes } from "@cowboy/crypto";
import { ActorEngine, defaultChainParams, resolveChainParams } from "@cowboy/execution";
import { DEFAULT_GOVERNANCE_CONFIG } from "@cowboy/governance";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { transactionFromJson } from "@cowboy/types";
import { runCall, type ReadOnlyEnv } from "./read-only.js";
import { simulateTransaction } from "./simulate.js";
import type { WorkerInit, WorkerReply, WorkerRequest } from "./protocol.js";

const port = parentPort!;
const init = workerData as WorkerInit;

async function start(): Promise<Omit<ReadOnlyEnv, "head">> {
  const hashes = await loadFastHashes();
  // A governed chain's registry overlays these per head (its governance group included), as on the node's thread.
  const params = { ...defaultChainParams(init.chainId, accountKey), hashes, ...(init.governed === true ? { governance: DEFAULT_GOVERNANCE_CONFIG } : {}) };
  // Reads go to the committed flat table, which the node's thread writes in atomic lmdb transactions.
  const state = StateStore.open(LmdbBackend.open(init.statePath), { hashes });
  const engine = await ActorEngine.load({ copies: 1 });
  return { state, params, engine };
}

start().then(
  (env) => {
    port.on("message", (request: WorkerRequest) => {
      let reply: WorkerReply;
      try {
        const at: ReadOnlyEnv = { ...env, head: request.head, params: resolveChainParams(env.state, env.params) };
        reply =
          request.kind === "call"
            ? { id: request.id, ok: true, value: runCall(at, request.request) }
            : { id: request.id, ok: true, value: simulateTransaction(at, transactionFromJson(request.tx), request.limits) };
      } catch (error) {
        reply = { id: request.id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
      port.postMessage(reply);
    });
    port.postMessage({ ready: true });
  },
  (error: unknown) => port.postMessage({ fatal: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
