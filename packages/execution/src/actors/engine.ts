// Which copy of the Python interpreter runs an actor (not consensus: every copy gives the same
// results and Cycles; only speed differs).
//
// V8 keeps type feedback per function literal, and the PVM compiles Python into closures, so one
// interpreter that has run many different actors runs each of them up to ~2x slower than one that
// ran only it (@cowboy/pvm's README, "Benchmarks": shared against fresh). A node therefore keeps
// several copies of the built interpreter (`loadIsolatedPvm`) and gives each actor, on first sight,
// the next copy in turn: with as many copies as hot actors, each runs as in a process of its own.
// Values never cross between copies: an invocation takes and returns bytes.
import * as pvm from "@cowboy/pvm";

export type PvmModule = typeof pvm;

/** One interpreter copy and its parse cache (parsed actor and SDK modules, kept across blocks). */
export interface Interpreter {
  readonly pvm: PvmModule;
  readonly parseCache: pvm.ParseCache;
}

/** Actors remembered by address; beyond this many, the rest are spread by address hash. */
const MAX_ASSIGNED = 65_536;

export class ActorEngine {
  readonly #copies: readonly Interpreter[];
  readonly #assigned = new Map<string, Interpreter>();
  #next = 0;

  private constructor(copies: readonly PvmModule[]) {
    if (copies.length === 0) throw new RangeError("an ActorEngine needs at least one interpreter");
    this.#copies = copies.map((m) => ({ pvm: m, parseCache: new m.ParseCache() }));
  }

  /** The interpreter this package imports, with one long-lived parse cache. */
  static single(): ActorEngine {
    return new ActorEngine([pvm]);
  }

  /** Round-robin over the given interpreter modules (tests; callers that load copies themselves). */
  static of(modules: readonly PvmModule[]): ActorEngine {
    return new ActorEngine(modules);
  }

  /**
   * `copies` separate copies of the built interpreter (integer 1..64). Running from the TypeScript
   * sources (tests, tsx development) there is no bundle to copy: the engine is `single()`.
   */
  static async load(copies: number): Promise<ActorEngine> {
    if (!Number.isInteger(copies) || copies < 1 || copies > 64) throw new RangeError(`interpreter copies must be an integer from 1 to 64, got ${copies}`);
    if (copies === 1) return ActorEngine.single();
    const modules: PvmModule[] = [];
    for (let i = 0; i < copies; i++) {
      const m = await pvm.loadIsolatedPvm<PvmModule>(`actors-${i}`);
      if (m === null) return ActorEngine.single();
      modules.push(m);
    }
    return new ActorEngine(modules);
  }

  /** How many interpreter copies actors are spread over. */
  get copies(): number {
    return this.#copies.length;
  }

  /** The interpreter for `actor`: the same one every time within this engine's life. */
  interpreterFor(actor: Uint8Array): Interpreter {
    const copies = this.#copies;
    if (copies.length === 1) return copies[0]!;
    const key = Buffer.from(actor).toString("latin1");
    const known = this.#assigned.get(key);
    if (known !== undefined) return known;
    if (this.#assigned.size >= MAX_ASSIGNED) return copies[hashIndex(actor, copies.length)]!;
    const it = copies[this.#next]!;
    this.#next = (this.#next + 1) % copies.length;
    this.#assigned.set(key, it);
    return it;
  }
}

function hashIndex(actor: Uint8Array, n: number): number {
  let h = 0;
  for (let i = 0; i < actor.length; i++) h = (Math.imul(h, 31) + actor[i]!) >>> 0;
  return h % n;
}
