// The oracle instructions of the EventListener (cips/interop.md "Instructions"): eth_register_oracle locks a stake at
// 0x14, eth_unregister_oracle starts its unbonding (ethBridge.ts withdraws it), eth_report_event records one oracle's report of an Ethereum log and, when
// it completes a quorum, pays the agreeing oracles and delivers `handler(event=…)` to the subscriber from 0x14 on the
// rest of the transaction's budget. A refusal reverts with the exception an actor would see.
import { concatBytes } from "@cowboy/codec";
import { type EthLog, InteropError, registerOracle, reportEvent, unregisterOracle } from "@cowboy/interop";
import { ReceiptStatus, type EthRegisterOracleInstruction, type EthReportEventInstruction, type EthUnregisterOracleInstruction } from "@cowboy/types";
import { EVENT_LISTENER_ADDRESS, isEventListener, listenerStore } from "../interop/listener.js";
import { runActorInstruction } from "./actorInstruction.js";
import { mintLocked } from "./ethBridge.js";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

const utf8 = new TextEncoder();

function refusal(ctx: InstructionContext, error: unknown): InstructionResult {
  if (!(error instanceof InteropError)) throw error;
  const type = error.code === "NO_SUBSCRIPTION" || error.code === "NOT_AN_ORACLE" ? "LookupError" : error.code === "NOT_OWNER" ? "PermissionError" : "ValueError";
  return reverted(ctx, `${type}: ${error.message}`);
}

export function ethRegisterOracle(ctx: InstructionContext, ins: EthRegisterOracleInstruction): InstructionResult {
  const params = ctx.params.interop;
  if (params === undefined) return reverted(ctx, "RuntimeError: Ethereum event subscriptions are not enabled on this chain");
  try {
    ctx.accounts.debit(ctx.tx.from, ins.stake);
    ctx.accounts.credit(EVENT_LISTENER_ADDRESS, ins.stake);
    registerOracle(listenerStore(ctx.state), ctx.tx.from, ins.stake, ctx.env.height, params);
    return succeeded(ctx);
  } catch (error) {
    return refusal(ctx, error);
  }
}

export function ethUnregisterOracle(ctx: InstructionContext, _ins: EthUnregisterOracleInstruction): InstructionResult {
  if (ctx.params.interop === undefined) return reverted(ctx, "RuntimeError: Ethereum event subscriptions are not enabled on this chain");
  try {
    // The stake stays at 0x14, slashable, until the unbonding window ends (eth_withdraw_oracle pays it back).
    unregisterOracle(listenerStore(ctx.state), ctx.tx.from, ctx.env.height, ctx.params.interop);
    return succeeded(ctx);
  } catch (error) {
    return refusal(ctx, error);
  }
}

export function ethReportEvent(ctx: InstructionContext, ins: EthReportEventInstruction): InstructionResult {
  const params = ctx.params.interop;
  if (params === undefined) return reverted(ctx, "RuntimeError: Ethereum event subscriptions are not enabled on this chain");
  if (ins.topics.length % 32 !== 0 || ins.topics.length > 128) return reverted(ctx, "ValueError: topics must be 0 to 4 words of 32 bytes");
  const topics: Uint8Array[] = [];
  for (let i = 0; i < ins.topics.length; i += 32) topics.push(ins.topics.slice(i, i + 32));
  const log: EthLog = {
    contract: ins.contract,
    topics,
    data: ins.data,
    blockNumber: ins.blockNumber,
    blockHash: ins.blockHash,
    transactionHash: ins.transactionHash,
    logIndex: ins.logIndex,
  };
  let outcome: ReturnType<typeof reportEvent>;
  try {
    outcome = reportEvent(listenerStore(ctx.state), ctx.tx.from, ins.subscriptionId, log, params);
  } catch (error) {
    return refusal(ctx, error);
  }
  const d = outcome.delivered;
  if (d === null) return succeeded(ctx);
  for (const p of d.payouts) {
    ctx.accounts.debit(EVENT_LISTENER_ADDRESS, p.amount);
    ctx.accounts.credit(p.oracle, p.amount);
  }
  // A wrapped asset's subscription is owned by 0x14 itself: its delivery mints (cips/interop.md "Bridge hooks").
  if (isEventListener(d.to)) return mintLocked(ctx, d);
  const result = runActorInstruction(ctx, (run) => run.call(d.to, d.handler, d.payload, 0n), EVENT_LISTENER_ADDRESS);
  if (result.status !== ReceiptStatus.Reverted) return result;
  // The log is delivered (the cursor moved) even when the subscriber's handler failed: say so, as a failed message does.
  const failed = { emitter: d.to, topic: utf8.encode("cowboy:delivery_failed"), data: concatBytes(d.subscription.id, result.returnData) };
  return { ...result, status: ReceiptStatus.Success, returnData: new Uint8Array(0), events: [...result.events, failed] };
}
