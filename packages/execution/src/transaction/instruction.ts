// What executing one instruction is given and gives back (cips/execution.md "Applying a
// transaction"): each instruction kind has its own file; applyTransaction dispatches to it inside
// the transaction's checkpoint and settles the fees on what it reports.
import { ReceiptStatus, type Event, type Transaction } from "@cowboy/types";
import { errorBytes } from "../actors/exceptions.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";

export interface InstructionContext {
  readonly state: StateAccess;
  readonly accounts: Accounts;
  /** The transaction, already admitted: nonce bumped and its maximum fee pre-charged. */
  readonly tx: Transaction;
  readonly env: BlockEnv;
  readonly params: ChainParams;
  /** The intrinsic Cycles and Cells, charged whatever the instruction does. */
  readonly intrinsic: { readonly cycles: bigint; readonly cells: bigint };
}

export interface InstructionResult {
  readonly status: ReceiptStatus;
  readonly returnData: Uint8Array;
  readonly events: Event[];
  /** Cycles and Cells used in all, intrinsic costs included. */
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  /** Whether the instruction's writes stand; false reverts them (fees and nonce stay). */
  readonly keep: boolean;
}

/** Success at the intrinsic costs (transfers, timer instructions). */
export function succeeded(ctx: InstructionContext, returnData: Uint8Array = new Uint8Array(0)): InstructionResult {
  return { status: ReceiptStatus.Success, returnData, events: [], cyclesUsed: ctx.intrinsic.cycles, cellsUsed: ctx.intrinsic.cells, keep: true };
}

/** Reverted at the intrinsic costs, with `text` (an exception line) as the return data. */
export function reverted(ctx: InstructionContext, text: string): InstructionResult {
  return { status: ReceiptStatus.Reverted, returnData: errorBytes(text), events: [], cyclesUsed: ctx.intrinsic.cycles, cellsUsed: ctx.intrinsic.cells, keep: false };
}
