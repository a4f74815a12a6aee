// The per-block actor bookkeeping (cips/actors.md "Limits", "Dedup"): Cycles per actor, delivered
// message ids, and the interpreter copies actors run on. A builder marks and rewinds it when it
// drops a transaction it had tried.
import * as pvm from "@cowboy/pvm";
import { ExecutionError } from "../errors.js";
import type { ActorBlockContext, Interpreter, InterpreterPool } from "../types.js";
import { BlockJournal } from "./journal.js";

export interface ActorContextOptions {
  /** The interpreter copies to run actors on (a node's ActorEngine). Default: this package's interpreter with a per-block parse cache. */
  readonly interpreters?: InterpreterPool;
  /** A whitelisted-module registry other than @cowboy/pvm's standardLibrary() (tests, tools). Excludes `interpreters`: a registry belongs to the copy that built it. */
  readonly stdlib?: pvm.ModuleRegistry;
  /** The parse cache of the default interpreter (kept across blocks by a caller). Excludes `interpreters`, which keep their own. */
  readonly parseCache?: pvm.ParseCache;
}

/** One interpreter, this package's own, with one parse cache (default: a fresh one): the pool of a block without an engine. */
export function singleInterpreter(options: { readonly parseCache?: pvm.ParseCache } = {}): InterpreterPool {
  const parseCache = options.parseCache ?? new pvm.ParseCache();
  const interpreter: Interpreter = { pvm, parseCache, sessions: new pvm.SessionCache(64, 4, parseCache) };
  return { interpreterFor: () => interpreter, record: () => {} };
}

export function newActorBlockContext(options: ActorContextOptions = {}): ActorBlockContext {
  if (options.interpreters !== undefined && options.stdlib !== undefined) {
    throw new ExecutionError(
      "CONTRADICTORY_OPTIONS",
      "newActorBlockContext: `stdlib` and `interpreters` exclude each other (a module registry belongs to the interpreter copy that built it)",
    );
  }
  if (options.interpreters !== undefined && options.parseCache !== undefined) {
    throw new ExecutionError("CONTRADICTORY_OPTIONS", "newActorBlockContext: `parseCache` and `interpreters` exclude each other (interpreter copies keep their own parse caches)");
  }
  return {
    cyclesByActor: new Map(),
    delivered: [],
    interpreters: options.interpreters ?? singleInterpreter(options.parseCache === undefined ? {} : { parseCache: options.parseCache }),
    ...(options.stdlib === undefined ? {} : { stdlib: options.stdlib }),
    journal: new BlockJournal(),
  };
}

/** A point to rewind the block's actor bookkeeping to when a builder drops a transaction. */
export interface ActorMark {
  readonly cycles: Map<string, number>;
  readonly delivered: number;
  readonly journal: readonly [number, number, number];
}

export function markActors(ctx: ActorBlockContext): ActorMark {
  return { cycles: new Map(ctx.cyclesByActor), delivered: ctx.delivered.length, journal: ctx.journal.mark() };
}

export function rewindActors(ctx: ActorBlockContext, mark: ActorMark): void {
  ctx.cyclesByActor.clear();
  for (const [k, v] of mark.cycles) ctx.cyclesByActor.set(k, v);
  ctx.delivered.length = mark.delivered;
  ctx.journal.rewind(mark.journal);
}
