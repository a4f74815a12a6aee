// The compiler: AST → tree of closures, after scope analysis. One Compiler per module load; it
// captures the Runtime so that compiled closures reach the meter, memory and output directly.
import { AttrDict, NO_SHAPE, type Shape } from "../runtime/attrs.js";
import type * as A from "../ast.js";
import { callMethod, callValue, PySuper, superGetAttr, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyDict } from "../runtime/dict.js";
import { type Globals, PyFunction } from "../runtime/function.js";
import { iterToArray } from "../runtime/iter.js";
import { Cell, PyNative, PyObject, PyType, type Value, unbox } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { delItem, getItem, setItem } from "../runtime/subscript.js";
import { None, T } from "../runtime/types.js";
import { compileExpr, ld, type Operand, operand } from "./expr.js";
import type { EF, Frame } from "./frame.js";
import { type Scope, analyze, ScopeError } from "./scope.js";
import { compileComprehension, compileFunctionDef, compileLambda } from "./functions.js";
import type { ModuleLoader } from "../modules.js";

/** Thrown for code the compiler rejects; the API turns it into a SyntaxError. */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly lineno: number,
    readonly kind: "SyntaxError" | "RecursionError" = "SyntaxError",
  ) {
    super(message);
  }
}

/** The compile-time view of the scope being compiled. */
export interface ScopeCtx {
  scope: Scope;
  qualname: string;
  /** Inside a loop (break/continue allowed). */
  loop: number;
  /** Generator mode: statements containing yields compile to generator closures. */
  gen: boolean;
  /** Max expression nesting seen in this scope, the "stack weight" of its frames. */
  weight: number;
}

/** Deepest AST nesting the compiler accepts (CPython raises RecursionError during compilation too). */
export const MAX_NESTING = 120;

export class Compiler {
  readonly rt: Runtime;
  readonly globals: Globals;
  readonly builtins: Map<string, Value>;
  readonly filename: string;
  readonly loader: ModuleLoader;
  scopes!: Map<unknown, Scope>;
  /**
   * Expressions already evaluated by a resumable (generator) statement before its ordinary closure
   * runs: compileExpr returns the given reader instead of compiling them (generators.ts, `precompute`).
   */
  readonly precomputed = new Map<A.Expr, EF>();
  #depth = 0;
  #maxDepth = 0;
  readonly #units: number[] = [];

  constructor(rt: Runtime, globals: Globals, builtins: Map<string, Value>, loader: ModuleLoader) {
    this.rt = rt;
    this.globals = globals;
    this.builtins = builtins;
    this.filename = globals.filename;
    this.loader = loader;
  }

  analyze(mod: A.Module): Scope {
    try {
      this.scopes = analyze(mod);
    } catch (e) {
      if (e instanceof ScopeError) throw new CompileError(e.message, e.lineno, e.kind);
      throw e;
    }
    return this.scopes.get(mod) as Scope;
  }

  /**
   * Enter an AST node: its nesting units count towards the compile-time limit and the frame's
   * stack weight. A call counts 2 (its arguments are evaluated inside the calling closure, whose
   * host frame is about twice an operator's: cips/pvm.md "Stack weight"); anything else 1.
   */
  enterNode(e: { lineno?: number; type?: string }): void {
    const units = e.type === "Call" ? 2 : 1;
    this.#units.push(units);
    this.#depth += units;
    if (this.#depth > MAX_NESTING) throw new CompileError("maximum recursion depth exceeded during compilation", e.lineno ?? 0, "RecursionError");
    if (this.#depth > this.#maxDepth) this.#maxDepth = this.#depth;
  }
  leaveNode(): void {
    this.#depth -= this.#units.pop() as number;
  }
  /** Reset and read the nesting high-water mark (per function body). */
  takeMaxDepth(): number {
    const d = this.#maxDepth;
    this.#maxDepth = this.#depth;
    return d;
  }

  syntaxError(msg: string, node: { lineno?: number }): CompileError {
    return new CompileError(msg, node.lineno ?? 0);
  }

  scopeOf(node: unknown): Scope {
    const s = this.scopes.get(node);
    if (s === undefined) throw new Error("internal: no scope for node");
    return s;
  }

  // -------------------------------------------------------------------------------------------
  // names

  loadName(s: ScopeCtx, name: string, _node: A.Pos): EF {
    const rt = this.rt;
    const r = s.scope.resolve(name);
    switch (r.kind) {
      case "fast": {
        const i = r.slot;
        return (f) => {
          const v = f.s[i];
          if (v === undefined) throw pyErr("UnboundLocalError", `cannot access local variable '${name}' where it is not associated with a value`);
          return v as Value;
        };
      }
      case "cell": {
        const i = r.slot;
        return (f) => {
          const v = (f.s[i] as Cell).v;
          if (v === undefined) throw pyErr("NameError", `cannot access free variable '${name}' where it is not associated with a value in enclosing scope`);
          return v;
        };
      }
      case "global":
        if (name === "__class__" && inClassBody(s.scope)) {
          // The implicit __class__ closure of methods: the class cell zero-argument super() uses.
          return (f) => {
            const v = f.classCell?.v;
            if (v === undefined) throw pyErr("NameError", "cannot access free variable '__class__' where it is not associated with a value in enclosing scope");
            return v;
          };
        }
        return this.loadGlobal(name);
      case "classns": {
        const g = this.loadGlobal(name);
        const cs = r.cellSlot;
        return (f) => {
          const v = f.nsObj !== undefined ? prepLoad(rt, f.nsObj, name) : (f.ns as Map<string, Value>).get(name);
          if (v !== undefined) return v;
          if (cs !== null) {
            const cv = (f.s[cs] as Cell).v;
            if (cv !== undefined) return cv;
          }
          return g(f);
        };
      }
    }
  }

  loadGlobal(name: string): EF {
    const b = this.globals.binding(name);
    const builtin = this.builtins.get(name);
    return () => {
      const v = b.v;
      if (v !== undefined) return v;
      if (builtin !== undefined) return builtin;
      throw pyErr("NameError", `name '${name}' is not defined`);
    };
  }

  storeName(s: ScopeCtx, name: string, _node: A.Pos): (f: Frame, v: Value) => void {
    const r = s.scope.resolve(name);
    switch (r.kind) {
      case "fast": {
        const i = r.slot;
        return (f, v) => {
          f.s[i] = v;
        };
      }
      case "cell": {
        const i = r.slot;
        return (f, v) => {
          (f.s[i] as Cell).v = v;
        };
      }
      case "global": {
        const b = this.globals.binding(name);
        return (_f, v) => {
          b.v = v;
        };
      }
      case "classns": {
        const rt = this.rt;
        return (f, v) => {
          if (f.nsObj !== undefined) setItem(rt, f.nsObj, name, v);
          else (f.ns as Map<string, Value>).set(name, v);
        };
      }
    }
  }

  deleteName(s: ScopeCtx, name: string): (f: Frame) => void {
    const r = s.scope.resolve(name);
    const unbound = () => pyErr("NameError", `name '${name}' is not defined`);
    switch (r.kind) {
      case "fast": {
        const i = r.slot;
        return (f) => {
          if (f.s[i] === undefined) throw pyErr("UnboundLocalError", `cannot access local variable '${name}' where it is not associated with a value`);
          f.s[i] = undefined;
        };
      }
      case "cell": {
        const i = r.slot;
        return (f) => {
          const c = f.s[i] as Cell;
          if (c.v === undefined) throw unbound();
          c.v = undefined;
        };
      }
      case "global": {
        const b = this.globals.binding(name);
        return () => {
          if (b.v === undefined) throw unbound();
          b.v = undefined;
        };
      }
      case "classns": {
        const rt = this.rt;
        return (f) => {
          if (f.nsObj !== undefined) {
            if (prepLoad(rt, f.nsObj, name) === undefined) throw unbound();
            delItem(rt, f.nsObj, name);
          } else if (!(f.ns as Map<string, Value>).delete(name)) throw unbound();
        };
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // calls

  compileCall(s: ScopeCtx, e: A.Call): EF {
    const rt = this.rt;
    if (e.func.type === "Name" && e.func.id === "super" && e.args.length === 0 && e.keywords.length === 0 && s.scope.resolve("super").kind === "global") {
      const firstSlot = s.scope.params.length > 0 ? s.scope.slots.get(s.scope.params[0] as string) : undefined;
      const isCell = firstSlot !== undefined && s.scope.cells.has(s.scope.params[0] as string);
      const load = this.loadGlobal("super");
      return (f) => {
        const sup = load(f);
        if (sup !== this.builtins.get("super")) return callValue(rt, sup, [], null);
        const cls = f.classCell?.v;
        if (cls === undefined) throw pyErr("RuntimeError", "super(): __class__ cell not found");
        if (firstSlot === undefined) throw pyErr("RuntimeError", "super(): no arguments");
        const raw = f.s[firstSlot];
        const self = isCell ? (raw as Cell).v : (raw as Value | undefined);
        if (self === undefined) throw pyErr("RuntimeError", "super(): arg[0] deleted");
        return new PySuper(cls as never, self);
      };
    }
    // Each argument is compiled once: the operands serve the inline paths and the array builder.
    const argOps = e.args.some((x) => x.type === "Starred") ? null : e.args.map((x) => operand(this, s, x));
    // `args` is only called for calls with `*` arguments (argOps null); the others evaluate inline.
    const args = argOps === null ? this.starredArgs(s, e.args) : inlineArgs;
    const kw = this.kwBuilder(s, e.keywords);
    if (e.func.type === "Attribute") {
      const { k: ok, f: obj, i: oi, v: ov } = operand(this, s, e.func.value);
      const name = e.func.attr;
      const argFns = argOps === null ? null : argOps.map((x) => x.f);
      const argK = argOps === null ? [] : argOps.map((x) => x.k);
      const argI = argOps === null ? [] : argOps.map((x) => x.i);
      const argV = argOps === null ? [] : argOps.map((x) => x.v);
      const nargs = argFns === null ? 0 : argFns.length;
      // Inline caches, keyed by the receiver's type: a user class (and its version) → the plain
      // function found for `name` on it; a builtin type (immutable) → its native method. Objects of
      // one type share their layout, so a hit needs no further check of the receiver's kind.
      let icType: PyType | null = null;
      let icVersion = -1;
      let icMethod: PyFunction | null = null;
      // A dict shape seen here without the name (the instance does not shadow the method).
      let icPlain: Shape = NO_SHAPE;
      let bType: PyType | null = null;
      let bMethod: PyNative | null = null;
      const classify = (o: Value, t: PyType): void => {
        if (o instanceof PyObject && o.dict !== null && !t.builtin && !(o instanceof PyType)) {
          const found = t.lookup(name);
          icMethod = found instanceof PyFunction && userDunder(t, "__getattribute__") === undefined ? found : null;
          icType = t;
          icVersion = t.version;
        } else if (t.builtin && !(o instanceof PyType) && !(o instanceof PySuper)) {
          const found = t.lookup(name);
          bMethod = found instanceof PyNative && found.isMethod ? found : null;
          bType = t;
        }
      };
      return (f) => {
        const o = ld(f, ok, obj, oi, ov);
        if (argFns !== null && kw === null) {
          const t = typeOf(o);
          if ((t !== icType || t.version !== icVersion) && t !== bType) classify(o, t);
          if (t === icType && t.version === icVersion) {
            // A plain method of a user class, called without building a bound method (unless the
            // instance's own dict shadows it).
            const m = icMethod;
            const d = (o as PyObject).dict as AttrDict;
            if (m !== null && (d.shape === icPlain || (!d.has(name) && ((icPlain = d.shape ?? NO_SHAPE), true)))) {
              const code = m.code;
              const direct = code.directSlots >= 0 && code.npos === nargs + 1;
              const a = new Array<Value>(direct ? code.directSlots : nargs + 1);
              a[0] = o;
              for (let i = 0; i < nargs; i++) a[i + 1] = argK[i] === 0 ? (argFns[i] as EF)(f) : ld(f, argK[i] as number, argFns[i] as EF, argI[i] as number, argV[i] as Value);
              return direct ? code.enter(m, a) : code.call(m, a, null);
            }
          } else if (t === bType) {
            const nm = bMethod;
            if (nm !== null) {
              const a = new Array<Value>(nargs + 1);
              a[0] = o;
              for (let i = 0; i < nargs; i++) a[i + 1] = argK[i] === 0 ? (argFns[i] as EF)(f) : ld(f, argK[i] as number, argFns[i] as EF, argI[i] as number, argV[i] as Value);
              return nm.fn(rt, a, null);
            }
          }
        }
        // Arguments evaluated in this frame (see kwFrom).
        let a: Value[];
        if (argFns === null) a = args(f);
        else {
          a = new Array<Value>(nargs);
          for (let i = 0; i < nargs; i++) a[i] = argK[i] === 0 ? (argFns[i] as EF)(f) : ld(f, argK[i] as number, argFns[i] as EF, argI[i] as number, argV[i] as Value);
        }
        let k: Map<string, Value> | null = null;
        if (kw !== null) {
          if (kw.plain) {
            const vals = new Array<Value>(kw.fns.length);
            for (let i = 0; i < vals.length; i++) vals[i] = (kw.fns[i] as EF)(f);
            k = kwFrom(kw.names, vals);
          } else k = kwInterleaved(rt, f, kw);
        }
        if (o instanceof PySuper) return callValue(rt, superGetAttr(rt, o, name), a, k);
        return callMethod(rt, o, name, a, k);
      };
    }
    const fn = compileExpr(this, s, e.func);
    if (kw === null && argOps !== null) return this.positionalCall(fn, argOps);
    if (kw === null) {
      return (f) => {
        const callee = fn(f);
        const a = args(f);
        if (callee instanceof PyFunction) return callee.code.call(callee, a, null);
        return callValue(rt, callee, a, null);
      };
    }
    const nargs = argOps === null ? 0 : argOps.length;
    return (f) => {
      const callee = fn(f);
      // Arguments evaluated in this frame (see kwFrom).
      let a: Value[];
      if (argOps === null) a = args(f);
      else {
        a = new Array<Value>(nargs);
        for (let i = 0; i < nargs; i++) {
          const op = argOps[i] as Operand;
          a[i] = op.k === 0 ? op.f(f) : ld(f, op.k, op.f, op.i, op.v);
        }
      }
      let k: Map<string, Value>;
      if (kw.plain) {
        const vals = new Array<Value>(kw.fns.length);
        for (let i = 0; i < vals.length; i++) vals[i] = (kw.fns[i] as EF)(f);
        k = kwFrom(kw.names, vals);
      } else k = kwInterleaved(rt, f, kw);
      return callValue(rt, callee, a, k);
    };
  }

  /**
   * `f(a, b)` with positional arguments only. A plain Python function gets its frame's slot array
   * built here (FunctionCode.enter); a plain class (no metaclass __call__, no __new__, a plain
   * __init__, instances with a dict) is instantiated inline, its __init__ entered the same way,
   * with the class's plan cached per call site by (class, version). Everything else: callValue.
   */
  positionalCall(fn: EF, ops: Operand[]): EF {
    const rt = this.rt;
    const nargs = ops.length;
    const argK = ops.map((x) => x.k);
    const argF = ops.map((x) => x.f);
    const argI = ops.map((x) => x.i);
    const argV = ops.map((x) => x.v);
    let icClass: PyType | null = null;
    let icVersion = -1;
    let icInit: PyFunction | null = null;
    return (f) => {
      const callee = fn(f);
      // 1: a plain function entered on the slot array; 2: a plain class, its __init__ entered on
      // the slot array after the instance (slot 0); 0: anything else, through callValue.
      let mode = 0;
      let a: Value[];
      let init: PyFunction | null = null;
      if (callee instanceof PyFunction && callee.code.directSlots >= 0 && callee.code.npos === nargs) {
        mode = 1;
        a = new Array<Value>(callee.code.directSlots);
      } else {
        if (callee instanceof PyType && callee.cls === T.type) {
          if (callee !== icClass || callee.version !== icVersion) {
            icClass = callee;
            icVersion = callee.version;
            icInit = plainInit(callee);
          }
          init = icInit;
          if (init !== null && init.code.directSlots >= 0 && init.code.npos === nargs + 1) mode = 2;
        }
        a = new Array<Value>(mode === 2 ? (init as PyFunction).code.directSlots : nargs);
      }
      // The arguments are evaluated here, in this frame, whatever the callee: a nested call costs
      // the host stack one frame of this closure (and ld's) per level, as the stack weight assumes.
      const off = mode === 2 ? 1 : 0;
      for (let i = 0; i < nargs; i++) a[i + off] = argK[i] === 0 ? (argF[i] as EF)(f) : ld(f, argK[i] as number, argF[i] as EF, argI[i] as number, argV[i] as Value);
      if (mode === 1) return (callee as PyFunction).code.enter(callee as PyFunction, a);
      if (mode === 2) {
        const cls = callee as PyType;
        const fnInit = init as PyFunction;
        // An argument changed the class: let typeCall decide on the evaluated arguments.
        if (cls.version !== icVersion || icClass !== cls) return callValue(rt, cls, a.slice(1, nargs + 1), null);
        // As typeCall: the instance is accounted and made after the arguments are evaluated.
        rt.alloc(56);
        const obj = new PyObject(cls, new AttrDict(cls));
        a[0] = obj;
        const r = fnInit.code.enter(fnInit, a);
        if (r !== None) throw pyErr("TypeError", `__init__() should return None, not '${typeOf(r).name}'`);
        return obj;
      }
      if (callee instanceof PyFunction) return callee.code.call(callee, a, null);
      return callValue(rt, callee, a, null);
    };
  }

  /** The argument array of a call with `*` arguments (calls without them evaluate operands inline). */
  starredArgs(s: ScopeCtx, es: A.Expr[]): (f: Frame) => Value[] {
    const rt = this.rt;
    const parts = es.map((x) => (x.type === "Starred" ? { star: true, f: compileExpr(this, s, x.value) } : { star: false, f: compileExpr(this, s, x) }));
    return (f) => {
      const out: Value[] = [];
      for (const p of parts) {
        if (p.star) for (const x of iterToArray(rt, p.f(f))) out.push(x);
        else out.push(p.f(f));
      }
      return out;
    };
  }

  kwBuilder(s: ScopeCtx, kws: A.Keyword[]): KwParts | null {
    if (kws.length === 0) return null;
    return { names: kws.map((k) => k.arg), fns: kws.map((k) => compileExpr(this, s, k.value)), plain: kws.every((k) => k.arg !== null) };
  }

  compileLambda(s: ScopeCtx, e: A.Lambda): EF {
    return compileLambda(this, s, e);
  }

  compileComprehension(s: ScopeCtx, e: A.ListComp | A.SetComp | A.DictComp | A.GeneratorExp): EF {
    return compileComprehension(this, s, e);
  }

  compileFunctionDef(s: ScopeCtx, st: A.FunctionDef | A.AsyncFunctionDef): EF {
    return compileFunctionDef(this, s, st);
  }
}

/** Whether a function scope is nested (at any depth) in a class body. */
function inClassBody(scope: Scope): boolean {
  if (scope.kind === "class" || scope.kind === "module") return false;
  for (let p = scope.parent; p !== null; p = p.parent) if (p.kind === "class") return true;
  return false;
}

/** A class-body name read from a `__prepare__`d mapping; undefined when it raises KeyError. */
export function prepLoad(rt: Runtime, ns: Value, name: string): Value | undefined {
  try {
    return getItem(rt, ns, name);
  } catch (e) {
    if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.KeyError)) return undefined;
    throw e;
  }
}

/** Attach `cause`/`context` and make a PyThrow from a raised value (class or instance). */
export function makeRaise(rt: Runtime, v: Value): PyBaseException {
  if (v instanceof PyBaseException) return v;
  if (v instanceof Object && "mro" in v && (v as { isSubtypeOf?: unknown }).isSubtypeOf !== undefined) {
    const t = v as unknown as import("../runtime/object.js").PyType;
    if (t.isSubtypeOf(E.BaseException)) {
      const inst = callValue(rt, t, [], null);
      if (inst instanceof PyBaseException) return inst;
      throw pyErr("TypeError", `calling ${t.name} should have returned an instance of BaseException, not ${(inst as { cls?: { name: string } }).cls?.name ?? typeof inst}`);
    }
  }
  throw pyErr("TypeError", "exceptions must derive from BaseException");
}

export { PyThrow, Cell, T };

/** The __init__ a class's instances are made with inline, or null when typeCall must decide. */
function plainInit(cls: PyType): PyFunction | null {
  if (cls.builtin || cls.layout !== "object" || userDunder(cls, "__new__") !== undefined) return null;
  const init = userDunder(cls, "__init__");
  return init instanceof PyFunction ? init : null;
}

/** The keyword arguments of a call site: `name=value` (name) and `**mapping` (null), compiled. */
interface KwParts {
  readonly names: (string | null)[];
  readonly fns: EF[];
  /** No `**` part: the values can be evaluated first and the map built after. */
  readonly plain: boolean;
}

/**
 * The keyword map of a call. Plain keywords are evaluated here, in the calling closure's frame
 * (callers inline this loop: no builder frame under nested calls on the host stack); with `**`
 * parts each mapping is merged as soon as it is evaluated, as CPython does.
 */
function kwFrom(names: (string | null)[], vals: Value[]): Map<string, Value> {
  const m = new Map<string, Value>();
  for (let i = 0; i < names.length; i++) m.set(names[i] as string, vals[i] as Value);
  return m;
}

function kwInterleaved(rt: Runtime, f: Frame, kw: KwParts): Map<string, Value> {
  const m = new Map<string, Value>();
  for (let i = 0; i < kw.names.length; i++) {
    const v = (kw.fns[i] as EF)(f);
    const name = kw.names[i] as string | null;
    if (name !== null) {
      m.set(name, v);
      continue;
    }
    if (!(v instanceof PyDict)) {
      const keys = iterToArray(rt, callMethod(rt, v, "keys", [], null));
      for (const key of keys) {
        const k = unbox(key); // a str subclass names the keyword by its text
        if (typeof k !== "string") throw pyErr("TypeError", "keywords must be strings");
        if (m.has(k)) throw pyErr("TypeError", `got multiple values for keyword argument '${k}'`);
        m.set(k, callMethod(rt, v, "__getitem__", [key], null));
      }
      continue;
    }
    for (const en of v.table.entries()) {
      const k = unbox(en.k);
      if (typeof k !== "string") throw pyErr("TypeError", "keywords must be strings");
      if (m.has(k)) throw pyErr("TypeError", `got multiple values for keyword argument '${k}'`);
      m.set(k, en.v);
    }
  }
  return m;
}

/** Stands for the argument builder of a call whose arguments are evaluated inline: never called. */
const inlineArgs = (): Value[] => {
  throw new Error("internal: inline call arguments have no builder");
};
