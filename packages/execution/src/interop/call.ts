// An actor's synchronous call into the EventListener (0x14), run natively on its own checkpoint at a fixed price
// (cips/interop.md "Subscribing"): value moves to 0x14 first, and back if the call is refused.
import { encodeCbor } from "@cowboy/codec";
import { type CallOutcome, HostError } from "@cowboy/pvm";
import type { ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import { callEventListener, EVENT_LISTENER_ADDRESS, isEventListener } from "./listener.js";

export { isEventListener };

/** What one call into 0x14 costs the caller: about two storage writes' worth of Cycles, and its record's Cells. */
export const LISTENER_CALL_COST = Object.freeze({ cycles: 2_000, cells: 512 });

interface RunLike {
  readonly state: StateAccess;
  readonly accounts: Accounts;
  readonly params: ChainParams;
  /** The block (unlock requests record its height). */
  readonly env: { readonly height: bigint };
  debitActor(self: Uint8Array, amount: bigint): void;
}

export function listenerCall(run: RunLike, from: Uint8Array, method: string, payload: Uint8Array, value: bigint, inConstructor = false): CallOutcome {
  const params = run.params.interop!;
  const checkpoint = run.state.checkpoint();
  const { cycles, cells } = LISTENER_CALL_COST;
  try {
    run.debitActor(from, value);
    run.accounts.credit(EVENT_LISTENER_ADDRESS, value);
    const result = callEventListener(run.state, run.accounts, params, from, method, payload, value, { inConstructor, height: run.env.height });
    run.state.commitCheckpoint(checkpoint);
    return { ok: true, data: encodeCbor(result), cycles, cells };
  } catch (error) {
    run.state.revertTo(checkpoint);
    if (error instanceof HostError) return { ok: false, error: `${error.pyType}: ${error.message}`, cycles, cells };
    throw error;
  }
}
