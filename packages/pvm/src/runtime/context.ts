// The per-run state of the interpreter: the Cycle budget, memory accounting, call depth, id()
// counter and output. One Runtime per call (per script run, per actor method call); nothing here
// is shared between runs.
import { OutOfCells, OutOfCycles } from "@cowboy/metering";
import { C, RECOUNT_CYCLES } from "./costs.js";
import { pyErr, type PyBaseException } from "./exceptions.js";
import type { Frame } from "./frame.js";
import { countLive } from "./heap.js";
import type { PyObject } from "./object.js";

export interface RuntimeOptions {
  cyclesLimit: number;
  memoryLimit: number;
  recursionLimit: number;
  /** Budget of compile-time-weighted JS stack units, see cips/pvm.md "stack weight". */
  stackLimit: number;
  stdout: (text: string) => void;
  /** Cells (bytes) this call may consume (CIP-3 §2.2.2); default unlimited. */
  cellsLimit?: number;
}

/**
 * The most Cycles `budget` holds at once. The hot counter stays a small integer (V8 keeps it
 * unboxed: a counter above 2^31 is a heap number, and every charge would box a new one); the rest of
 * the allowance waits in `reserve` and moves over when the counter runs out.
 */
const CHUNK = 1 << 30;

/**
 * What the live-heap recounts of one call may forgive in total (counter minus live figure, summed),
 * in multiples of the call's memory budget: the bound on host memory the recount cannot see
 * (cips/pvm.md, "Memory accounting").
 */
export const RECOUNT_ALLOWANCE = 32;

/**
 * After a recount finds L live bytes the next waits until the counter passes
 * max(budget, L + budget / RECOUNT_SLACK): each recount then follows at least a quarter of the
 * budget of charged bytes, and the counter exceeds the budget by at most that quarter.
 */
export const RECOUNT_SLACK = 4;

export class Runtime {
  /**
   * Cycles available before the next refill from `reserve`: every charge is
   * `if ((rt.budget -= n) < 0) rt.overdrawn(n)`. Negative only at the instant of a charge that
   * crosses zero (or after the run failed).
   */
  budget: number;
  /** Cycles of the allowance not yet moved into `budget`. */
  reserve: number;
  readonly cyclesLimit: number;
  /**
   * The memory counter: bytes charged at allocation since the call began or, after a live-heap
   * recount, the live figure it found plus what was charged since.
   */
  memory = 0;
  readonly memoryLimit: number;
  /** The counter value past which `alloc` recounts: the budget, or max(budget, live + budget / 4) after a recount. */
  recountAt: number;
  /** Bytes this call's recounts have forgiven (see RECOUNT_ALLOWANCE). */
  forgiven = 0;
  /** Recounts run in this call. */
  recounts = 0;
  /** The innermost running frame; `Frame.back` links the rest (a root of the recount). */
  top: Frame | null = null;
  /** Roots that outlive a frame: module namespaces, the actor instance and its call's result. */
  readonly roots: unknown[] = [];
  /** Partial results held by native code while it runs Python code (arrays being filled). */
  readonly pins: unknown[] = [];
  depth = 0;
  readonly recursionLimit: number;
  stack = 0;
  stackLimit: number;
  stdout: (text: string) => void;
  cells = 0;
  cellsLimit: number;
  /** Exceptions currently being handled (innermost last), for __context__ and bare `raise`. */
  readonly handling: PyBaseException[] = [];
  /** Containers whose repr is being computed (self-reference shows as `[...]`). */
  readonly reprActive = new Set<PyObject>();
  #nextId = 1;
  #ids = new WeakMap<object, number>();
  /**
   * Scratch for slice bounds (start, stop, step, length), written last by `sliceBounds` so no
   * user __index__ can clobber it before the caller reads it: hot slices allocate no tuple.
   */
  readonly sliceOut = new Float64Array(4);

  constructor(opts: RuntimeOptions) {
    this.budget = 0;
    this.reserve = 0;
    this.cyclesLimit = opts.cyclesLimit;
    this.fill(opts.cyclesLimit);
    this.memoryLimit = opts.memoryLimit;
    this.recountAt = opts.memoryLimit;
    this.recursionLimit = opts.recursionLimit;
    this.stackLimit = opts.stackLimit;
    this.stdout = opts.stdout;
    this.cellsLimit = opts.cellsLimit ?? Number.MAX_SAFE_INTEGER;
  }

  /** Charge Cells for bytes written by a host call; OutOfCells is not catchable by Python. */
  chargeCells(n: number): void {
    const next = this.cells + n;
    if (next > this.cellsLimit) {
      const used = this.cells;
      this.cells = this.cellsLimit;
      throw new OutOfCells(BigInt(this.cellsLimit), BigInt(used), BigInt(n));
    }
    this.cells = next;
  }

  /** Start a new metered call on this runtime (actor calls share module state, not meters). */
  reset(cyclesLimit: number, memoryLimit: number): void {
    this.fill(cyclesLimit);
    (this as { cyclesLimit: number }).cyclesLimit = cyclesLimit;
    (this as { memoryLimit: number }).memoryLimit = memoryLimit;
    this.memory = 0;
    this.recountAt = memoryLimit;
    this.forgiven = 0;
    this.recounts = 0;
    this.top = null;
    this.pins.length = 0;
    this.cells = 0;
    this.depth = 0;
    this.stack = 0;
    // A call that halted mid-operation (OutOfCycles, OutOfCells) may have left these behind.
    this.handling.length = 0;
    this.reprActive.clear();
  }

  /**
   * Start an unrelated invocation on a reused runtime (a warm actor session, actor/session.ts):
   * fresh meters as `reset`, and nothing of the previous invocation reachable or numbered — the
   * recount's roots are emptied and `id()` starts again at 1, exactly as on a new Runtime.
   */
  restart(limits: { cyclesLimit: number; memoryLimit: number; cellsLimit: number; stackLimit: number }, stdout: (text: string) => void): void {
    this.reset(limits.cyclesLimit, limits.memoryLimit);
    this.cellsLimit = limits.cellsLimit;
    this.stackLimit = limits.stackLimit;
    this.stdout = stdout;
    this.roots.length = 0;
    this.#ids = new WeakMap();
    this.#nextId = 1;
  }

  /** Split an allowance between the counter and the reserve. */
  private fill(cycles: number): void {
    const now = Math.min(cycles, CHUNK);
    this.budget = now;
    this.reserve = cycles - now;
  }

  get cyclesUsed(): number {
    return this.cyclesLimit - Math.max(this.budget + this.reserve, 0);
  }

  /** Charge `n` Cycles; on exhaustion throw OutOfCycles, which Python code cannot catch. */
  charge(n: number): void {
    if ((this.budget -= n) < 0) this.overdrawn(n);
  }

  /**
   * The slow path of a charge of `n` that took `budget` below zero: refill the counter from the
   * reserve, or, when the whole allowance is spent, throw OutOfCycles (the charge is not taken).
   */
  overdrawn(n: number): void {
    const left = this.budget + this.reserve;
    if (left >= 0) {
      const take = Math.min(this.reserve, CHUNK - this.budget);
      this.budget += take;
      this.reserve -= take;
      if (this.budget >= 0) return;
    }
    const used = BigInt(this.cyclesLimit - (left + n));
    this.budget = -1;
    this.reserve = 0;
    throw new OutOfCycles(BigInt(this.cyclesLimit), used < 0n ? 0n : used, BigInt(n));
  }

  /**
   * Account `bytes` of allocation *before* allocating (cips/pvm.md, "Memory accounting"): a bump
   * counter, so a bomb fails before any host memory is used; past `recountAt` the live heap is
   * recounted, and MemoryError is raised only if the live figure plus `bytes` exceeds the budget.
   */
  alloc(bytes: number): void {
    // A large backing store costs time in proportion to its bytes (cips/metering.md "Large
    // containers"); one larger than the whole budget is a bomb, refused below with MemoryError.
    if (bytes >= C.largeAllocationBytes && bytes <= this.memoryLimit) this.charge(C.largeAllocation(bytes));
    const next = this.memory + bytes;
    if (next > this.recountAt) this.recount(bytes);
    else this.memory = next;
  }

  /**
   * The slow path of `alloc`: set the counter to the bytes reachable from the roots (charging
   * Cycles per object visited), then take the allocation or raise MemoryError. Recounts forgive
   * at most RECOUNT_ALLOWANCE budgets per call; RECOUNT_SLACK spaces them out.
   */
  private recount(bytes: number): void {
    const limit = this.memoryLimit;
    const allowance = RECOUNT_ALLOWANCE * limit;
    // A request larger than the whole budget (a bomb) fails without a recount, as it always did.
    if (bytes > limit) throw pyErr("MemoryError", `memory limit of ${limit} bytes exceeded`);
    const spent = `memory limit of ${limit} bytes exceeded (the call's recount allowance of ${allowance} bytes is spent)`;
    if (this.forgiven >= allowance) throw pyErr("MemoryError", spent);
    this.charge(RECOUNT_CYCLES.base);
    const before = this.memory;
    const live = countLive(this.rootList(), () => this.charge(RECOUNT_CYCLES.perVisit)).bytes;
    this.recounts++;
    // Forgive at most what is left of the allowance.
    const after = Math.max(live, before - (allowance - this.forgiven));
    if (after < before) this.forgiven += before - after;
    this.memory = after;
    if (after + bytes > limit) {
      // No slack while over: every further allocation past the budget recounts (paying Cycles).
      this.recountAt = limit;
      throw pyErr("MemoryError", after > live ? spent : `memory limit of ${limit} bytes exceeded`);
    }
    this.memory = after + bytes;
    this.recountAt = Math.max(limit, after + Math.floor(limit / RECOUNT_SLACK));
  }

  /** The recount's roots: persistent roots, the running frames innermost first, handled exceptions, pins. */
  private rootList(): unknown[] {
    const out: unknown[] = this.roots.slice();
    for (let f = this.top; f !== null; f = f.back) out.push(f);
    for (const e of this.handling) out.push(e);
    for (const p of this.pins) out.push(p);
    return out;
  }

  /** Count one level of recursion inside a builtin operation (repr, ==, hash of nested containers). */
  enter(what: string): void {
    if (++this.depth > this.recursionLimit) {
      this.depth--;
      throw pyErr("RecursionError", `maximum recursion depth exceeded${what}`);
    }
  }
  leave(): void {
    this.depth--;
  }

  /** Deterministic id(): allocation order of first request, starting at 1. */
  idOf(o: PyObject): number {
    let id = this.#ids.get(o);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(o, id);
    }
    return id;
  }
}
