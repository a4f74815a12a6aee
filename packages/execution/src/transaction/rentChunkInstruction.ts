// rent_restore_chunk (System 0/51, cips/rent.md "Chunked restoration"): one 64 KiB segment of a dormant actor's
// storage, checked against the segment hash kept at eviction; the last one restores the actor. Return data:
// `{"received":N,"segments":M}`; the last chunk's receipt carries `cowboy:rent_restored`. A refusal reverts with
// `RentError: CODE: why` and changes nothing.
import { RentError, restoreChunk } from "@cowboy/rent";
import type { RentRestoreChunkInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { rentEvent } from "../block/processRent.js";
import { rentContext } from "../rent.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

export function rentChunkInstruction(ctx: InstructionContext, ins: RentRestoreChunkInstruction): InstructionResult {
  const rc = rentContext(ctx.state, ctx.accounts, ctx.params, ctx.env.height);
  try {
    const out = restoreChunk(rc, ctx.tx.from, ins.actor, ins.index, ins.data);
    const returnData = new TextEncoder().encode(JSON.stringify({ received: out.received, segments: out.segments }));
    return { ...succeeded(ctx, returnData), events: out.notice === undefined ? [] : [rentEvent(out.notice)] };
  } catch (error) {
    if (!(error instanceof RentError)) throw error;
    return reverted(ctx, exceptionLine({ type: "RentError", message: `${error.code}: ${error.message}` }));
  }
}
