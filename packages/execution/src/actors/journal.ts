// The block journal (cips/actors.md "Observations outside consensus"): what a node keeps about a
// block's execution that no root commits to: the events and outcome of every timer fire, why each
// timer ended, and the debug trace (traceback, print output) of every actor transaction and fire.
// Execution fills it as it goes; nothing in the state transition reads it back.
import type { InvocationResult } from "@cowboy/pvm";
import type { Event, ReceiptStatusName } from "@cowboy/types";

/** Most bytes of print() output a trace keeps (the rest is cut, marked by `truncated`). */
export const MAX_TRACE_OUTPUT = 16_384;

/** One line of a Python traceback, innermost last. */
export interface TraceFrame {
  readonly file: string;
  readonly line: number;
  readonly function: string;
}

/** The Python error of a failed deploy, call or fire, with its traceback. */
export interface TraceError {
  readonly type: string;
  readonly message: string;
  readonly traceback: readonly TraceFrame[];
}

/** A debug trace: how the top-level frame ended, its error and everything the run printed. */
export interface DebugTrace {
  readonly status: ReceiptStatusName;
  readonly error: TraceError | null;
  readonly output: string;
}

/** Why a timer is gone. */
export type TimerEndReason = "insufficient_funds" | "expired" | "cancelled" | "completed";

/** A timer that ended in this block. */
export interface TimerEnd {
  readonly timerId: Uint8Array;
  readonly owner: Uint8Array;
  readonly handler: string;
  readonly reason: TimerEndReason;
}

/** A receipt-like record of one timer fire. */
export interface FireRecord {
  readonly timerId: Uint8Array;
  readonly owner: Uint8Array;
  readonly target: Uint8Array;
  readonly handler: string;
  readonly status: ReceiptStatusName;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  /** The events of the fire's committed frames (empty when it failed). */
  readonly events: readonly Event[];
  readonly trace: DebugTrace;
}

/** One transaction's trace, by its hash. */
export interface TxTrace {
  readonly txHash: Uint8Array;
  readonly trace: DebugTrace;
}

/** A job result delivered to its poster's continuation (cips/runner-market.md "Delivery"). */
export interface ContinuationRecord {
  readonly jobId: Uint8Array;
  readonly poster: Uint8Array;
  readonly callback: string;
  readonly jobStatus: string;
  /** How the continuation ended ("skipped" when the poster could not pay for it). */
  readonly status: ReceiptStatusName | "skipped";
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  readonly events: readonly Event[];
  readonly trace: DebugTrace;
}

/** What a block's execution observed, in execution order. */
export class BlockJournal {
  readonly traces: TxTrace[] = [];
  readonly fires: FireRecord[] = [];
  readonly ended: TimerEnd[] = [];
  /** Job continuations run by the jobs step (after the transactions and timers: never rewound). */
  readonly continuations: ContinuationRecord[] = [];
  /** The rent step's notices as events, the actor as emitter (cips/rent.md "Events"); after every fire. */
  readonly rent: Event[] = [];
  /** The governance step's proposal transitions as events from 0x09 (cips/governance.md "Events"); last in the block. */
  readonly governance: Event[] = [];

  mark(): readonly [number, number, number] {
    return [this.traces.length, this.fires.length, this.ended.length];
  }

  rewind(mark: readonly [number, number, number]): void {
    this.traces.length = mark[0];
    this.fires.length = mark[1];
    this.ended.length = mark[2];
  }
}

const FRAME_LINE = /^ {2}File "([^"]*)", line (\d+)(?:, in (.+))?$/;

/** The frames of a CPython-style traceback text, outermost first. */
export function parseTraceback(text: string | null): TraceFrame[] {
  if (text === null) return [];
  const frames: TraceFrame[] = [];
  for (const line of text.split("\n")) {
    const m = FRAME_LINE.exec(line);
    if (m !== null) frames.push({ file: m[1]!, line: Number(m[2]), function: m[3] ?? "<module>" });
  }
  return frames;
}

/** The error of a failed invocation as trace data (null for a success). */
export function traceErrorOf(res: InvocationResult): TraceError | null {
  const e = res.error;
  if (res.ok || e === undefined) return null;
  return { type: e.pyType ?? e.code, message: e.pyMessage ?? e.message, traceback: parseTraceback(e.traceback) };
}

/** Collects print() output up to MAX_TRACE_OUTPUT characters. */
export class OutputBuffer {
  #text = "";
  #truncated = false;

  readonly write = (s: string): void => {
    if (this.#truncated) return;
    const room = MAX_TRACE_OUTPUT - this.#text.length;
    if (s.length > room) {
      this.#text += s.slice(0, room);
      this.#truncated = true;
    } else this.#text += s;
  };

  get text(): string {
    return this.#truncated ? `${this.#text}\n[output truncated at ${MAX_TRACE_OUTPUT} characters]` : this.#text;
  }
}
