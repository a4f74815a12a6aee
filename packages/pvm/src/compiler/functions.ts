// Functions, lambdas and comprehensions: argument binding, closures, frames, tracebacks, depth.
import type * as A from "../ast.js";
import { callValue } from "../runtime/call.js";
import { addTraceback, PyThrow, pyErr } from "../runtime/exceptions.js";
import { Entry, PyDict, PySet } from "../runtime/dict.js";
import { type FunctionCode, PyFunction, PyGenerator } from "../runtime/function.js";
import { iterate, nextOf } from "../runtime/iter.js";
import { Cell, PyList, PyTuple, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { C } from "../runtime/costs.js";
import { exprCost } from "./cost.js";
import { compileExpr } from "./expr.js";
import { type EF, Frame, type GSF, type SF } from "./frame.js";
import type { Scope } from "./scope.js";
import { compileBlock, compileStore } from "./stmt.js";
import { compileGenBlock } from "./generators.js";
import { PyAsyncGenerator } from "../runtime/agen.js";
import { compileAsyncGenExp, isAsyncComp } from "./acomp.js";

interface ParamSpec {
  names: string[];
  nposonly: number;
  npos: number;
  vararg: string | null;
  kwonly: string[];
  kwarg: string | null;
}

function paramSpec(a: A.Arguments): ParamSpec {
  const pos = [...a.posonlyargs, ...a.args].map((x) => x.arg);
  return {
    names: pos,
    nposonly: a.posonlyargs.length,
    npos: pos.length,
    vararg: a.vararg?.arg ?? null,
    kwonly: a.kwonlyargs.map((x) => x.arg),
    kwarg: a.kwarg?.arg ?? null,
  };
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

function listNames(ns: string[]): string {
  const q = ns.map((n) => `'${n}'`);
  if (q.length === 1) return q[0] as string;
  if (q.length === 2) return `${q[0]} and ${q[1]}`;
  return `${q.slice(0, -1).join(", ")}, and ${q[q.length - 1]}`;
}

/** Bind call arguments into parameter values (in slot order of spec: pos, vararg, kwonly, kwarg). */
function bindArgs(fn: PyFunction, p: ParamSpec, args: Value[], kw: Map<string, Value> | null): Value[] {
  const q = fn.qualname;
  const out: (Value | undefined)[] = new Array(p.npos);
  const n = Math.min(args.length, p.npos);
  for (let i = 0; i < n; i++) out[i] = args[i];
  if (args.length > p.npos && p.vararg === null) {
    const ndef = fn.defaults.length;
    const takes = ndef > 0 ? `from ${p.npos - ndef} to ${p.npos}` : `${p.npos}`;
    const givenKw = kw === null ? 0 : [...kw.keys()].filter((k) => p.kwonly.includes(k)).length;
    const extra = givenKw > 0 ? ` positional argument${args.length === 1 ? "" : "s"} (and ${plural(givenKw, "keyword-only argument")})` : "";
    throw pyErr("TypeError", `${q}() takes ${takes} positional argument${takes === "1" ? "" : "s"} but ${args.length}${extra || (args.length === 1 ? " was" : " were")} given`);
  }
  const varargs = p.vararg !== null ? args.slice(p.npos) : null;
  const kwonly: (Value | undefined)[] = new Array(p.kwonly.length);
  let kwdict: PyDict | null = null;
  if (p.kwarg !== null) kwdict = new PyDict();
  const posOnlyAsKw: string[] = [];
  if (kw !== null) {
    for (const [k, v] of kw) {
      const i = p.names.indexOf(k);
      if (i >= p.nposonly) {
        if (out[i] !== undefined) throw pyErr("TypeError", `${q}() got multiple values for argument '${k}'`);
        out[i] = v;
        continue;
      }
      const j = p.kwonly.indexOf(k);
      if (j >= 0) {
        kwonly[j] = v;
        continue;
      }
      if (kwdict !== null) {
        kwdict.table.main.set(k, new Entry(k, v));
        continue;
      }
      if (i >= 0) {
        posOnlyAsKw.push(k);
        continue;
      }
      throw pyErr("TypeError", `${q}() got an unexpected keyword argument '${k}'`);
    }
  }
  if (posOnlyAsKw.length > 0) throw pyErr("TypeError", `${q}() got some positional-only arguments passed as keyword arguments: '${posOnlyAsKw.join(", ")}'`);
  const firstDefault = p.npos - fn.defaults.length;
  const missing: string[] = [];
  for (let i = 0; i < p.npos; i++) {
    if (out[i] !== undefined) continue;
    if (i >= firstDefault) out[i] = fn.defaults[i - firstDefault];
    else missing.push(p.names[i] as string);
  }
  if (missing.length > 0) throw pyErr("TypeError", `${q}() missing ${missing.length} required positional argument${missing.length === 1 ? "" : "s"}: ${listNames(missing)}`);
  const kmissing: string[] = [];
  for (let j = 0; j < p.kwonly.length; j++) {
    if (kwonly[j] !== undefined) continue;
    const d = fn.kwdefaults?.get(p.kwonly[j] as string);
    if (d !== undefined) kwonly[j] = d;
    else kmissing.push(p.kwonly[j] as string);
  }
  if (kmissing.length > 0) throw pyErr("TypeError", `${q}() missing ${kmissing.length} required keyword-only argument${kmissing.length === 1 ? "" : "s"}: ${listNames(kmissing)}`);
  const all = out as Value[];
  if (varargs !== null) all.push(new PyTuple(T.tuple, varargs));
  for (const v of kwonly) all.push(v as Value);
  if (kwdict !== null) all.push(kwdict);
  return all;
}

interface BodyInfo {
  scope: Scope;
  spec: ParamSpec;
  name: string;
  qualname: string;
  firstLine: number;
  body: SF | null;
  genBody: GSF | null;
  kind: "function" | "generator" | "coroutine" | "async_generator";
  weight: number;
}

/** Build the FunctionCode: frame setup, argument binding, depth/stack accounting, tracebacks. */
function makeCode(c: Compiler, info: BodyInfo): FunctionCode {
  const rt = c.rt;
  const scope = info.scope;
  const spec = info.spec;
  const nslots = scope.nslots;
  const paramNames = [...spec.names, ...(spec.vararg ? [spec.vararg] : []), ...spec.kwonly, ...(spec.kwarg ? [spec.kwarg] : [])];
  const paramSlots = paramNames.map((n) => scope.slots.get(n) as number);
  const paramIsCell = paramNames.map((n) => scope.cells.has(n));
  const anyCellParam = paramIsCell.some((x) => x);
  const cellSlots = [...scope.cells].filter((n) => !paramNames.includes(n)).map((n) => scope.slots.get(n) as number);
  const freeSlots = [...scope.frees].map((n) => scope.slots.get(n) as number);
  const simple = spec.vararg === null && spec.kwarg === null && spec.kwonly.length === 0 && !anyCellParam;
  const npos = spec.npos;
  const filename = c.filename;
  const weight = info.weight + 4;
  const body = info.body;
  const genBody = info.genBody;
  const name = info.name;

  const setup = (fn: PyFunction, args: Value[], kw: Map<string, Value> | null): Frame => {
    const f = new Frame(nslots, fn, fn.classCell);
    const s = f.s;
    if (simple && kw === null && args.length === npos) {
      for (let i = 0; i < npos; i++) s[paramSlots[i] as number] = args[i];
    } else {
      const vals = bindArgs(fn, spec, args, kw);
      for (let i = 0; i < vals.length; i++) s[paramSlots[i] as number] = paramIsCell[i] ? new Cell(vals[i]) : vals[i];
    }
    for (let i = 0; i < cellSlots.length; i++) s[cellSlots[i] as number] = new Cell();
    const cl = fn.closure;
    for (let i = 0; i < freeSlots.length; i++) s[freeSlots[i] as number] = cl[i];
    f.line = info.firstLine;
    return f;
  };

  const firstLine = info.firstLine;
  // The common frame: positional parameters in slots 0..npos-1, no cells, no free variables.
  const direct = simple && cellSlots.length === 0 && freeSlots.length === 0 && paramSlots.every((x, i) => x === i);

  const code: FunctionCode = {
    name,
    qualname: info.qualname,
    filename,
    firstLine: info.firstLine,
    directSlots: direct && genBody === null ? nslots : -1,
    npos,
    enter(fn, slots) {
      if (++rt.depth > rt.recursionLimit || (rt.stack += weight) > rt.stackLimit) tooDeep(rt, weight);
      const f = new Frame(nslots, fn, fn.classCell, slots);
      f.line = firstLine;
      f.back = rt.top;
      rt.top = f;
      try {
        (body as SF)(f);
        return f.ret;
      } catch (e) {
        if (e instanceof PyThrow) addTraceback(e.exc, filename, f.line, name, f);
        throw e;
      } finally {
        rt.top = f.back;
        rt.depth--;
        rt.stack -= weight;
      }
    },
    call(fn, args, kw) {
      if (genBody !== null) {
        const f = setup(fn, args, kw);
        const it = runGen(genBody, f, filename, name);
        const g = info.kind === "async_generator" ? new PyAsyncGenerator(it, name) : new PyGenerator(info.kind === "coroutine" ? T.coroutine : T.generator, it, name);
        g.qualname = info.qualname;
        g.frame = f;
        return g;
      }
      if (++rt.depth > rt.recursionLimit || (rt.stack += weight) > rt.stackLimit) tooDeep(rt, weight);
      let f: Frame | null = null;
      try {
        if (direct && kw === null && args.length === npos) {
          f = new Frame(nslots, fn, fn.classCell);
          const sl = f.s;
          for (let i = 0; i < npos; i++) sl[i] = args[i];
          f.line = firstLine;
        } else f = setup(fn, args, kw);
        f.back = rt.top;
        rt.top = f;
        (body as SF)(f);
        return f.ret;
      } catch (e) {
        if (e instanceof PyThrow) addTraceback(e.exc, filename, f === null ? info.firstLine : f.line, name, f ?? code);
        throw e;
      } finally {
        if (f !== null) rt.top = f.back;
        rt.depth--;
        rt.stack -= weight;
      }
    },
  };
  return code;
}

/** Undo the depth and stack accounting of a call that went past a limit, and raise RecursionError. */
function tooDeep(rt: Compiler["rt"], weight: number): never {
  rt.depth--;
  const stack = rt.stack > rt.stackLimit;
  rt.stack -= weight;
  throw pyErr("RecursionError", stack ? "maximum recursion depth exceeded (stack weight)" : "maximum recursion depth exceeded");
}

/** Wrap a generator body so that tracebacks name its frame. */
function* runGen(body: GSF, f: Frame, filename: string, name: string): Generator<Value, Value, Value> {
  try {
    yield* body(f);
    return f.ret;
  } catch (e) {
    if (e instanceof PyThrow) addTraceback(e.exc, filename, f.line, name, f);
    throw e;
  }
}

function closureOf(_c: Compiler, outer: ScopeCtx, inner: Scope): (f: Frame) => Cell[] {
  const slots = [...inner.frees].map((n) => {
    const r = outer.scope.resolve(n);
    if (r.kind === "cell") return r.slot;
    if (r.kind === "classns" && r.cellSlot !== null) return r.cellSlot;
    const slot = outer.scope.slots.get(n);
    if (slot !== undefined) return slot;
    throw new Error(`internal: free variable ${n} not found in enclosing scope`);
  });
  if (slots.length === 0) return () => [];
  return (f) => slots.map((i) => f.s[i] as Cell);
}

function defaultsOf(c: Compiler, s: ScopeCtx, a: A.Arguments): { pos: (f: Frame) => Value[]; kw: ((f: Frame) => Map<string, Value>) | null } {
  const pos = a.defaults.map((d) => compileExpr(c, s, d));
  const kws = a.kwonlyargs.map((k, i) => ({ name: k.arg, f: a.kw_defaults[i] ? compileExpr(c, s, a.kw_defaults[i] as A.Expr) : null })).filter((x) => x.f !== null);
  return {
    pos: (f) => pos.map((d) => d(f)),
    kw:
      kws.length === 0
        ? null
        : (f) => {
            const m = new Map<string, Value>();
            for (const k of kws) m.set(k.name, (k.f as EF)(f));
            return m;
          },
  };
}

export function childCtx(outer: ScopeCtx, scope: Scope, name: string): ScopeCtx {
  const prefix = outer.scope.kind === "module" ? "" : outer.scope.kind === "class" ? `${outer.qualname}.` : `${outer.qualname}.<locals>.`;
  return { scope, qualname: prefix + name, loop: 0, gen: scope.isGenerator || scope.isAsync, weight: 0 };
}

function docOf(body: A.Stmt[]): Value {
  const first = body[0];
  if (first !== undefined && first.type === "Expr" && first.value.type === "Constant" && first.value.value.kind === "str") return first.value.value.value;
  return None;
}

export function compileFunctionDef(c: Compiler, s: ScopeCtx, st: A.FunctionDef | A.AsyncFunctionDef): EF {
  const scope = c.scopeOf(st);
  const ctx = childCtx(s, scope, st.name);
  c.takeMaxDepth(); // closes the enclosing body's count; this function's own starts here
  const isGen = scope.isGenerator || scope.isAsync;
  const body = isGen ? null : compileBlock(c, ctx, st.body);
  const genBody = isGen ? compileGenBlock(c, ctx, st.body) : null;
  const weight = c.takeMaxDepth();
  const code = makeCode(c, {
    scope,
    spec: paramSpec(st.args),
    name: st.name,
    qualname: ctx.qualname,
    firstLine: st.lineno,
    body,
    genBody,
    kind: st.type === "AsyncFunctionDef" ? (scope.isGenerator ? "async_generator" : "coroutine") : scope.isGenerator ? "generator" : "function",
    weight,
  });
  const defaults = defaultsOf(c, s, st.args);
  const closure = closureOf(c, s, scope);
  const globals = c.globals;
  const doc = docOf(st.body);
  const annotations = annotationsOf(c, s, st);
  return (f) => {
    const fn = new PyFunction(code, defaults.pos(f), defaults.kw === null ? null : defaults.kw(f), closure(f), globals, doc);
    fn.classCell = f.classCell;
    if (annotations !== null) fn.annotate = () => annotations.map(([name, ef]) => [name, ef(f)]);
    c.rt.alloc(120);
    return fn;
  };
}

/** The annotated parameters (and "return") of a def, compiled in the defining scope; null when none. */
function annotationsOf(c: Compiler, s: ScopeCtx, st: A.FunctionDef | A.AsyncFunctionDef): [string, EF][] | null {
  const a = st.args;
  const params = [...a.posonlyargs, ...a.args, ...(a.vararg ? [a.vararg] : []), ...a.kwonlyargs, ...(a.kwarg ? [a.kwarg] : [])];
  const out: [string, EF][] = [];
  for (const p of params) if (p.annotation !== null) out.push([p.arg, compileExpr(c, s, p.annotation)]);
  if (st.returns !== null) out.push(["return", compileExpr(c, s, st.returns)]);
  return out.length === 0 ? null : out;
}

export function compileLambda(c: Compiler, s: ScopeCtx, e: A.Lambda): EF {
  const scope = c.scopeOf(e);
  const ctx = childCtx(s, scope, "<lambda>");
  const rt = c.rt;
  const isGen = scope.isGenerator;
  if (isGen) throw c.syntaxError("yield inside lambda is not supported in the PVM", e);
  const expr = compileExpr(c, ctx, e.body);
  const cost = C.step + exprCost(e.body);
  const body: SF = (f) => {
    rt.charge(cost);
    f.ret = expr(f);
    return 3;
  };
  const code = makeCode(c, { scope, spec: paramSpec(e.args), name: "<lambda>", qualname: ctx.qualname, firstLine: e.lineno, body, genBody: null, kind: "function", weight: 8 });
  const defaults = defaultsOf(c, s, e.args);
  const closure = closureOf(c, s, scope);
  const globals = c.globals;
  return (f) => {
    const fn = new PyFunction(code, defaults.pos(f), defaults.kw === null ? null : defaults.kw(f), closure(f), globals, None);
    fn.classCell = f.classCell;
    return fn;
  };
}

/** The frame factory of a comprehension's scope: its free variables from the enclosing frame, fresh cells. */
export function comprehensionFrame(c: Compiler, s: ScopeCtx, scope: Scope): (f: Frame) => Frame {
  const closure = closureOf(c, s, scope);
  const freeSlots = [...scope.frees].map((n) => scope.slots.get(n) as number);
  const cellSlots = [...scope.cells].map((n) => scope.slots.get(n) as number);
  const nslots = scope.nslots;
  return (f) => {
    const g = new Frame(nslots, f.fn, f.classCell);
    g.line = f.line;
    const cl = closure(f);
    for (let i = 0; i < freeSlots.length; i++) g.s[freeSlots[i] as number] = cl[i];
    for (const i of cellSlots) g.s[i] = new Cell();
    return g;
  };
}

/**
 * Comprehensions run in their own scope (as in Python 3): a fresh frame whose `.0` slot holds the
 * iterator of the first `for`. List/set/dict comprehensions run eagerly; generator expressions
 * return a generator.
 */
export function compileComprehension(c: Compiler, s: ScopeCtx, e: A.ListComp | A.SetComp | A.DictComp | A.GeneratorExp, firstIterOf?: EF): EF {
  if (e.type === "GeneratorExp" && isAsyncComp(e)) return compileAsyncGenExp(c, s, e, firstIterOf);
  const rt = c.rt;
  const scope = c.scopeOf(e);
  if (scope.hasYieldInComprehension) throw c.syntaxError("'yield' inside list comprehension", e);
  const ctx = childCtx(s, scope, `<${e.type === "ListComp" ? "listcomp" : e.type === "SetComp" ? "setcomp" : e.type === "DictComp" ? "dictcomp" : "genexpr"}>`);
  ctx.gen = false;
  const gens = e.generators;
  const firstIter = firstIterOf ?? compileExpr(c, s, (gens[0] as A.Comprehension).iter);
  const makeFrame = comprehensionFrame(c, s, scope);
  const dotSlot = scope.slots.get(".0") as number;
  const levels = gens.map((g, i) => ({
    iter: i === 0 ? null : compileExpr(c, ctx, g.iter),
    store: compileStore(c, ctx, g.target),
    ifs: g.ifs.map((x) => compileExpr(c, ctx, x)),
    cost: C.step + exprCost(g.target) + g.ifs.reduce((n, x) => n + exprCost(x), 0),
  }));
  const elt = e.type === "DictComp" ? null : compileExpr(c, ctx, e.elt);
  const key = e.type === "DictComp" ? compileExpr(c, ctx, e.key) : null;
  const val = e.type === "DictComp" ? compileExpr(c, ctx, e.value) : null;
  const eltCost = e.type === "DictComp" ? exprCost(e.key) + exprCost(e.value) + C.dict : exprCost(e.elt) + C.list;

  // Eager: visit every combination, calling `emit` for each element.
  const run = (g: Frame, level: number, emit: (g: Frame) => void): void => {
    const L = levels[level] as (typeof levels)[number];
    const next = level === 0 ? nextOf(rt, g.s[dotSlot] as Value) : iterate(rt, (L.iter as EF)(g));
    const last = level === levels.length - 1;
    outer: for (let x = next(); x !== undefined; x = next()) {
      rt.charge(L.cost);
      L.store(g, x);
      for (const cond of L.ifs) {
        const t = cond(g);
        if (!(typeof t === "boolean" ? t : rt.budget >= 0 && truthyOf(c, t))) continue outer;
      }
      if (last) {
        rt.charge(eltCost);
        emit(g);
      } else run(g, level + 1, emit);
    }
  };

  if (e.type === "GeneratorExp") {
    // Each level returns None (the value a finished genexpr gives StopIteration), so the
    // outermost level is the generator itself: no extra yield* delegation per item.
    const gen = function* (g: Frame, level: number): Generator<Value, Value, Value> {
      const L = levels[level] as (typeof levels)[number];
      const next = level === 0 ? nextOf(rt, g.s[dotSlot] as Value) : iterate(rt, (L.iter as EF)(g));
      const last = level === levels.length - 1;
      outer: for (let x = next(); x !== undefined; x = next()) {
        rt.charge(L.cost);
        L.store(g, x);
        for (const cond of L.ifs) {
          const t = cond(g);
          if (!(typeof t === "boolean" ? t : truthyOf(c, t))) continue outer;
        }
        if (last) {
          rt.charge(eltCost);
          yield (elt as EF)(g);
        } else yield* gen(g, level + 1);
      }
      return None;
    };
    return (f) => {
      const g = makeFrame(f);
      g.s[dotSlot] = wrapIter(c, firstIter(f));
      const it = gen(g, 0);
      const pg = new PyGenerator(T.generator, it, "<genexpr>");
      pg.frame = g;
      return pg;
    };
  }
  // The frame is linked into the running chain, and the result being built sits in its `ret`, so
  // a live-heap recount during the comprehension sees both (cips/pvm.md, "Memory accounting").
  return (f) => {
    const g = makeFrame(f);
    g.s[dotSlot] = wrapIter(c, firstIter(f));
    g.back = rt.top;
    rt.top = g;
    try {
      if (e.type === "ListComp") {
        const out: Value[] = [];
        const list = new PyList(T.list, out);
        g.ret = list;
        run(g, 0, (h) => {
          out.push((elt as EF)(h));
        });
        rt.alloc(56 + 8 * out.length);
        return list;
      }
      if (e.type === "SetComp") {
        const out = new PySet(T.set, false);
        g.ret = out;
        run(g, 0, (h) => out.add(rt, (elt as EF)(h)));
        return out;
      }
      const out = new PyDict();
      g.ret = out;
      run(g, 0, (h) => {
        const k = (key as EF)(h);
        out.set(rt, k, (val as EF)(h));
      });
      return out;
    } finally {
      rt.top = g.back;
    }
  };
}

import { getIter } from "../runtime/iter.js";
import { truthy } from "../runtime/ops.js";

function wrapIter(c: Compiler, v: Value): Value {
  return getIter(c.rt, v);
}
function truthyOf(c: Compiler, v: Value): boolean {
  return truthy(c.rt, v);
}

export { callValue };
