import { ReceiptStatus, actorAddress, codeHash, isCanonicalSource, type Event, type Receipt, type Transaction } from "@cowboy/types";
import { actorCodeKey } from "@cowboy/state";
import { TxRejection } from "./errors.js";
import { isSystemAddress } from "./actors/limits.js";
import { newActorBlockContext, TxExhausted, TxRun, type ActorBlockContext, type ActorOutcome } from "./actors/run.js";
import { laneBasefee, settle, type LaneId } from "@cowboy/fee-market";
import { intrinsicCosts } from "./intrinsic.js";
import { executeTimerInstruction, TimerInstructionError } from "./actors/timers.js";
import type { ChainParams } from "./params.js";
import { Accounts, type StateAccess } from "./world.js";

/** The block-level facts a transaction executes against. */
export interface BlockEnv {
  readonly height: bigint;
  readonly timestampMs: bigint;
  readonly proposer: Uint8Array;
  readonly cycleBasefee: bigint;
  readonly cellBasefee: bigint;
  /** R for actors' randomness (spec §3.4): the header's beacon, or the parent hash until consensus supplies one. */
  readonly beacon: Uint8Array;
  /** Per-block actor bookkeeping; applyTransaction makes a private one when absent. */
  readonly actors?: ActorBlockContext;
}

export interface TxOutcome {
  readonly receipt: Receipt;
  readonly lane: LaneId;
}

/** v1: every signed transaction rides the user lane; system, runner and timer lanes carry protocol work. */
export function laneOf(_tx: Transaction): LaneId {
  return "user";
}

/** Value moved out of the sender by the instruction itself (beyond fees). */
function valueOf(tx: Transaction): bigint {
  switch (tx.instruction.type) {
    case "transfer":
      return tx.instruction.amount;
    case "call_actor":
      return tx.instruction.value;
    default:
      return 0n;
  }
}

/** The basefees `tx` pays: the block's, scaled by its lane's multiplier (spec §6.3). */
function laneBasefees(tx: Transaction, env: BlockEnv, params: ChainParams): { cycle: bigint; cell: bigint } {
  const lane = laneOf(tx);
  return { cycle: laneBasefee(env.cycleBasefee, lane, params.feeMarket), cell: laneBasefee(env.cellBasefee, lane, params.feeMarket) };
}

/**
 * The state-dependent validity checks of §2.2 (cips/execution.md "Transaction validity"), in
 * their documented order. Signatures and the stateless checks are verified by the caller (in a
 * batch, possibly on other threads) before this runs.
 */
export function checkIncludable(accounts: Accounts, tx: Transaction, env: BlockEnv, params: ChainParams): void {
  const sender = accounts.get(tx.from);
  if (tx.nonce < sender.nonce) throw new TxRejection("NONCE_TOO_LOW", `nonce ${tx.nonce} is below the account nonce ${sender.nonce}`);
  if (tx.nonce > sender.nonce) throw new TxRejection("NONCE_TOO_HIGH", `nonce ${tx.nonce} is above the account nonce ${sender.nonce}`);
  const intrinsic = intrinsicCosts(tx, params.costTable);
  if (tx.cyclesLimit < intrinsic.cycles) {
    throw new TxRejection("INTRINSIC_CYCLES_TOO_LOW", `cycles_limit ${tx.cyclesLimit} is below the intrinsic ${intrinsic.cycles}`);
  }
  if (tx.cellsLimit < intrinsic.cells) {
    throw new TxRejection("INTRINSIC_CELLS_TOO_LOW", `cells_limit ${tx.cellsLimit} is below the intrinsic ${intrinsic.cells}`);
  }
  const basefees = laneBasefees(tx, env, params);
  if (tx.maxFeePerCycle < basefees.cycle) {
    throw new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cycle ${tx.maxFeePerCycle} is below the cycle basefee ${basefees.cycle}`);
  }
  if (tx.maxFeePerCell < basefees.cell) {
    throw new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cell ${tx.maxFeePerCell} is below the cell basefee ${basefees.cell}`);
  }
  const needed = tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell + valueOf(tx);
  if (sender.balance < needed) {
    throw new TxRejection("INSUFFICIENT_BALANCE", `balance ${sender.balance} does not cover the maximum cost ${needed}`);
  }
  const type = tx.instruction.type;
  const timer = type === "schedule_timer" || type === "schedule_interval" || type === "cancel_timer";
  if (timer && params.scheduler === undefined) throw new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: timers are not enabled on this chain`);
  if (type !== "transfer" && type !== "deploy_actor" && type !== "call_actor" && !timer) {
    throw new TxRejection("UNSUPPORTED_INSTRUCTION", `${type} is not executable yet`);
  }
}

/**
 * Applies one includable transaction: nonce, pre-charge, intrinsic charge, the instruction (in
 * its own checkpoint), settlement. Throws TxRejection, having changed nothing, when it is not
 * includable.
 */
export function applyTransaction(state: StateAccess, tx: Transaction, env: BlockEnv, params: ChainParams): TxOutcome {
  const accounts = new Accounts(state, params.accountKey);
  checkIncludable(accounts, tx, env, params);
  const sender = accounts.get(tx.from);
  const precharge = tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell;
  accounts.put(tx.from, { ...sender, nonce: sender.nonce + 1n, balance: sender.balance - precharge });

  const intrinsic = intrinsicCosts(tx, params.costTable);
  let cyclesUsed = intrinsic.cycles;
  let cellsUsed = intrinsic.cells;
  let status: ReceiptStatus = ReceiptStatus.Success;
  let returnData: Uint8Array = new Uint8Array(0);
  let events: Event[] = [];

  const checkpoint = state.checkpoint();
  try {
    const instruction = tx.instruction;
    if (instruction.type === "transfer") {
      accounts.debit(tx.from, instruction.amount);
      accounts.credit(instruction.to, instruction.amount);
    } else if (instruction.type === "schedule_timer" || instruction.type === "schedule_interval" || instruction.type === "cancel_timer") {
      try {
        returnData = executeTimerInstruction(state, env, params, tx);
      } catch (error) {
        if (!(error instanceof TimerInstructionError)) throw error;
        state.revertTo(checkpoint);
        status = ReceiptStatus.Reverted;
        returnData = new TextEncoder().encode(error.message).slice(0, 4096);
        return finish();
      }
    } else {
      const ctx = env.actors ?? newActorBlockContext();
      const run = new TxRun(state, env, params, ctx, tx.from, tx.cyclesLimit - intrinsic.cycles, tx.cellsLimit - intrinsic.cells);
      let outcome: ActorOutcome;
      try {
        if (instruction.type === "deploy_actor") outcome = deploy(run, tx, params);
        else outcome = run.call(instruction.target, instruction.method, instruction.args, instruction.value);
      } catch (error) {
        if (!(error instanceof TxExhausted)) throw error;
        state.revertTo(checkpoint);
        status = error.meter === "cycles" ? ReceiptStatus.OutOfCycles : ReceiptStatus.OutOfCells;
        if (error.meter === "cycles") cyclesUsed = tx.cyclesLimit;
        else cellsUsed = tx.cellsLimit;
        if (error.meter === "cycles") cellsUsed += BigInt(Number(tx.cellsLimit - intrinsic.cells) - run.cellsLeft);
        else cyclesUsed += BigInt(Number(tx.cyclesLimit - intrinsic.cycles) - run.cyclesLeft);
        returnData = new TextEncoder().encode(error.detail).slice(0, 4096);
        return finish();
      }
      cyclesUsed += BigInt(Number(tx.cyclesLimit - intrinsic.cycles) - run.cyclesLeft);
      cellsUsed += BigInt(Number(tx.cellsLimit - intrinsic.cells) - run.cellsLeft);
      status = outcome.ok ? ReceiptStatus.Success : ReceiptStatus.Reverted;
      returnData = outcome.returnData;
      events = outcome.events;
      ctx.delivered.push(...run.delivered);
    }
    state.commitCheckpoint(checkpoint);
  } catch (error) {
    state.revertTo(checkpoint);
    if (error instanceof RangeError) status = ReceiptStatus.Reverted;
    else throw error;
  }
  return finish();

  function finish(): TxOutcome {
    const fees = settle(
      { cycles: cyclesUsed, cells: cellsUsed },
      { cycles: tx.cyclesLimit, cells: tx.cellsLimit },
      laneBasefees(tx, env, params),
      { cycle: { maxFee: tx.maxFeePerCycle, maxPriorityFee: tx.maxPriorityFeePerCycle }, cell: { maxFee: tx.maxFeePerCell, maxPriorityFee: tx.maxPriorityFeePerCell } },
    );
    accounts.credit(tx.from, fees.refund);
    accounts.credit(env.proposer, fees.tipped);

    return {
      lane: laneOf(tx),
      receipt: {
        status,
        cycles_used: cyclesUsed,
        cells_used: cellsUsed,
        fee_paid: fees.paid,
        fee_burned: fees.burned,
        fee_tipped: fees.tipped,
        return_data: returnData,
        events,
      },
    };
  }
}

/** Installs the code at its CREATE2-style address (§1.2) and runs the constructor. */
function deploy(run: TxRun, tx: Transaction, params: ChainParams): ActorOutcome {
  const instruction = tx.instruction;
  if (instruction.type !== "deploy_actor") throw new TypeError("not a deploy");
  const refuse = (message: string): ActorOutcome => ({ ok: false, returnData: new TextEncoder().encode(message), events: [] });
  if (!isCanonicalSource(instruction.code)) return refuse("ValueError: code is not canonical Python source (UTF-8 without a BOM, LF line endings, NFC-normalized)");
  const hash = codeHash(instruction.code);
  const address = actorAddress(tx.from, instruction.salt, hash);
  if (isSystemAddress(address, params.actors)) return refuse("ValueError: the address falls in the reserved system range");
  const existing = run.accounts.get(address);
  if (existing.code_hash !== null) return refuse(`ValueError: an actor already exists at 0x${Buffer.from(address).toString("hex")}`);
  return run.deploy(address, () => {
    run.state.set(actorCodeKey(address), instruction.code);
    run.accounts.put(address, { ...run.accounts.get(address), code_hash: hash });
  }, instruction.args);
}
