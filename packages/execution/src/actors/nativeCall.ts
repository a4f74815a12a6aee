// The frame of an actor's synchronous call into a system actor that has no Python code and runs natively (the Job
// Dispatcher 0x02, cips/runner-market.md "SDK"; the Storage Manager 0x0A, cips/cbfs.md §8.1): a fixed price, the
// positional arguments decoded from CBOR, the work on a checkpoint of its own, and a refusal turned into a failed call
// whose error line is `ErrorClass: CODE: message` (state reverted, the price still paid).
import { CborError, CborTuple, decodeCbor, type CborValue } from "@cowboy/codec";
import type { CallOutcome } from "@cowboy/pvm";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";

/** What one native system-actor call costs the caller: a few storage writes' worth of Cycles, plus its payload's Cells. */
export const NATIVE_CALL_CYCLES = 5_000;
export const NATIVE_CALL_BASE_CELLS = 256;

/** What a native call handler reads and writes: the run's state, account book, parameters and block. */
export interface NativeCallRun {
  readonly state: StateAccess;
  readonly accounts: Accounts;
  readonly params: ChainParams;
  readonly env: BlockEnv;
}

/** A list or tuple as its items, anything else null. */
export const listOf = (v: CborValue): CborValue[] | null => (Array.isArray(v) ? v : v instanceof CborTuple ? [...v.items] : null);

/**
 * The call's `n` positional arguments; else `refuse("arguments: <decoder message>")` or `refuse(countMessage)`
 * (`refuse` throws the handler's own typed error, with its own wording).
 */
export function positionalArgs(payload: Uint8Array, n: number, refuse: (message: string) => never, countMessage: string): CborValue[] {
  let v: CborValue;
  try {
    v = decodeCbor(payload);
  } catch (error) {
    if (error instanceof CborError) return refuse(`arguments: ${error.message}`);
    throw error;
  }
  const list = listOf(v);
  if (list === null || list.length !== n) return refuse(countMessage);
  return list;
}

/**
 * Runs `body` on a checkpoint at the fixed price: its bytes are the call's return data; an error `refusal` names
 * (its error line) reverts the checkpoint and fails the call; any other error propagates (a bug, not a refusal).
 */
export function runNativeCall(run: NativeCallRun, payload: Uint8Array, body: () => Uint8Array, refusal: (error: unknown) => string | undefined): CallOutcome {
  const cycles = NATIVE_CALL_CYCLES;
  const cells = NATIVE_CALL_BASE_CELLS + payload.length;
  const checkpoint = run.state.checkpoint();
  try {
    const data = body();
    run.state.commitCheckpoint(checkpoint);
    return { ok: true, data, cycles, cells };
  } catch (error) {
    run.state.revertTo(checkpoint);
    const line = refusal(error);
    if (line !== undefined) return { ok: false, error: line, cycles, cells };
    throw error;
  }
}
