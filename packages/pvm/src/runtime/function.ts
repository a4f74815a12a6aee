// Python functions, generators and modules as runtime objects. The compiler supplies the code.
import { AttrDict } from "./attrs.js";
import type { PyBaseException } from "./exceptions.js";
import type { Frame } from "./frame.js";
import { type Cell, PyObject, type PyType, type Value } from "./object.js";
import { T } from "./types.js";

/** A global variable binding, resolved once at compile time so loads are a field read. */
export class Binding {
  v: Value | undefined;
  constructor(v: Value | undefined = undefined) {
    this.v = v;
  }
}

/** A module's namespace: name → binding (insertion ordered). */
export class Globals {
  readonly map = new Map<string, Binding>();
  readonly name: string;
  readonly filename: string;
  constructor(name: string, filename: string) {
    this.name = name;
    this.filename = filename;
  }
  binding(name: string): Binding {
    let b = this.map.get(name);
    if (b === undefined) {
      b = new Binding();
      this.map.set(name, b);
    }
    return b;
  }
  get(name: string): Value | undefined {
    return this.map.get(name)?.v;
  }
  set(name: string, v: Value): void {
    this.binding(name).v = v;
  }
}

/** The compiled, shareable part of a function (CPython's code object, never exposed to Python). */
export interface FunctionCode {
  readonly name: string;
  readonly qualname: string;
  readonly filename: string;
  readonly firstLine: number;
  /** Calls the function with bound arguments; implemented by the compiler. */
  call(fn: PyFunction, args: Value[], kw: Map<string, Value> | null): Value;
  /**
   * The frame size of a plain function (positional parameters only, no cells or free variables,
   * not a generator), or -1. A caller passing exactly `npos` positional arguments may build the
   * frame's slot array itself (this long, the arguments first) and run it with `enter`: one array
   * allocated and no copy.
   */
  readonly directSlots: number;
  readonly npos: number;
  /** Runs a plain function on a slot array built by the caller (see `directSlots`). */
  enter(fn: PyFunction, slots: Value[]): Value;
}

export class PyFunction extends PyObject {
  declare name: string;
  declare qualname: string;
  declare readonly code: FunctionCode;
  declare defaults: Value[];
  declare kwdefaults: Map<string, Value> | null;
  declare readonly closure: Cell[];
  declare readonly globals: Globals;
  declare doc: Value;
  /** The class whose body defined this function (or an enclosing one), for zero-argument super(). */
  declare classCell: Cell | null;
  /**
   * Evaluates the parameter and return annotations in the defining scope, on the first read of
   * __annotations__ (deferred as in PEP 649, so a def costs the same with or without them).
   */
  declare annotate: (() => [string, Value][]) | null;
  /** __annotations__ once read or assigned (a dict). */
  declare annotations: PyObject | null;
  constructor(code: FunctionCode, defaults: Value[], kwdefaults: Map<string, Value> | null, closure: Cell[], globals: Globals, doc: Value) {
    super(T.function, new AttrDict(T.function));
    this.classCell = null;
    this.annotate = null;
    this.annotations = null;
    this.name = code.name;
    this.qualname = code.qualname;
    this.code = code;
    this.defaults = defaults;
    this.kwdefaults = kwdefaults;
    this.closure = closure;
    this.globals = globals;
    this.doc = doc;
  }
}

/** A Python-visible module object. */
export class PyModule extends PyObject {
  readonly globals: Globals;
  constructor(globals: Globals) {
    super(T.module);
    this.globals = globals;
  }
}

/**
 * A generator or coroutine: a JS generator running the compiled resumable body. `send(v)` resumes
 * it; it returns `{done, value}` like JS, with a Python `return` value as the final value.
 */
export class PyGenerator extends PyObject {
  readonly it: Generator<Value, Value, Value>;
  readonly name: string;
  /** `__qualname__` (shown by repr); the compiler sets it for user generators. */
  qualname: string;
  running = false;
  finished = false;
  started = false;
  /**
   * The frame of a compiled generator body (null for natively implemented ones): what the live-heap
   * recount reaches through a suspended generator, and what `genResume` links into the frame chain.
   */
  frame: Frame | null = null;
  constructor(cls: PyType, it: Generator<Value, Value, Value>, name: string) {
    super(cls);
    this.it = it;
    this.name = name;
    this.qualname = name;
  }
}

export type { PyBaseException };
