// One transaction's actor execution (cips/actors.md "Execution"): the top-level deploy or call, the
// synchronous calls it makes, and the cascade of queued messages, all inside the transaction's
// Cycle and Cell budget. Each frame (handler invocation) commits or reverts on its own checkpoint;
// exhausting the transaction's budget aborts the whole transaction (TxExhausted).
import { concatBytes, toHex } from "@cowboy/codec";
import { INTRINSIC_V1 } from "@cowboy/metering";
import { HostError, PvmError, STACK_WEIGHT_LIMIT, type CallBudget, type CallOutcome, type InvocationResult } from "@cowboy/pvm";
import { getRentRecord, reserveFor, RentStatus } from "@cowboy/rent";
import { actorCodeKey, systemKey } from "@cowboy/state";
import type { Event } from "@cowboy/types";
import { TxExhausted } from "../errors.js";
import type { ActorBlockContext, ActorOutcome, BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";
import { errorBytes, errorLine, exceptionLine, failedInvocation } from "./exceptions.js";
import { deployTarget, installer } from "./install.js";
import { ChainHost, type FrameRunner } from "./host.js";
import { OutputBuffer, traceErrorOf, type TimerEnd, type TraceError } from "./journal.js";
import { u64be, type QueuedMessage } from "./message.js";
import { isEventListener, listenerCall } from "../interop/call.js";
import { dispatcherCall, isJobDispatcher } from "./runnerCall.js";
import { isStorageManager, storageManagerCall } from "./storageCall.js";
import { rentConfigOf } from "../rent.js";

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();
/** Decoded actor sources by the code bytes the state returned (a state may hand out the same array again). */
const sources = new WeakMap<Uint8Array, string>();

function sourceOf(code: Uint8Array): string {
  let s = sources.get(code);
  if (s === undefined) {
    s = utf8Decoder.decode(code);
    sources.set(code, s);
  }
  return s;
}

interface FrameResult {
  readonly res: InvocationResult;
  readonly host: ChainHost | null;
  /** Whether the Cycle cap was the caller's budget (not the actor's per-block allowance). */
  readonly budgetBound: boolean;
}

export class TxRun implements FrameRunner {
  readonly accounts: Accounts;
  cyclesLeft: number;
  cellsLeft: number;
  readonly events: Event[] = [];
  readonly delivered: Uint8Array[] = [];
  /** Timers cancelled by committed frames (the block journal's, outside consensus). */
  readonly ended: TimerEnd[] = [];
  /** print() output of every frame of the run (debug trace, outside consensus). */
  readonly output = new OutputBuffer();
  /** The top-level frame's Python error, when it failed (debug trace). */
  error: TraceError | null = null;
  readonly #queue: QueuedMessage[] = [];
  #enqueued = 0;
  readonly #mailbox = new Map<string, number>();
  readonly #active = new Map<string, number>();

  constructor(
    readonly state: StateAccess,
    readonly env: BlockEnv,
    readonly params: ChainParams,
    readonly block: ActorBlockContext,
    readonly origin: Uint8Array,
    cycles: bigint,
    cells: bigint,
    readonly options: { readonly deliver: boolean } = { deliver: true },
  ) {
    this.accounts = new Accounts(state, params.accountKey);
    this.cyclesLeft = Number(cycles);
    this.cellsLeft = Number(cells);
  }

  activeFrames(self: Uint8Array): number {
    return this.#active.get(toHex(self)) ?? 0;
  }

  /** Counts a send against the transaction's fanout and the target's mailbox. */
  reserveMessage(to: Uint8Array, bytes: number): void {
    const limits = this.params.actors;
    if (this.#enqueued >= limits.maxMessagesPerTx) throw new HostError("RuntimeError", `a transaction may enqueue at most ${limits.maxMessagesPerTx} messages`);
    const key = toHex(to);
    const pending = (this.#mailbox.get(key) ?? 0) + bytes;
    if (pending > limits.mailboxBytes) throw new HostError("RuntimeError", `mailbox of 0x${key} is full (${limits.mailboxBytes} bytes)`);
    this.#enqueued++;
    this.#mailbox.set(key, pending);
  }

  #release(m: QueuedMessage): void {
    const key = toHex(m.to);
    this.#mailbox.set(key, (this.#mailbox.get(key) ?? 0) - (m.method.length + m.payload.length));
  }

  debitActor(self: Uint8Array, amount: bigint): void {
    if (amount === 0n) return;
    const account = this.accounts.get(self);
    const have = account.balance;
    if (have < amount) throw new HostError("ValueError", `insufficient balance: ${have} < ${amount}`);
    // The rent reserve (cips/rent.md "Reserve"): an actor above the grace threshold keeps a share of a year's rent.
    const reserve = reserveFor(this.state, self, account.storage_bytes, rentConfigOf(this.params), BigInt(this.params.actors.storageQuotaBytes));
    if (have - amount < reserve) throw new HostError("ValueError", `insufficient balance: moving ${amount} of ${have} would leave less than the rent reserve of ${reserve}`);
    this.accounts.debit(self, amount);
  }

  /** The refusal of a call into a dormant actor (evicted for unpaid rent), or null. */
  #dormant(target: Uint8Array): FrameResult | null {
    const record = getRentRecord(this.state, target);
    if (record?.status !== RentStatus.Dormant) return null;
    const at = record.evicted === null ? "" : ` at height ${record.evicted.height}`;
    const message = `actor 0x${toHex(target)} is dormant: its storage was evicted for unpaid rent${at}; anyone may restore it with rent_restore`;
    return { res: failedInvocation({ type: "RuntimeError", message }), host: null, budgetBound: false };
  }

  /** Runs one handler invocation on its own checkpoint. `enter` moves value (and installs code). */
  #frame(
    kind: "deploy" | "call",
    target: Uint8Array,
    sender: Uint8Array,
    value: bigint,
    method: string,
    payload: Uint8Array,
    depth: number,
    budget: CallBudget,
    enter: () => void,
  ): FrameResult {
    const code = kind === "call" ? this.state.get(actorCodeKey(target)) : undefined;
    if (kind === "call" && code === undefined) return { res: failedInvocation({ type: "LookupError", message: `no actor at 0x${toHex(target)}` }), host: null, budgetBound: false };
    const dormant = kind === "call" ? this.#dormant(target) : null;
    if (dormant !== null) return dormant;
    const key = toHex(target);
    const allowance = this.params.actors.cyclesPerActorPerBlock - (this.block.cyclesByActor.get(key) ?? 0);
    // Built only when the allowance is the reason a frame fails (not on every call).
    const spent = () => ({ type: "RuntimeError", message: `actor 0x${key} has used its ${this.params.actors.cyclesPerActorPerBlock} Cycles for this block` }) as const;
    if (allowance <= 0) return { res: failedInvocation(spent()), host: null, budgetBound: false };
    const cap = Math.min(budget.cycles, allowance);
    const checkpoint = this.state.checkpoint();
    try {
      enter();
    } catch (e) {
      this.state.revertTo(checkpoint);
      if (e instanceof HostError) return { res: failedInvocation({ type: e.pyType, message: e.message }), host: null, budgetBound: false };
      throw e;
    }
    const source = sourceOf(code ?? this.state.get(actorCodeKey(target))!);
    const host = new ChainHost(this, { self: target, sender, value, depth, kind });
    this.#active.set(key, (this.#active.get(key) ?? 0) + 1);
    const interpreter = this.block.interpreters.interpreterFor(target);
    let res: InvocationResult;
    try {
      res = interpreter.pvm.invokeActor({
        source,
        filename: "actor.py",
        host,
        kind,
        method,
        args: payload,
        cyclesLimit: cap,
        cellsLimit: budget.cells,
        stackLimit: budget.stack,
        memoryLimit: this.params.actors.memoryPerCall,
        parseCache: interpreter.parseCache,
        ...(interpreter.sessions === undefined ? {} : { sessions: interpreter.sessions }),
        stdout: this.output.write,
        ...(this.block.stdlib === undefined ? {} : { stdlib: this.block.stdlib }),
      });
    } finally {
      this.#active.set(key, this.#active.get(key)! - 1);
    }
    // The actor's per-block allowance ran out, not the transaction's Cycles: the frame fails with the documented error
    // (cips/actors.md "Limits"), having used what it ran.
    if (!res.ok && res.error?.code === "OutOfCycles" && cap < budget.cycles) {
      const { type, message } = spent();
      res = { ...res, error: new PvmError("PythonException", `${type}: ${message}`, type, message, res.error.traceback) };
    }
    this.block.cyclesByActor.set(key, (this.block.cyclesByActor.get(key) ?? 0) + res.cycles);
    this.block.interpreters.record(target, res.cycles);
    if (res.ok) this.state.commitCheckpoint(checkpoint);
    else {
      this.state.revertTo(checkpoint);
      for (const m of host.outbox) this.#release(m);
    }
    return { res, host, budgetBound: budget.cycles <= allowance };
  }

  /** A synchronous call from a running handler (host.callActor). */
  nestedCall(caller: ChainHost, to: Uint8Array, method: string, payload: Uint8Array, value: bigint, budget: CallBudget): CallOutcome {
    const from = caller.frame.self;
    // The EventListener (0x14) has no code: its methods run natively (cips/interop.md "Subscribing").
    if (this.params.interop !== undefined && isEventListener(to)) return listenerCall(this, from, method, payload, value, caller.frame.kind === "deploy");
    // The Job Dispatcher (0x02) has no code either: runner.submit runs natively (cips/runner-market.md "SDK").
    if (this.params.runnerMarket !== undefined && isJobDispatcher(to)) return dispatcherCall(this, from, method, payload, value);
    // The Storage Manager (0x0A) has no code either: cowboy_sdk.cbfs runs natively (cips/cbfs.md §8.1).
    if (isStorageManager(to)) return storageManagerCall(this, from, method, payload, value);
    const { res, host } = this.#frame("call", to, from, value, method, payload, caller.frame.depth + 1, budget, () => {
      this.debitActor(from, value);
      this.accounts.credit(to, value);
    });
    if (!res.ok || host === null) return { ok: false, error: errorLine(res), cycles: res.cycles, cells: res.cells };
    caller.events.push(...host.events);
    caller.ended.push(...host.ended);
    caller.outbox.push(...host.outbox);
    return { ok: true, data: res.returnData, cycles: res.cycles, cells: res.cells };
  }

  /**
   * A child actor deployed by a running handler (host.deployActor; cips/actors.md "Child actors"): priced as a
   * deploy_actor instruction's intrinsic cost (Cycles, and Cells per byte of code and arguments) plus its constructor,
   * at the address actorAddress(parent, salt, keccak256(code)), inheriting the parent's inheritable requires. It runs
   * inside the parent's frame, so it is undone with it; a refused deploy or a failing constructor leaves nothing.
   */
  nestedDeploy(caller: ChainHost, code: Uint8Array, salt: Uint8Array, args: Uint8Array, budget: CallBudget): CallOutcome {
    const parent = caller.frame.self;
    const price = INTRINSIC_V1.deploy;
    const cycles = Number(price.cycles);
    const cells = Number(price.cells + price.cellsPerPayloadByte * BigInt(code.length + args.length));
    if (budget.cycles < cycles || budget.cells < cells) return { ok: false, error: "RuntimeError: the call's budget does not cover a deploy", cycles, cells };
    const target = deployTarget(this, parent, code, salt);
    if ("refusal" in target) return { ok: false, error: exceptionLine(target.refusal), cycles, cells };
    const left = { cycles: budget.cycles - cycles, cells: budget.cells - cells, stack: budget.stack };
    const install = installer(this, this.env.height, target, code, { parent });
    const { res, host } = this.#frame("deploy", target.address, parent, 0n, "__init__", args, caller.frame.depth + 1, left, install);
    if (!res.ok || host === null) return { ok: false, error: errorLine(res), cycles: cycles + res.cycles, cells: cells + res.cells };
    caller.events.push(...host.events);
    caller.ended.push(...host.ended);
    caller.outbox.push(...host.outbox);
    return { ok: true, data: target.address.slice(), cycles: cycles + res.cycles, cells: cells + res.cells };
  }

  /**
   * A token validation hook called from a transaction (cips/tokens.md "Hooks"): `target.method(payload)` as a
   * frame of its own at depth 1 with at most `cap` Cycles, charged to this run. Its writes stand when it
   * succeeds; its events and messages are dropped. Running out of the transaction's own budget is TxExhausted.
   */
  hook(caller: Uint8Array, target: Uint8Array, method: string, payload: Uint8Array, cap: number): CallOutcome {
    const bound = cap < this.cyclesLeft;
    const budget = { cycles: bound ? cap : this.cyclesLeft, cells: this.cellsLeft, stack: STACK_WEIGHT_LIMIT };
    const r = this.#frame("call", target, caller, 0n, method, payload, 1, budget, () => {});
    this.cyclesLeft -= r.res.cycles;
    this.cellsLeft -= r.res.cells;
    const code = r.res.error?.code;
    if (code === "OutOfCycles" && !bound && r.budgetBound) throw new TxExhausted("OUT_OF_CYCLES", errorLine(r.res), { detail: errorLine(r.res) });
    if (code === "OutOfCells") throw new TxExhausted("OUT_OF_CELLS", errorLine(r.res), { detail: errorLine(r.res) });
    return r.res.ok
      ? { ok: true, data: r.res.returnData, cycles: r.res.cycles, cells: r.res.cells }
      : { ok: false, error: errorLine(r.res), cycles: r.res.cycles, cells: r.res.cells };
  }

  #budget(): CallBudget {
    return { cycles: this.cyclesLeft, cells: this.cellsLeft, stack: STACK_WEIGHT_LIMIT };
  }

  /** Accounts a top-level or cascaded frame against the transaction; throws TxExhausted. */
  #settle(r: FrameResult): void {
    this.cyclesLeft -= r.res.cycles;
    this.cellsLeft -= r.res.cells;
    const code = r.res.error?.code;
    if (code === "OutOfCycles" && r.budgetBound) throw new TxExhausted("OUT_OF_CYCLES", errorLine(r.res), { detail: errorLine(r.res) });
    if (code === "OutOfCells") throw new TxExhausted("OUT_OF_CELLS", errorLine(r.res), { detail: errorLine(r.res) });
    if (r.res.ok && r.host !== null) {
      this.events.push(...r.host.events);
      this.ended.push(...r.host.ended);
      this.#queue.push(...r.host.outbox);
    }
  }

  /** Runs the constructor of a freshly installed actor, then the cascade. */
  deploy(address: Uint8Array, install: () => void, payload: Uint8Array): ActorOutcome {
    const r = this.#frame("deploy", address, this.origin, 0n, "__init__", payload, 1, this.#budget(), install);
    this.error = traceErrorOf(r.res);
    this.#settle(r);
    this.#drain();
    return { ok: r.res.ok, returnData: r.res.ok ? address.slice() : errorBytes(errorLine(r.res)), events: this.events };
  }

  /** A transaction's call into an actor, then the cascade. */
  call(target: Uint8Array, method: string, payload: Uint8Array, value: bigint): ActorOutcome {
    const from = this.origin;
    const r = this.#frame("call", target, from, value, method, payload, 1, this.#budget(), () => {
      this.accounts.debit(from, value);
      this.accounts.credit(target, value);
    });
    this.error = traceErrorOf(r.res);
    this.#settle(r);
    this.#drain();
    return { ok: r.res.ok, returnData: r.res.ok ? r.res.returnData : errorBytes(errorLine(r.res)), events: this.events };
  }

  /** Delivers queued messages in FIFO order until the queue is empty. */
  #drain(): void {
    if (!this.options.deliver) return;
    for (let i = 0; i < this.#queue.length; i++) {
      const m = this.#queue[i]!;
      this.#release(m);
      const dedupKey = systemKey("dedup", concatBytes(m.to, m.id));
      if (this.state.get(dedupKey) !== undefined) continue;
      const r = this.#frame("call", m.to, m.from, m.value, m.method, m.payload, m.depth, this.#budget(), () => this.accounts.credit(m.to, m.value));
      if (!r.res.ok) {
        this.accounts.credit(m.from, m.value);
        this.events.push({ emitter: m.to, topic: utf8.encode("cowboy:delivery_failed"), data: concatBytes(m.id, errorBytes(errorLine(r.res))) });
      }
      this.state.set(dedupKey, u64be(this.env.height + this.params.actors.dedupWindow));
      this.delivered.push(concatBytes(m.to, m.id));
      this.#settle(r);
    }
  }
}
