// Messages between ReadOnlyPool and its worker (structured clone: bigints and bytes pass as they are).
import type { QueryRequest, QueryResult } from "@cowboy/execution";
import type { Header } from "@cowboy/types";
import type { Simulation, SimulationLimits } from "./simulate.js";

export interface WorkerInit {
  readonly statePath: string;
  readonly chainId: bigint;
  /** The chain has governance: calls run under the parameters its registry holds at their head (cips/governance.md). */
  readonly governed?: boolean;
}

export type WorkerRequest =
  | { readonly id: number; readonly kind: "call"; readonly head: Header; readonly request: QueryRequest }
  | { readonly id: number; readonly kind: "simulate"; readonly head: Header; readonly tx: unknown; readonly limits: SimulationLimits };

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly value: QueryResult | Simulation }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** The first message a worker sends: ready, or why it could not start. */
export type WorkerStatus = { readonly ready: true } | { readonly fatal: string };
