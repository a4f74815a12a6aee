// Read-only execution (cips/actors.md "Read-only queries"): one call frame on a checkpoint that is
// always reverted. For RPC `cowboy_call`, the CLI's `actor query`, and gas bidding agents.
import { TxExhausted } from "../errors.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { TxRun } from "./run.js";

export interface QueryRequest {
  /** The caller the handler sees as `msg.sender`. */
  readonly from: Uint8Array;
  readonly target: Uint8Array;
  readonly method: string;
  /** Canonical arguments (see cips/actors.md "Instructions"). */
  readonly args: Uint8Array;
  readonly cyclesLimit: bigint;
  readonly cellsLimit?: bigint;
}

export interface QueryResult {
  readonly ok: boolean;
  /** Canonical return value when ok; UTF-8 of the error line otherwise. */
  readonly data: Uint8Array;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
}

export function queryActor(state: StateAccess, env: BlockEnv, params: ChainParams, req: QueryRequest): QueryResult {
  const cellsLimit = req.cellsLimit ?? 1_000_000n;
  const run = new TxRun(state, env, params, env.actors, req.from, req.cyclesLimit, cellsLimit, { deliver: false });
  const checkpoint = state.checkpoint();
  try {
    const out = run.call(req.target, req.method, req.args, 0n);
    return { ok: out.ok, data: out.returnData, cyclesUsed: req.cyclesLimit - BigInt(run.cyclesLeft), cellsUsed: cellsLimit - BigInt(run.cellsLeft) };
  } catch (error) {
    if (!(error instanceof TxExhausted)) throw error;
    return {
      ok: false,
      data: new TextEncoder().encode(error.meta.detail),
      cyclesUsed: req.cyclesLimit - BigInt(Math.max(run.cyclesLeft, 0)),
      cellsUsed: cellsLimit - BigInt(Math.max(run.cellsLeft, 0)),
    };
  } finally {
    state.revertTo(checkpoint);
  }
}
