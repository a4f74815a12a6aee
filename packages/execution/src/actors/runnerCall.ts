// An actor's synchronous call into the Job Dispatcher (0x02), run natively on its own checkpoint at a fixed price
// (cips/runner-market.md "SDK"; cowboy_sdk.runner): `submit([request])` with value = max_price posts a job escrowing
// the value and returns its id; `set_requires([[name, inheritable], …])` replaces what the actor requires (0x07).
// A refusal is a failed call whose error line is `RunnerMarketError: CODE: message`.
import { CborError, CborTuple, decodeCbor, encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import type { CallOutcome } from "@cowboy/pvm";
import { JOB_DISPATCHER_ADDRESS, RunnerMarketError, parseJobRequest, postJob, setRequires } from "@cowboy/runner-market";
import { marketContext } from "../transaction/runnerMarketInstruction.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";

/** What one call into 0x02 costs the caller: a few storage writes' worth of Cycles, and its payload's Cells. */
export const DISPATCHER_CALL_CYCLES = 5_000;
export const DISPATCHER_CALL_BASE_CELLS = 256;

export const isJobDispatcher = (address: Uint8Array): boolean => equalBytes(address, JOB_DISPATCHER_ADDRESS);

interface RunLike {
  readonly state: StateAccess;
  readonly accounts: Accounts;
  readonly params: ChainParams;
  readonly env: BlockEnv;
}

const listOf = (v: CborValue): CborValue[] | null => (Array.isArray(v) ? v : v instanceof CborTuple ? [...v.items] : null);

function argsOf(payload: Uint8Array): CborValue[] {
  let v: CborValue;
  try {
    v = decodeCbor(payload);
  } catch (error) {
    if (error instanceof CborError) throw new RunnerMarketError("INVALID_ARGUMENT", `arguments: ${error.message}`);
    throw error;
  }
  const list = listOf(v);
  if (list === null || list.length !== 1) throw new RunnerMarketError("INVALID_ARGUMENT", "arguments: expected one positional argument");
  return list;
}

export function dispatcherCall(run: RunLike, from: Uint8Array, method: string, payload: Uint8Array, value: bigint): CallOutcome {
  const cycles = DISPATCHER_CALL_CYCLES;
  const cells = DISPATCHER_CALL_BASE_CELLS + payload.length;
  const checkpoint = run.state.checkpoint();
  try {
    const ctx = marketContext(run.state, run.accounts, run.env, run.params);
    const [arg] = argsOf(payload);
    let data: Uint8Array;
    if (method === "submit") {
      const request = parseJobRequest(arg!, ctx.config);
      data = encodeCbor(postJob(ctx, { poster: from, posterIsActor: true, request, maxPrice: value }).id);
    } else if (method === "set_requires") {
      if (value !== 0n) throw new RunnerMarketError("INVALID_ARGUMENT", "set_requires takes no value");
      const entries = listOf(arg!);
      if (entries === null) throw new RunnerMarketError("INVALID_ARGUMENT", "set_requires: expected a list of [name, inheritable]");
      setRequires(
        run.state,
        from,
        entries.map((e) => {
          const pair = listOf(e);
          if (pair === null || pair.length !== 2 || typeof pair[0] !== "string" || typeof pair[1] !== "boolean")
            throw new RunnerMarketError("INVALID_ARGUMENT", "set_requires: each entry is [name, inheritable]");
          return { name: pair[0], inheritable: pair[1] };
        }),
      );
      data = encodeCbor(null);
    } else throw new RunnerMarketError("INVALID_ARGUMENT", `the Job Dispatcher has no method ${method}`);
    run.state.commitCheckpoint(checkpoint);
    return { ok: true, data, cycles, cells };
  } catch (error) {
    run.state.revertTo(checkpoint);
    if (error instanceof RunnerMarketError) return { ok: false, error: `RunnerMarketError: ${error.code}: ${error.message}`, cycles, cells };
    throw error;
  }
}
