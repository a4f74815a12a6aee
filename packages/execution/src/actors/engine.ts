// Which copy of the Python interpreter runs an actor (not consensus: every copy gives the same
// results and Cycles; only speed differs).
//
// V8 keeps type feedback per function literal, and the PVM compiles Python into closures, so one
// interpreter that has run many different actors runs each of them up to ~2x slower than one that
// ran only it (@cowboy/pvm's README, "Benchmarks": shared against fresh). A node therefore keeps
// several copies of the built interpreter (`loadIsolatedPvm`). Copy 0 runs every actor at first;
// an actor that has used `promoteAfterCycles` moves to a copy of its own while free copies remain,
// so the hot actors run on copies that nothing else pollutes and the long tail shares copy 0.
// Values never cross between copies: an invocation takes and returns bytes.
import { toHex } from "@cowboy/codec";
import * as pvm from "@cowboy/pvm";
import { ExecutionError } from "../errors.js";
import type { Interpreter, InterpreterPool } from "../types.js";

export type PvmModule = typeof pvm;

/** Actor modules whose compiled sessions a copy keeps warm (least recently used dropped). */
const SESSIONS_PER_COPY = 256;

/** Cycle tallies of actors still on copy 0 are forgotten once this many are kept. */
const MAX_TALLIED = 65_536;

export interface EngineOptions {
  /** Cycles an actor uses (over all its invocations) before it gets a copy of its own; default 1M. */
  readonly promoteAfterCycles?: number;
}

export interface LoadEngineOptions extends EngineOptions {
  /** How many copies of the built interpreter to load (integer 1..64). */
  readonly copies: number;
}

export interface EngineOfOptions extends EngineOptions {
  /** The interpreter modules, one per copy (at least one). */
  readonly modules: readonly PvmModule[];
}

/** The node's InterpreterPool: several copies of the built interpreter, hot actors on copies of their own. */
export class ActorEngine implements InterpreterPool {
  readonly #copies: readonly Interpreter[];
  readonly #threshold: number;
  /** Actors on a copy of their own. */
  readonly #own = new Map<string, Interpreter>();
  /** Cycles used so far by actors still on copy 0. */
  readonly #used = new Map<string, number>();
  #nextFree = 1;

  private constructor(copies: readonly PvmModule[], options: EngineOptions) {
    if (copies.length === 0) throw new ExecutionError("INVALID_ARGUMENT", "an ActorEngine needs at least one interpreter");
    const t = options.promoteAfterCycles ?? 1_000_000;
    if (!Number.isSafeInteger(t) || t < 0) throw new ExecutionError("INVALID_ARGUMENT", `promoteAfterCycles must be a non-negative integer, got ${t}`);
    this.#copies = copies.map((m) => {
      const parseCache = new m.ParseCache();
      return { pvm: m, parseCache, sessions: new m.SessionCache(SESSIONS_PER_COPY, 4, parseCache) };
    });
    this.#threshold = t;
  }

  /** The interpreter this package imports, with one long-lived parse cache. */
  static single(): ActorEngine {
    return new ActorEngine([pvm], {});
  }

  /** Over the given interpreter modules (tests; callers that load copies themselves). */
  static of(options: EngineOfOptions): ActorEngine {
    if (options === null || typeof options !== "object" || !Array.isArray(options.modules))
      throw new ExecutionError("INVALID_ARGUMENT", "ActorEngine.of: options.modules must be an array of interpreter modules");
    return new ActorEngine(options.modules, options);
  }

  /**
   * `copies` separate copies of the built interpreter. Running from the TypeScript sources (tests,
   * tsx development) there is no bundle to copy: the engine is `single()`.
   */
  static async load(options: LoadEngineOptions): Promise<ActorEngine> {
    const copies = options?.copies;
    if (!Number.isInteger(copies) || copies < 1 || copies > 64) throw new ExecutionError("INVALID_ARGUMENT", `interpreter copies must be an integer from 1 to 64, got ${copies}`);
    if (copies === 1) return ActorEngine.single();
    const modules: PvmModule[] = [];
    for (let i = 0; i < copies; i++) {
      const m = await pvm.loadIsolatedPvm<PvmModule>(`actors-${i}`);
      if (m === null) return ActorEngine.single();
      modules.push(m);
    }
    return new ActorEngine(modules, options);
  }

  /** How many interpreter copies there are. */
  get copies(): number {
    return this.#copies.length;
  }

  /** The interpreter `actor` runs on now: its own copy once promoted, else copy 0. */
  interpreterFor(actor: Uint8Array): Interpreter {
    const copies = this.#copies;
    if (copies.length === 1) return copies[0]!;
    return this.#own.get(keyOf(actor)) ?? copies[0]!;
  }

  /** Counts an invocation's Cycles; past the threshold the actor moves to a free copy of its own. */
  record(actor: Uint8Array, cycles: number): void {
    if (this.#nextFree >= this.#copies.length) return;
    const key = keyOf(actor);
    if (this.#own.has(key)) return;
    const used = (this.#used.get(key) ?? 0) + cycles;
    if (used >= this.#threshold) {
      this.#own.set(key, this.#copies[this.#nextFree++]!);
      this.#used.delete(key);
      return;
    }
    if (this.#used.size >= MAX_TALLIED && !this.#used.has(key)) this.#used.clear();
    this.#used.set(key, used);
  }
}

function keyOf(actor: Uint8Array): string {
  return toHex(actor);
}
