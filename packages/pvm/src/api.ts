// The PVM's public entry points: run a script (`cowboy pvm run`), and load an actor module,
// instantiate a class and call its methods with fresh meters per call.
import { OutOfCells, OutOfCycles } from "@cowboy/metering";
import type * as A from "./ast.js";
import { Compiler, CompileError } from "./compiler/compiler.js";
import { Frame } from "./compiler/frame.js";
import { compileBlock } from "./compiler/stmt.js";
import type { Scope } from "./compiler/scope.js";
import { PvmError } from "./errors.js";
import { type ModuleDef, ModuleLoader, ModuleRegistry } from "./modules.js";
import { makeBuiltins } from "./builtins/functions.js";
import { callMethod, callValue, getAttr } from "./runtime/call.js";
import { Runtime } from "./runtime/context.js";
import { addTraceback, E, PyThrow } from "./runtime/exceptions.js";
import { Globals, PyGenerator } from "./runtime/function.js";
import { genResume } from "./runtime/iter.js";
import type { Value } from "./runtime/object.js";
import { None, T } from "./runtime/types.js";
import { parse, PySyntaxError } from "./parser/index.js";
import { exceptionLine, formatTraceback } from "./traceback.js";
import { fromPython, type JsValue, toPython } from "./convert.js";
import { installBuiltinTypes } from "./builtins/install.js";
import { Scratch, scratchOpen } from "./stdlib/scratch.js";

// The builtin types get their constructors and methods once, when the interpreter is loaded. A call,
// not a bare `import "..."`: the package is `sideEffects: false`, so a bundler may drop a side-effect-only import.
installBuiltinTypes();

export const DEFAULT_CYCLES_LIMIT = 10_000_000n;
/** The message of every InternalError that is not a stack overflow: fixed, so a receipt never carries host text. */
export const INTERNAL_ERROR_MESSAGE = "internal error in the interpreter (a PVM bug: please report)";
export const DEFAULT_MEMORY_LIMIT = 10 * 1024 * 1024;
export const RECURSION_LIMIT = 256;
/** Budget of compile-time stack weight (sum over live frames of their max AST nesting + 4). */
export const STACK_WEIGHT_LIMIT = 3500;

export interface RunOptions {
  filename?: string;
  cyclesLimit?: bigint | number;
  memoryLimit?: number;
  cellsLimit?: bigint | number;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  /** Importable modules; defaults to an empty whitelist (every import fails with ImportError). */
  modules?: ModuleRegistry;
}

export interface RunResult {
  result: "ok" | "error";
  cycles: bigint;
  cells: bigint;
  /** Bytes charged by the deterministic memory accounting. */
  memory: number;
  error?: PvmError;
}

function guardOpts(opts: RunOptions): void {
  if (opts.filename !== undefined && typeof opts.filename !== "string") throw new PvmError("InvalidArgument", "opts.filename must be a string");
  if (opts.stdout !== undefined && typeof opts.stdout !== "function") throw new PvmError("InvalidArgument", "opts.stdout must be a function");
  if (opts.stderr !== undefined && typeof opts.stderr !== "function") throw new PvmError("InvalidArgument", "opts.stderr must be a function");
  if (opts.modules !== undefined && !(opts.modules instanceof ModuleRegistry)) throw new PvmError("InvalidArgument", "opts.modules must be a ModuleRegistry");
}

function guardLimit(name: string, v: bigint | number | undefined, dflt: bigint): number {
  if (v === undefined) return Number(dflt);
  const n = typeof v === "bigint" ? v : Number.isInteger(v) ? BigInt(v) : -1n;
  if (n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER)) throw new PvmError("InvalidArgument", `${name} must be a non-negative integer below 2**53, got ${String(v)}`);
  return Number(n);
}

/** A run's Cycle, memory and Cell limits, checked, with their defaults. */
export function runLimits(opts: RunOptions): { cyclesLimit: number; memoryLimit: number; cellsLimit: number } {
  return {
    cyclesLimit: guardLimit("cyclesLimit", opts.cyclesLimit, DEFAULT_CYCLES_LIMIT),
    memoryLimit: guardLimit("memoryLimit", opts.memoryLimit, BigInt(DEFAULT_MEMORY_LIMIT)),
    cellsLimit: guardLimit("cellsLimit", opts.cellsLimit, BigInt(Number.MAX_SAFE_INTEGER)),
  };
}

export function newRuntime(opts: RunOptions, stdout: (s: string) => void): Runtime {
  return new Runtime({ ...runLimits(opts), recursionLimit: RECURSION_LIMIT, stackLimit: STACK_WEIGHT_LIMIT, stdout });
}

/**
 * Parsed modules by (filename, source): parsing is pure, so a cache shared across invocations (the
 * SDK and an actor's module are parsed once, not per message) changes no result. Bounded, FIFO.
 */
export class ParseCache {
  readonly #map = new Map<string, A.Module>();
  readonly #scopes = new WeakMap<A.Module, Map<unknown, Scope>>();
  scopesOf(mod: A.Module): Map<unknown, Scope> | undefined {
    return this.#scopes.get(mod);
  }
  keepScopes(mod: A.Module, scopes: Map<unknown, Scope>): void {
    this.#scopes.set(mod, scopes);
  }
  constructor(readonly capacity = 256) {}
  parse(source: string, filename: string): A.Module {
    const key = filename + "\0" + source;
    let mod = this.#map.get(key);
    if (mod === undefined) {
      mod = parse(source, filename);
      if (this.#map.size >= this.capacity) this.#map.delete(this.#map.keys().next().value!);
      this.#map.set(key, mod);
    }
    return mod;
  }
}

/** Everything a run needs: runtime, loader, builtins, and the sources for tracebacks. */
export class Session {
  readonly rt: Runtime;
  readonly loader: ModuleLoader;
  readonly builtins = makeBuiltins();
  readonly sources = new Map<string, string[]>();
  /** The source each entry of `sources` was split from (a reused session splits each file once). */
  readonly #sourceText = new Map<string, string>();
  /**
   * Each namespace's compiled body, with the names its compilation bound: compiled closures hold
   * the runtime, the builtins and the namespace's bindings, so a session that is reused (with
   * `Runtime.restart` and `resetGlobals`) runs the same closures again instead of compiling anew.
   */
  readonly #compiled = new WeakMap<Globals, { readonly source: string; readonly body: (f: Frame) => number; readonly names: ReadonlySet<string> }>();
  constructor(
    rt: Runtime,
    registry: ModuleRegistry,
    readonly parseCache: ParseCache | null = null,
    /** Keep source modules' namespaces and compiled code for later invocations (actor/session.ts). */
    reusable = false,
  ) {
    this.rt = rt;
    this.loader = new ModuleLoader(rt, registry, (_r, src, g) => this.execModule(src, g), reusable ? (g) => this.resetGlobals(g) : null);
  }

  /**
   * Make a namespace this session compiled look as it did before its module first ran: the
   * bindings its compilation created stay (unbound, in their order: the compiled code holds
   * them), every name bound later is dropped. Executing the module body again then gives the same
   * namespace, in the same order, as a fresh session would.
   */
  resetGlobals(globals: Globals): void {
    const names = this.#compiled.get(globals)?.names;
    for (const [name, b] of globals.map) {
      if (names?.has(name) === true) b.v = undefined;
      else globals.map.delete(name);
    }
  }

  compileModule(source: string, globals: Globals): (f: Frame) => number {
    const done = this.#compiled.get(globals);
    if (done !== undefined && done.source === source) return done.body;
    if (this.#sourceText.get(globals.filename) !== source) {
      this.sources.set(globals.filename, source.split(/\r?\n/));
      this.#sourceText.set(globals.filename, source);
    }
    const mod: A.Module = this.parseCache?.parse(source, globals.filename) ?? parse(source, globals.filename);
    const c = new Compiler(this.rt, globals, this.builtins, this.loader);
    // Scope analysis is a pure function of the AST (and never mutated after): cache it with the parse.
    const known = this.parseCache?.scopesOf(mod);
    let scope: Scope;
    if (known === undefined) {
      scope = c.analyze(mod);
      this.parseCache?.keepScopes(mod, c.scopes);
    } else {
      c.scopes = known;
      scope = known.get(mod) as Scope;
    }
    const body = compileBlock(c, { scope, qualname: "", loop: 0, gen: false, weight: 0 }, mod.body);
    this.#compiled.set(globals, { source, body, names: new Set(globals.map.keys()) });
    return body;
  }

  execModule(source: string, globals: Globals): void {
    const body = this.compileModule(source, globals);
    const f = new Frame(0, null, null);
    // The namespace outlives the module body: it stays a root of the live-heap recount.
    if (!this.rt.roots.includes(globals)) this.rt.roots.push(globals);
    f.back = this.rt.top;
    this.rt.top = f;
    try {
      body(f);
    } catch (e) {
      if (e instanceof PyThrow) addTraceback(e.exc, globals.filename, f.line, "<module>", f);
      throw e;
    } finally {
      this.rt.top = f.back;
    }
  }

  sourceLine = (filename: string, line: number): string | null => this.sources.get(filename)?.[line - 1] ?? null;

  /** Translate anything thrown by a run into a PvmError. */
  toError(e: unknown): PvmError {
    const rt = this.rt;
    if (e instanceof PvmError) return e;
    if (e instanceof OutOfCycles) return new PvmError("OutOfCycles", e.message);
    if (e instanceof OutOfCells) return new PvmError("OutOfCells", e.message);
    if (e instanceof PySyntaxError) {
      const tb = `  File "${e.filename}", line ${e.lineno}\n    ${e.text.trim()}\n${e.kind}: ${e.msg}\n`;
      return new PvmError("SyntaxError", `${e.kind}: ${e.msg} (${e.filename}, line ${e.lineno})`, e.kind, e.msg, tb);
    }
    if (e instanceof CompileError) {
      const code = e.kind === "RecursionError" ? "RecursionError" : "SyntaxError";
      return new PvmError(code, `${e.kind}: ${e.message} (line ${e.lineno})`, e.kind, e.message, `${e.kind}: ${e.message}\n`);
    }
    if (e instanceof PyThrow) {
      const exc = e.exc;
      const tb = formatTraceback(rt, exc, this.sourceLine);
      const line = exceptionLine(rt, exc);
      const code = exc.cls.isSubtypeOf(E.MemoryError) ? "OutOfMemory" : exc.cls.isSubtypeOf(E.RecursionError) ? "RecursionError" : "PythonException";
      const msg = line.includes(": ") ? line.slice(line.indexOf(": ") + 2) : "";
      return new PvmError(code, line, exc.cls.name, msg, tb);
    }
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      // Should be unreachable: the recursion limit and stack weight stop Python code first.
      return new PvmError("InternalError", "host stack exhausted (please report: the PVM's depth guard should have fired)");
    }
    // A bug of the interpreter reached the API as a host exception. Its text is the JS engine's and
    // may differ between nodes, so the message is fixed and the exception is only the cause.
    return new PvmError("InternalError", INTERNAL_ERROR_MESSAGE, null, null, null, e);
  }
}

/** Run a Python script to completion. Never throws for anything the script does. */
export function runScript(source: string, opts: RunOptions = {}): RunResult {
  if (typeof source !== "string") throw new PvmError("InvalidArgument", "source must be a string");
  if (opts === null || typeof opts !== "object") throw new PvmError("InvalidArgument", "opts must be an object");
  guardOpts(opts);
  const filename = opts.filename ?? "<string>";
  const stdout = opts.stdout ?? (() => {});
  const rt = newRuntime(opts, stdout);
  const session = new Session(rt, opts.modules ?? new ModuleRegistry());
  session.builtins.set("open", scratchOpen(new Scratch()));
  const globals = new Globals("__main__", filename);
  globals.set("__name__", "__main__");
  try {
    session.execModule(source, globals);
    return { result: "ok", cycles: BigInt(rt.cyclesUsed), cells: BigInt(rt.cells), memory: rt.memory };
  } catch (e) {
    const error = session.toError(e);
    if (error.traceback !== null) opts.stderr?.(error.traceback);
    return { result: "error", cycles: BigInt(rt.cyclesUsed), cells: BigInt(rt.cells), memory: rt.memory, error };
  }
}

export interface CallOptions {
  cyclesLimit?: bigint | number;
  memoryLimit?: number;
  cellsLimit?: bigint | number;
}

export interface CallResult {
  ok: boolean;
  value?: JsValue;
  cycles: bigint;
  /** Cells of the return value (its canonical byte size, see convert.ts). */
  cells: bigint;
  memory: number;
  error?: PvmError;
}

/** An opaque handle on a Python object living inside an ActorVm. */
export class PyHandle {
  /** @internal */
  constructor(
    readonly vm: ActorVm,
    readonly value: Value,
  ) {}
}

/**
 * A loaded actor module. Each `instantiate`/`call` runs under fresh Cycle and memory meters; the
 * module's objects persist between calls (the execution layer persists state through the Host).
 */
export class ActorVm {
  readonly #session: Session;
  readonly #globals: Globals;

  private constructor(session: Session, globals: Globals) {
    this.#session = session;
    this.#globals = globals;
  }

  static load(source: string, opts: RunOptions = {}): { vm?: ActorVm; result: RunResult } {
    if (typeof source !== "string") throw new PvmError("InvalidArgument", "source must be a string");
    guardOpts(opts);
    const rt = newRuntime(opts, opts.stdout ?? (() => {}));
    const session = new Session(rt, opts.modules ?? new ModuleRegistry());
    session.builtins.set("open", scratchOpen(new Scratch()));
    const globals = new Globals(opts.filename?.replace(/\.py$/, "") ?? "actor", opts.filename ?? "actor.py");
    globals.set("__name__", globals.name);
    try {
      session.execModule(source, globals);
      return { vm: new ActorVm(session, globals), result: { result: "ok", cycles: BigInt(rt.cyclesUsed), cells: 0n, memory: rt.memory } };
    } catch (e) {
      return { result: { result: "error", cycles: BigInt(rt.cyclesUsed), cells: 0n, memory: rt.memory, error: session.toError(e) } };
    }
  }

  #run(opts: CallOptions, f: () => Value, convert = true): CallResult & { raw?: Value } {
    const rt = this.#session.rt;
    rt.reset(guardLimit("cyclesLimit", opts.cyclesLimit, DEFAULT_CYCLES_LIMIT), guardLimit("memoryLimit", opts.memoryLimit, BigInt(DEFAULT_MEMORY_LIMIT)));
    rt.cellsLimit = guardLimit("cellsLimit", opts.cellsLimit, BigInt(Number.MAX_SAFE_INTEGER));
    try {
      let v = f();
      if (v instanceof PyGenerator && v.cls === T.coroutine) v = runCoroutine(rt, v);
      if (!convert) return { ok: true, raw: v, cycles: BigInt(rt.cyclesUsed), cells: BigInt(rt.cells), memory: rt.memory };
      const value = fromPython(rt, v);
      rt.chargeCells(value.bytes);
      return { ok: true, value: value.value, raw: v, cycles: BigInt(rt.cyclesUsed), cells: BigInt(rt.cells), memory: rt.memory };
    } catch (e) {
      return { ok: false, cycles: BigInt(rt.cyclesUsed), cells: BigInt(rt.cells), memory: rt.memory, error: this.#session.toError(e) };
    }
  }

  /** Instantiate `className(*args)`; the handle is in `instance` when ok. */
  instantiate(className: string, args: JsValue[] = [], opts: CallOptions = {}): CallResult & { instance?: PyHandle } {
    const r = this.#run(
      opts,
      () => {
        const cls = this.#globals.get(className);
        if (cls === undefined) throw new PvmError("InvalidArgument", `no class named ${className} in the module`);
        return callValue(
          this.#session.rt,
          cls,
          args.map((a) => toPython(this.#session.rt, a)),
          null,
        );
      },
      false,
    );
    const { raw, ...rest } = r;
    return raw === undefined ? rest : { ...rest, instance: new PyHandle(this, raw) };
  }

  /** Call `instance.method(*args, **kwargs)`. */
  call(instance: PyHandle, method: string, args: JsValue[] = [], opts: CallOptions & { kwargs?: Map<string, JsValue> } = {}): CallResult {
    if (!(instance instanceof PyHandle) || instance.vm !== this) throw new PvmError("InvalidArgument", "instance must be a handle from this ActorVm");
    if (typeof method !== "string" || method.startsWith("_")) throw new PvmError("InvalidArgument", `method must be a public method name, got ${String(method)}`);
    const rt = this.#session.rt;
    const { raw: _raw, ...rest } = this.#run(opts, () => {
      const kw = opts.kwargs === undefined ? null : new Map([...opts.kwargs].map(([k, v]) => [k, toPython(rt, v)] as [string, Value]));
      return callMethod(
        rt,
        instance.value,
        method,
        args.map((a) => toPython(rt, a)),
        kw,
      );
    });
    return rest;
  }

  /** Read a module-level global as a JS value (for tests and tools). */
  global(name: string): JsValue | undefined {
    const v = this.#globals.get(name);
    return v === undefined ? undefined : fromPython(this.#session.rt, v).value;
  }
}

/** Drive a coroutine to completion in FIFO order (there is no other task: nothing can suspend). */
export function runCoroutine(rt: Runtime, co: PyGenerator): Value {
  const out = { value: None as Value };
  for (let _guard = 0; ; _guard++) {
    const y = genResume(rt, co, "next", None, out);
    if (y === undefined) return out.value;
    rt.charge(1);
  }
}

export { ModuleRegistry, type ModuleDef, getAttr };
