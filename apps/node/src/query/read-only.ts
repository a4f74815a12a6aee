// Read-only work at the head (apps/node/README.md "JSON-RPC": `cowboy_call`, and through simulate.ts
// `cowboy_simulateTransaction` and `cowboy_estimateFee`): the same functions run in the query worker and,
// for an embedded node without one, inline.
import { envOf, newActorBlockContext, queryActor, type ChainParams, type InterpreterPool, type QueryRequest, type QueryResult } from "@cowboy/execution";
import type { StateStore } from "@cowboy/state";
import type { Header } from "@cowboy/types";
import type { Simulation, SimulationLimits } from "./simulate.js";

/** What a read-only run needs: committed state, the head it is read at, the chain's parameters, interpreters. */
export interface ReadOnlyEnv {
  readonly state: StateStore;
  readonly head: Header;
  readonly params: ChainParams;
  readonly engine: InterpreterPool;
}

/** Runs an actor method read-only on a fork of the committed state (nothing is committed, messages are not delivered). */
export function runCall(env: ReadOnlyEnv, request: QueryRequest): QueryResult {
  return queryActor(env.state.fork(), envOf(env.head, newActorBlockContext({ interpreters: env.engine })), env.params, request);
}

/** Where the RPC sends read-only work: the query worker (ReadOnlyPool), off the thread that builds blocks. */
export interface ReadOnlyWork {
  /** The most Cycles one read-only call may spend. */
  readonly maxCycles: bigint;
  call(head: Header, request: QueryRequest): Promise<QueryResult>;
  /** `tx` in its JSON form (`transactionToJson`, already checked by the caller), applied on a fork as the next block would (simulate.ts). */
  simulate(head: Header, tx: unknown, limits: SimulationLimits): Promise<Simulation>;
}
