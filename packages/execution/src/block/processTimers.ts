// Step 3 of the spec's state transition, Deliver Timers (spec §5.1a, cips/actors.md "Timers"): @cowboy/scheduler picks
// what is due and prices it; this module runs each fire as a call from the timer's owner to its
// target, in its own checkpoint, with the per-fire Cycle and Cell limits.
import { decodeCbor, encodeCbor, isU64, type CborValue } from "@cowboy/codec";
import { laneBasefee } from "@cowboy/fee-market";
import { processTimers as processDueTimers, type FireResult, type GasBid, type GasBidContext, type TimerHost } from "@cowboy/scheduler";
import { HostFault } from "@cowboy/pvm";
import { TxExhausted } from "../errors.js";
import type { BlockEnv, ChainParams, StateAccess, TimerUsage } from "../types.js";
import { Accounts } from "../world.js";
import { queryActor } from "../actors/query.js";
import { TxRun } from "../actors/run.js";
import { asFork, firePayload } from "../actors/timers.js";
import type { TimerEndReason } from "../actors/journal.js";
import { ReceiptStatus, receiptStatusName } from "@cowboy/types";
import type { BlockTally } from "./tally.js";

/** Cycles a Gas Bidding Agent's `get_gas_bid` may use (a free, read-only call). */
export const GAS_BID_QUERY_CYCLES = 100_000n;

const END_REASON: Record<"expired" | "insufficient-funds", TimerEndReason> = { expired: "expired", "insufficient-funds": "insufficient_funds" };

export const NO_TIMER_USAGE: TimerUsage = { cycles: 0n, cells: 0n, burned: 0n, tipped: 0n, report: null };

/**
 * Fires the timers due at the end of the block of `env` (spec STF step 3), after its
 * transactions. Each fire runs like a transaction from the timer's owner: its own checkpoint, its
 * cascade of messages, the per-fire Cycle and Cell limits; the scheduler pre-charges and refunds
 * the fee payer. The proposer receives the auction tips.
 */
export function processTimers(state: StateAccess, env: BlockEnv, params: ChainParams, tally: BlockTally): void {
  tally.addTimers(fireDueTimers(state, env, params));
}

/** The work of processTimers, returning what the fires used. */
function fireDueTimers(state: StateAccess, env: BlockEnv, params: ChainParams): TimerUsage {
  const cfg = params.scheduler;
  if (cfg === undefined) return NO_TIMER_USAGE;
  const accounts = new Accounts(state, params.accountKey);
  const ctx = env.actors;
  const host: TimerHost = {
    accounts: {
      balanceOf: (address) => accounts.get(address).balance,
      debit: (address, amount) => accounts.debit(address, amount),
      credit: (address, amount) => accounts.credit(address, amount),
    },
    runHandler(fire) {
      const record = fire.record;
      const run = new TxRun(state, env, params, ctx, record.owner, fire.cyclesLimit, fire.cellsLimit);
      const checkpoint = state.checkpoint();
      const used = (): FireResult => ({
        cyclesUsed: fire.cyclesLimit - BigInt(Math.max(run.cyclesLeft, 0)),
        cellsUsed: fire.cellsLimit - BigInt(Math.max(run.cellsLeft, 0)),
      });
      // The fire's receipt-like record (block journal, outside consensus).
      const observe = (status: ReceiptStatus, result: FireResult, exhausted: TxExhausted | null, fault: HostFault | null = null): FireResult => {
        const error =
          fault !== null
            ? { type: "InternalError", message: fault.message, traceback: [] }
            : exhausted === null
              ? run.error
              : { type: exhausted.meter === "cycles" ? "OutOfCycles" : "OutOfCells", message: exhausted.meta.detail, traceback: run.error?.traceback ?? [] };
        const ok = status === ReceiptStatus.Success;
        ctx.journal.fires.push({
          timerId: fire.id.slice(),
          owner: record.owner,
          target: record.target,
          handler: record.handler,
          status: receiptStatusName(status),
          cyclesUsed: result.cyclesUsed,
          cellsUsed: result.cellsUsed,
          events: ok ? run.events.slice() : [],
          trace: { status: receiptStatusName(status), error, output: run.output.text },
        });
        if (ok) ctx.journal.ended.push(...run.ended);
        return result;
      };
      try {
        // A handler that raised is a failed fire: the run has already undone its frame.
        const outcome = run.call(record.target, record.handler, firePayload(record.data), 0n);
        state.commitCheckpoint(checkpoint);
        ctx.delivered.push(...run.delivered);
        return observe(outcome.ok ? ReceiptStatus.Success : ReceiptStatus.Reverted, used(), null);
      } catch (error) {
        state.revertTo(checkpoint);
        // A fault cannot refuse a fire (nobody could drop it from the chain): it fails, using its whole Cycle budget
        // (cips/pvm.md "Faults").
        if (error instanceof HostFault) return observe(ReceiptStatus.Reverted, { ...used(), cyclesUsed: fire.cyclesLimit }, null, error);
        if (!(error instanceof TxExhausted)) throw error;
        const partial = used();
        const cycles = error.meter === "cycles";
        return observe(
          cycles ? ReceiptStatus.OutOfCycles : ReceiptStatus.OutOfCells,
          cycles ? { ...partial, cyclesUsed: fire.cyclesLimit } : { ...partial, cellsUsed: fire.cellsLimit },
          error,
        );
      }
    },
    queryGasBid: (gba, context) => queryGasBid(state, env, params, gba, context),
  };
  const report = processDueTimers(
    asFork(state),
    {
      height: env.height,
      cycleBasefee: laneBasefee(env.cycleBasefee, "timer", params.feeMarket),
      cellBasefee: laneBasefee(env.cellBasefee, "timer", params.feeMarket),
    },
    host,
    cfg,
  );
  if (report.tips > 0n) accounts.credit(env.proposer, report.tips);
  // Why timers ended this block (block journal): destroyed unfired, or fired for the last time.
  for (const d of report.destroyed) ctx.journal.ended.push({ timerId: d.id.slice(), owner: d.owner, handler: d.handler, reason: END_REASON[d.reason] });
  for (const f of report.fired) if (f.rearmedAt === null) ctx.journal.ended.push({ timerId: f.id.slice(), owner: f.owner, handler: f.handler, reason: "completed" });
  return { cycles: report.laneCyclesUsed, cells: report.fired.reduce((n, f) => n + f.cellsUsed, 0n), burned: report.burned, tipped: report.tips, report };
}

/**
 * CIP-1 Gas Bidding Agent: a read-only call `get_gas_bid(context)` on the agent, where `context`
 * is a dict of the spec's fields; the answer is a dict with `max_fee_per_cycle` and
 * `max_priority_fee_per_cycle` (non-negative ints). Anything else counts as no bid (null).
 */
function queryGasBid(state: StateAccess, env: BlockEnv, params: ChainParams, gba: Uint8Array, c: GasBidContext): GasBid | null {
  const context = new Map<CborValue, CborValue>([
    ["timer_id", c.timerId],
    ["owner", c.owner],
    ["trigger_height", c.triggerHeight],
    ["current_height", c.currentHeight],
    ["basefee_cycle", c.basefeeCycle],
    ["basefee_cell", c.basefeeCell],
    ["last_block_cycle_usage", c.lastBlockCycleUsage],
    ["owner_balance", c.ownerBalance],
    ["tier", BigInt(c.tier)],
  ]);
  const args = encodeCbor([context]); // the positional argument list [context]
  const result = queryActor(state, env, params, { from: c.owner, target: gba, method: "get_gas_bid", args, cyclesLimit: GAS_BID_QUERY_CYCLES });
  if (!result.ok) return null;
  try {
    const bid = decodeCbor(result.data);
    if (!(bid instanceof Map)) return null;
    const maxFee = bid.get("max_fee_per_cycle");
    const maxPriority = bid.get("max_priority_fee_per_cycle");
    return isU64(maxFee) && isU64(maxPriority) ? { maxFeePerCycle: maxFee, maxPriorityFeePerCycle: maxPriority } : null;
  } catch {
    return null;
  }
}
