// The transfer instruction (spec §2.1 System(Transfer)): value from the sender to `to`.
import type { TransferInstruction } from "@cowboy/types";
import { succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

/** Admission checked the balance covers the pre-charge plus `amount`, so the debit cannot overdraw. */
export function transfer(ctx: InstructionContext, instruction: TransferInstruction): InstructionResult {
  ctx.accounts.debit(ctx.tx.from, instruction.amount);
  ctx.accounts.credit(instruction.to, instruction.amount);
  return succeeded(ctx);
}
