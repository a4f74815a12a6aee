// The module registry: the whitelist of importable modules. A module is either native (built by a
// TS function from the Runtime) or Python source compiled on first import. Anything not registered
// raises ImportError and costs 50 Cycles; the first import costs 100 Cycles plus the module's own
// execution; later imports of the same module in the same call cost 5.
import type { Runtime } from "./runtime/context.js";
import { pyErr } from "./runtime/exceptions.js";
import { Globals, PyModule } from "./runtime/function.js";
import type { Value } from "./runtime/object.js";
import { C } from "./runtime/costs.js";

export type ModuleDef =
  | { kind: "native"; build: (rt: Runtime) => Map<string, Value> }
  | {
      kind: "source";
      source: string;
      filename?: string;
      /** Native helpers bound in the module's globals before its source runs (private `_names`). */
      natives?: (rt: Runtime) => Map<string, Value>;
    };

/** A whitelist of modules, shared by every run that uses it (it holds definitions, not state). */
export class ModuleRegistry {
  readonly #defs = new Map<string, ModuleDef>();
  register(name: string, def: ModuleDef): this {
    if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(name)) {
      throw new TypeError(`module name must be a dotted Python identifier, got ${String(name)}`);
    }
    this.#defs.set(name, def);
    return this;
  }
  get(name: string): ModuleDef | undefined {
    return this.#defs.get(name);
  }
  names(): string[] {
    return [...this.#defs.keys()].sort();
  }
}

/** Executes a source module: provided by the API layer (it needs the parser and compiler). */
export type SourceExecutor = (rt: Runtime, source: string, globals: Globals) => void;

/**
 * Makes a namespace that a reused session compiled before look new again (Session.resetGlobals):
 * the loader then keeps source modules' namespaces, and their compiled code, across invocations.
 */
export type NamespaceRecycler = (globals: Globals) => void;

/**
 * Loads a module without running its body when that is provably the same (actor/snapshot.ts): on a
 * first import, before anything is charged, `restore` either does the whole import itself (charges,
 * loaded modules, roots) and returns the module, or returns null and the body runs.
 */
export interface ImportShortcut {
  restore(loader: ModuleLoader, name: string): PyModule | null;
}

/** Per-run import state: the cache of loaded modules. */
export class ModuleLoader {
  readonly #loaded = new Map<string, PyModule>();
  /** Module snapshots of a warm session (null: every import runs its module). */
  shortcut: ImportShortcut | null = null;
  /** Source modules' namespaces kept for the next invocation (only with a recycler). */
  readonly #namespaces = new Map<string, Globals>();
  constructor(
    readonly rt: Runtime,
    readonly registry: ModuleRegistry,
    readonly execSource: SourceExecutor,
    readonly recycle: NamespaceRecycler | null = null,
  ) {}

  /** Forget the modules loaded by the previous invocation: the next import of each runs it again. */
  beginInvocation(): void {
    this.#loaded.clear();
  }

  /** Whether `name` was imported in this invocation. */
  isLoaded(name: string): boolean {
    return this.#loaded.has(name);
  }

  /** The modules imported in this invocation, in import order. */
  loaded(): [string, PyModule][] {
    return [...this.#loaded];
  }

  /** Record `mod` as imported under `name` (a restored snapshot's modules). */
  adopt(name: string, mod: PyModule): void {
    this.#loaded.set(name, mod);
  }

  #namespace(name: string, def: ModuleDef): Globals {
    const filename = def.kind === "source" ? (def.filename ?? `${name}.py`) : `<${name}>`;
    if (this.recycle === null || def.kind !== "source") return new Globals(name, filename);
    const kept = this.#namespaces.get(name);
    if (kept !== undefined) {
      this.recycle(kept);
      return kept;
    }
    const fresh = new Globals(name, filename);
    this.#namespaces.set(name, fresh);
    return fresh;
  }

  import(name: string): PyModule {
    const rt = this.rt;
    const cached = this.#loaded.get(name);
    if (cached !== undefined) {
      rt.charge(C.importCached);
      return cached;
    }
    const def = this.registry.get(name);
    if (def === undefined) {
      rt.charge(C.importFailed);
      throw pyErr("ModuleNotFoundError", `No module named '${name}'`);
    }
    if (this.shortcut !== null) {
      const restored = this.shortcut.restore(this, name);
      if (restored !== null) return restored;
    }
    rt.charge(C.importFirst);
    const globals = this.#namespace(name, def);
    const mod = new PyModule(globals);
    this.#loaded.set(name, mod);
    try {
      if (def.kind === "native") for (const [k, v] of def.build(rt)) globals.set(k, v);
      else {
        globals.set("__name__", name);
        if (def.natives !== undefined) for (const [k, v] of def.natives(rt)) globals.set(k, v);
        this.execSource(rt, def.source, globals);
      }
    } catch (e) {
      this.#loaded.delete(name);
      throw e;
    }
    // A loaded module lives as long as the run: a root of the live-heap recount.
    rt.roots.push(mod);
    return mod;
  }
}
