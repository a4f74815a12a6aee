// Paying rent and debt (spec "State Rent", §17.5; cips/rent.md "Assessment"): prepaid rent first,
// then the payer's balance; repaid debt carries the catch-up fee; what cannot be paid becomes debt
// stamped with its epoch and the rate it was charged at.
import type { RentContext } from "./context.js";
import { catchupFee, principalPayable } from "./math.js";
import type { DebtEntry, RentRecord } from "./record.js";

/** Debt principal of a record. */
export function debtOf(record: RentRecord): bigint {
  return record.debt.reduce((n, d) => n + d.amount, 0n);
}

/** What clearing the whole debt costs: principal plus the catch-up fee. */
export function debtCost(record: RentRecord, ctx: Pick<RentContext, "config">): bigint {
  const p = debtOf(record);
  return p + catchupFee(p, ctx.config);
}

/** Repays debt, oldest first, from up to `available`; returns the record and what was spent (sent to the Treasury by the caller). */
export function repayDebt(record: RentRecord, available: bigint, ctx: Pick<RentContext, "config">): { record: RentRecord; spent: bigint } {
  if (record.debt.length === 0 || available === 0n) return { record, spent: 0n };
  const whole = debtCost(record, ctx);
  if (available >= whole) return { record: { ...record, debt: [] }, spent: whole };
  let principal = principalPayable(available, ctx.config);
  const spent = principal + catchupFee(principal, ctx.config);
  const debt: DebtEntry[] = [];
  for (const d of record.debt) {
    const take = principal < d.amount ? principal : d.amount;
    principal -= take;
    if (d.amount > take) debt.push({ ...d, amount: d.amount - take });
  }
  return { record: { ...record, debt }, spent };
}

/** Draws `due` from prepaid rent, then from `payer`'s balance (all of it: the reserve exists for this). Returns the unpaid rest. */
export function drawRent(ctx: RentContext, record: RentRecord, payer: Uint8Array, due: bigint): { record: RentRecord; unpaid: bigint } {
  const fromPrepaid = record.prepaid < due ? record.prepaid : due;
  let rest = due - fromPrepaid;
  const balance = ctx.accounts.balanceOf(payer);
  const fromBalance = balance < rest ? balance : rest;
  rest -= fromBalance;
  if (fromBalance > 0n) ctx.accounts.debit(payer, fromBalance);
  if (fromPrepaid + fromBalance > 0n) ctx.accounts.credit(ctx.treasury, fromPrepaid + fromBalance);
  return { record: { ...record, prepaid: record.prepaid - fromPrepaid }, unpaid: rest };
}
