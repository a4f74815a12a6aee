// Resumable compilation for generator and coroutine bodies: statements whose subtree contains a
// yield/await compile to JS generator closures (driven with yield*); everything else reuses the
// ordinary closures, so straight-line code inside generators runs at full speed.
import type * as A from "../ast.js";
import { callValue, callMethod } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { agYield } from "../runtime/agen.js";
import { compileAsyncComprehension, isAsyncComp } from "./acomp.js";
import { asyncIter, asyncNext, delegate } from "../runtime/delegate.js";
import { iterate, iterToArray } from "../runtime/iter.js";
import { formatValue } from "../builtins/format-builtin.js";
import { PyList, PySlice, PyTuple, type Value } from "../runtime/object.js";
import { binop, type BinOpName, inplaceBinop, repr, str, truthy, unaryop, type UnaryName } from "../runtime/ops.js";
import { asciiReprOf } from "../runtime/strings.js";
import { delAttr, getAttr, PySuper, setAttr, superGetAttr } from "../runtime/call.js";
import { delItem, getItem, setItem } from "../runtime/subscript.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { None, T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { C } from "../runtime/costs.js";
import { stmtCost } from "./cost.js";
import { compileCompare, compileExpr, mergeMapping } from "./expr.js";
import { BREAK, type Frame, type GEF, type GSF, NORMAL, RETURN, type SF } from "./frame.js";
import { attachContext, compileBlock, compileStmt, compileStore, groupLike, leaveHandler, matches, noteCatch, starOutcome, unpackTo } from "./stmt.js";
import { compilePattern } from "./match.js";
import { makeRaise } from "./compiler.js";
import { compileComprehension } from "./functions.js";

const SCOPE_NODES = new Set(["FunctionDef", "AsyncFunctionDef", "Lambda", "ClassDef", "ListComp", "SetComp", "DictComp", "GeneratorExp"]);

function containsYield(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(containsYield);
  const t = (node as { type?: string }).type;
  if (t === "Yield" || t === "YieldFrom" || t === "Await" || t === "AsyncFor" || t === "AsyncWith") return true;
  // Headers of defs, classes and lambdas are evaluated in the enclosing scope.
  if (t === "Lambda") return containsYield((node as A.Lambda).args.defaults) || containsYield((node as A.Lambda).args.kw_defaults);
  if (t === "FunctionDef" || t === "AsyncFunctionDef") {
    const d = node as A.FunctionDef;
    return containsYield(d.decorator_list) || containsYield(d.args.defaults) || containsYield(d.args.kw_defaults);
  }
  if (t === "ClassDef") {
    const d = node as A.ClassDef;
    return containsYield(d.decorator_list) || containsYield(d.bases) || containsYield(d.keywords);
  }
  if (t !== undefined && SCOPE_NODES.has(t)) {
    // A comprehension's first iterable is evaluated in the enclosing scope; an asynchronous
    // list/set/dict comprehension suspends the enclosing coroutine.
    const gens = (node as { generators?: A.Comprehension[] }).generators;
    if (gens === undefined) return false;
    return containsYield((gens[0] as A.Comprehension).iter) || (t !== "GeneratorExp" && isAsyncComp(node as A.ListComp));
  }
  for (const v of Object.values(node)) if (typeof v === "object" && containsYield(v)) return true;
  return false;
}

export function genExpr(c: Compiler, s: ScopeCtx, e: A.Expr): GEF {
  const rt = c.rt;
  if (!containsYield(e)) {
    const ef = compileExpr(c, s, e);
    // biome-ignore lint/correctness/useYield: a step that never suspends, in the generator shape its callers drive with yield*
    return function* (f) {
      return ef(f);
    };
  }
  switch (e.type) {
    case "Yield": {
      const v = e.value === null ? null : genExpr(c, s, e.value);
      if (s.scope.isAsync) {
        // An async generator: the box tells its asend/athrow awaitable this is a value, not an await.
        return function* (f) {
          return yield agYield(v === null ? None : yield* v(f));
        };
      }
      return function* (f) {
        const x = v === null ? None : yield* v(f);
        return yield x;
      };
    }
    case "YieldFrom":
    case "Await": {
      const v = genExpr(c, s, e.value);
      const isAwait = e.type === "Await";
      return function* (f) {
        const src = yield* v(f);
        return yield* delegate(rt, src, isAwait);
      };
    }
    case "BinOp": {
      const l = genExpr(c, s, e.left);
      const r = genExpr(c, s, e.right);
      const op = e.op as BinOpName;
      return function* (f) {
        const a = yield* l(f);
        const b = yield* r(f);
        return binop(rt, op, a, b);
      };
    }
    case "Call": {
      if (e.args.some((a) => a.type === "Starred") || e.keywords.some((k) => k.arg === null)) return genStarCall(c, s, e);
      const fn = genExpr(c, s, e.func);
      const args = e.args.map((a) => genExpr(c, s, a));
      const kws = e.keywords.map((k) => ({ name: k.arg as string, v: genExpr(c, s, k.value) }));
      return function* (f) {
        const callee = yield* fn(f);
        const vs: Value[] = [];
        for (const a of args) vs.push(yield* a(f));
        let kw: Map<string, Value> | null = null;
        if (kws.length > 0) {
          kw = new Map();
          for (const k of kws) kw.set(k.name, yield* k.v(f));
        }
        return callValue(rt, callee, vs, kw);
      };
    }
    case "Set": {
      if (e.elts.some((a) => a.type === "Starred")) {
        const build = genSeq(c, s, e.elts);
        return function* (f) {
          const st = new PySet(T.set, false);
          for (const x of yield* build(f)) st.add(rt, x);
          return st;
        };
      }
      const parts = e.elts.map((a) => genExpr(c, s, a));
      return function* (f) {
        const vs: Value[] = [];
        for (const p of parts) vs.push(yield* p(f));
        const st = new PySet(T.set, false);
        for (const x of vs) st.add(rt, x);
        return st;
      };
    }
    case "Tuple":
    case "List": {
      if (e.elts.some((a) => a.type === "Starred")) {
        const build = genSeq(c, s, e.elts);
        const tuple = e.type === "Tuple";
        return function* (f) {
          const vs = yield* build(f);
          return tuple ? new PyTuple(T.tuple, vs) : new PyList(T.list, vs);
        };
      }
      const parts = e.elts.map((a) => genExpr(c, s, a));
      const isTuple = e.type === "Tuple";
      return function* (f) {
        const vs: Value[] = [];
        for (const p of parts) vs.push(yield* p(f));
        return isTuple ? new PyTuple(T.tuple, vs) : new PyList(T.list, vs);
      };
    }
    case "UnaryOp": {
      const v = genExpr(c, s, e.operand);
      const op = e.op as UnaryName;
      return function* (f) {
        const x = yield* v(f);
        return op === "Not" ? !(typeof x === "boolean" ? x : truthy(rt, x)) : unaryop(rt, op, x);
      };
    }
    case "Compare": {
      const left = genExpr(c, s, e.left);
      const rights = e.comparators.map((x) => genExpr(c, s, x));
      const ops = e.ops;
      return function* (f) {
        let a = yield* left(f);
        let r: Value = true;
        for (let i = 0; i < ops.length; i++) {
          const b = yield* (rights[i] as GEF)(f);
          r = compileCompare(ops[i] as A.CmpOperator, a, b, c);
          if (!(typeof r === "boolean" ? r : truthy(rt, r))) return r;
          a = b;
        }
        return r;
      };
    }
    case "BoolOp": {
      const vs = e.values.map((x) => genExpr(c, s, x));
      const isAnd = e.op === "And";
      return function* (f) {
        let r: Value = None;
        for (const v of vs) {
          r = yield* v(f);
          const t = typeof r === "boolean" ? r : truthy(rt, r);
          if (isAnd ? !t : t) return r;
        }
        return r;
      };
    }
    case "IfExp": {
      const test = genExpr(c, s, e.test);
      const body = genExpr(c, s, e.body);
      const orelse = genExpr(c, s, e.orelse);
      return function* (f) {
        const t = yield* test(f);
        return (typeof t === "boolean" ? t : truthy(rt, t)) ? yield* body(f) : yield* orelse(f);
      };
    }
    case "Attribute": {
      const v = genExpr(c, s, e.value);
      const name = e.attr;
      return function* (f) {
        const x = yield* v(f);
        return x instanceof PySuper ? superGetAttr(rt, x, name) : getAttr(rt, x, name);
      };
    }
    case "Subscript": {
      const v = genExpr(c, s, e.value);
      const k = genExpr(c, s, e.slice);
      return function* (f) {
        const x = yield* v(f);
        return getItem(rt, x, yield* k(f));
      };
    }
    case "Dict": {
      const ks = e.keys.map((k) => (k === null ? null : genExpr(c, s, k)));
      const vs = e.values.map((v) => genExpr(c, s, v));
      return function* (f) {
        const d = new PyDict();
        rt.alloc(64 + 24 * ks.length);
        for (let i = 0; i < ks.length; i++) {
          const k = ks[i];
          if (k === null || k === undefined) mergeMapping(c, d, yield* (vs[i] as GEF)(f));
          else {
            const kv = yield* k(f);
            d.table.set(rt, kv, yield* (vs[i] as GEF)(f));
          }
        }
        return d;
      };
    }
    case "Slice": {
      // Only reached as a subscript's index: the slice object is built like the ordinary path's.
      // biome-ignore lint/correctness/useYield: a step that never suspends, in the generator shape its callers drive with yield*
      const none = function* (): Generator<Value, Value, Value> {
        return None;
      };
      const lo = e.lower === null ? none : genExpr(c, s, e.lower);
      const hi = e.upper === null ? none : genExpr(c, s, e.upper);
      const st = e.step === null ? none : genExpr(c, s, e.step);
      return function* (f) {
        const a = yield* lo(f);
        const b = yield* hi(f);
        return new PySlice(T.slice, a, b, yield* st(f));
      };
    }
    case "JoinedStr": {
      const parts = e.values.map((v) => genExpr(c, s, v));
      return function* (f) {
        let out = "";
        for (const p of parts) out += (yield* p(f)) as string;
        rt.charge(out.length);
        rt.alloc(out.length);
        return out;
      };
    }
    case "FormattedValue": {
      const v = genExpr(c, s, e.value);
      const spec = e.format_spec === null ? null : genExpr(c, s, e.format_spec);
      const conv = e.conversion;
      return function* (f) {
        let x = yield* v(f);
        if (conv === 115) x = str(rt, x);
        else if (conv === 114) x = repr(rt, x);
        else if (conv === 97) x = asciiReprOf(repr(rt, x));
        const sp = spec === null ? "" : ((yield* spec(f)) as string);
        return formatValue(rt, x, sp);
      };
    }
    case "NamedExpr": {
      const v = genExpr(c, s, e.value);
      const store = c.storeName(s, e.target.id, e.target);
      return function* (f) {
        const x = yield* v(f);
        store(f, x);
        return x;
      };
    }
    case "Lambda": {
      const pre = precompute(c, s, [...e.args.defaults, ...(e.args.kw_defaults.filter((d) => d !== null) as A.Expr[])], () => compileExpr(c, s, e));
      return function* (f) {
        yield* pre.fill(f);
        return pre.result(f);
      };
    }
    case "ListComp":
    case "SetComp":
    case "DictComp":
    case "GeneratorExp": {
      if (e.type !== "GeneratorExp" && isAsyncComp(e)) return compileAsyncComprehension(c, s, e);
      // Only the first iterable suspends: evaluate it here, then run the ordinary comprehension
      // on that value (handed over synchronously through `pending`).
      const first = genExpr(c, s, (e.generators[0] as A.Comprehension).iter);
      let pending: Value = None;
      const comp = compileComprehension(c, s, e, () => pending);
      return function* (f) {
        pending = yield* first(f);
        return comp(f);
      };
    }
    case "Starred":
      throw c.syntaxError("can't use starred expression here", e);
    default:
      break;
  }
  // Every other kind is a leaf or opens its own scope, so containsYield() is false for it.
  throw new Error(`PVM compiler: no resumable form for a ${e.type} containing yield/await`);
}

/**
 * Evaluate `exprs` resumably, in order, before a statement or expression whose ordinary closure
 * (built by `build`) then reads their values instead of evaluating them (Compiler.precomputed).
 * Used for def/class/lambda headers: the ordinary closure reads the values without running Python
 * code in between, so one box per site is enough.
 */
function precompute<R>(c: Compiler, s: ScopeCtx, exprs: A.Expr[], build: () => R): { fill: (f: Frame) => Generator<Value, void, Value>; result: R } {
  const evals = exprs.map((x) => genExpr(c, s, x));
  const boxes = exprs.map(() => ({ v: None as Value }));
  exprs.forEach((x, i) => {
    const box = boxes[i] as { v: Value };
    c.precomputed.set(x, () => box.v);
  });
  let result: R;
  try {
    result = build();
  } finally {
    for (const x of exprs) c.precomputed.delete(x);
  }
  return {
    fill: function* (f) {
      for (let i = 0; i < evals.length; i++) (boxes[i] as { v: Value }).v = yield* (evals[i] as GEF)(f);
    },
    result,
  };
}

type GStore = (f: Frame, v: Value) => Generator<Value, void, Value>;

/**
 * An assignment target whose subscripts or attribute objects contain yield/await: after unpacking,
 * each target's own expressions are evaluated when it is assigned, as in CPython.
 */
function genStore(c: Compiler, s: ScopeCtx, t: A.Expr): GStore {
  const rt = c.rt;
  if (!containsYield(t)) {
    const store = compileStore(c, s, t);
    // biome-ignore lint/correctness/useYield: a step that never suspends, in the generator shape its callers drive with yield*
    return function* (f, v) {
      store(f, v);
    };
  }
  switch (t.type) {
    case "Attribute": {
      const o = genExpr(c, s, t.value);
      const name = t.attr;
      return function* (f, v) {
        setAttr(rt, yield* o(f), name, v);
      };
    }
    case "Subscript": {
      const o = genExpr(c, s, t.value);
      const k = genExpr(c, s, t.slice);
      return function* (f, v) {
        const obj = yield* o(f);
        setItem(rt, obj, yield* k(f), v);
      };
    }
    case "Starred":
      return genStore(c, s, t.value);
    case "Tuple":
    case "List": {
      const elts = t.elts;
      const subs = elts.map((x) => genStore(c, s, x));
      return function* (f, v) {
        const items = unpackTo(c, elts, v);
        for (let i = 0; i < subs.length; i++) yield* (subs[i] as GStore)(f, items[i] as Value);
      };
    }
    default:
      throw c.syntaxError("cannot assign to expression", t);
  }
}

/** `*x` elements of a display, expanded in order (memory as the ordinary path's seqBuilder). */
function genSeq(c: Compiler, s: ScopeCtx, elts: A.Expr[]): (f: Frame) => Generator<Value, Value[], Value> {
  const rt = c.rt;
  const parts = elts.map((x) => (x.type === "Starred" ? { star: true, g: genExpr(c, s, x.value) } : { star: false, g: genExpr(c, s, x) }));
  return function* (f) {
    const out: Value[] = [];
    for (const p of parts) {
      const v = yield* p.g(f);
      if (p.star) for (const x of iterToArray(rt, v)) out.push(x);
      else out.push(v);
    }
    rt.alloc(8 * out.length);
    return out;
  };
}

/** A call with `*args`/`**kwargs` whose parts contain a yield/await, evaluated left to right. */
function genStarCall(c: Compiler, s: ScopeCtx, e: A.Expr & { type: "Call" }): GEF {
  const rt = c.rt;
  const fn = genExpr(c, s, e.func);
  const parts = e.args.map((x) => (x.type === "Starred" ? { star: true, g: genExpr(c, s, x.value) } : { star: false, g: genExpr(c, s, x) }));
  const kws = e.keywords.map((k) => ({ name: k.arg, g: genExpr(c, s, k.value) }));
  return function* (f) {
    const callee = yield* fn(f);
    const args: Value[] = [];
    for (const p of parts) {
      const v = yield* p.g(f);
      if (p.star) for (const x of iterToArray(rt, v)) args.push(x);
      else args.push(v);
    }
    let kw: Map<string, Value> | null = null;
    if (kws.length > 0) {
      kw = new Map();
      for (const k of kws) {
        const v = yield* k.g(f);
        if (k.name !== null) kw.set(k.name, v);
        else mergeKeywords(rt, kw, v);
      }
    }
    return callValue(rt, callee, args, kw);
  };
}

/** `**mapping` in a call: string keys only, no duplicates (CPython's messages). */
function mergeKeywords(rt: Runtime, m: Map<string, Value>, v: Value): void {
  const put = (k: Value, x: () => Value): void => {
    if (typeof k !== "string") throw pyErr("TypeError", "keywords must be strings");
    if (m.has(k)) throw pyErr("TypeError", `got multiple values for keyword argument '${k}'`);
    m.set(k, x());
  };
  if (v instanceof PyDict) {
    for (const en of v.table.entries()) put(en.k, () => en.v);
    return;
  }
  for (const k of iterToArray(rt, callMethod(rt, v, "keys", [], null))) put(k, () => callMethod(rt, v, "__getitem__", [k], null));
}

export function compileGenBlock(c: Compiler, s: ScopeCtx, body: A.Stmt[]): GSF {
  const rt = c.rt;
  const items = body.map((st) => (containsYield(st) ? { g: genStmt(c, s, st), n: null } : { g: null, n: compileStmt(c, s, st) }));
  let cost = 0;
  for (const st of body) cost += stmtCost(st);
  return function* (f) {
    if ((rt.budget -= cost) < 0) rt.overdrawn(cost);
    for (const it of items) {
      const r = it.g !== null ? yield* it.g(f) : (it.n as SF)(f);
      if (r !== NORMAL) return r;
    }
    return NORMAL;
  };
}

function genStmt(c: Compiler, s: ScopeCtx, st: A.Stmt): GSF {
  const rt = c.rt;
  const line = st.lineno;
  switch (st.type) {
    case "Expr": {
      const e = genExpr(c, s, st.value);
      return function* (f) {
        f.line = line;
        yield* e(f);
        return NORMAL;
      };
    }
    case "Assign": {
      const v = genExpr(c, s, st.value);
      const stores = st.targets.map((t) => genStore(c, s, t));
      return function* (f) {
        f.line = line;
        const x = yield* v(f);
        for (const store of stores) yield* store(f, x);
        return NORMAL;
      };
    }
    case "AugAssign": {
      const t = st.target;
      if (t.type === "Attribute" || t.type === "Subscript") {
        // CPython's order: the target's object (and key), the current value, then the right side.
        const o = genExpr(c, s, t.value);
        const k = t.type === "Subscript" ? genExpr(c, s, t.slice) : null;
        const name = t.type === "Attribute" ? t.attr : "";
        const v = genExpr(c, s, st.value);
        const op = st.op as BinOpName;
        return function* (f) {
          f.line = line;
          const obj = yield* o(f);
          if (k === null) {
            const cur = getAttr(rt, obj, name);
            setAttr(rt, obj, name, inplaceBinop(rt, op, cur, yield* v(f)));
          } else {
            const key = yield* k(f);
            const cur = getItem(rt, obj, key);
            setItem(rt, obj, key, inplaceBinop(rt, op, cur, yield* v(f)));
          }
          return NORMAL;
        };
      }
      if (st.target.type !== "Name") break;
      const load = c.loadName(s, st.target.id, st.target);
      const store = c.storeName(s, st.target.id, st.target);
      const v = genExpr(c, s, st.value);
      const op = st.op as BinOpName;
      return function* (f) {
        f.line = line;
        const cur = load(f);
        store(f, inplaceBinop(rt, op, cur, yield* v(f)));
        return NORMAL;
      };
    }
    case "AnnAssign": {
      // Inside a function body the annotation is never evaluated; only the value is stored.
      if (s.scope.kind !== "function") break;
      if (st.value === null)
        // biome-ignore lint/correctness/useYield: a step that never suspends, in the generator shape its callers drive with yield*
        return function* () {
          return NORMAL;
        };
      const v = genExpr(c, s, st.value);
      const store = genStore(c, s, st.target);
      return function* (f) {
        f.line = line;
        yield* store(f, yield* v(f));
        return NORMAL;
      };
    }
    case "Assert": {
      const test = genExpr(c, s, st.test);
      const msg = st.msg === null ? null : genExpr(c, s, st.msg);
      return function* (f) {
        f.line = line;
        const t = yield* test(f);
        if (typeof t === "boolean" ? t : truthy(rt, t)) return NORMAL;
        const e = new PyBaseException(E.AssertionError, msg === null ? [] : [yield* msg(f)]);
        attachContext(rt, e);
        throw new PyThrow(e);
      };
    }
    case "Raise": {
      if (st.exc === null) break;
      const exc = genExpr(c, s, st.exc);
      const cause = st.cause === null ? null : genExpr(c, s, st.cause);
      return function* (f) {
        f.line = line;
        const e = makeRaise(rt, yield* exc(f));
        if (cause !== null) {
          const cv = yield* cause(f);
          e.cause = cv === None ? null : makeRaise(rt, cv);
          e.suppressContext = true;
        }
        attachContext(rt, e);
        throw new PyThrow(e);
      };
    }
    case "Delete": {
      // Targets are deleted left to right, each evaluating its own expressions first.
      const del = (t: A.Expr): ((f: Frame) => Generator<Value, void, Value>) => {
        if (!containsYield(t)) {
          const d = compileStmt(c, s, { ...st, targets: [t] });
          // biome-ignore lint/correctness/useYield: a step that never suspends, in the generator shape its callers drive with yield*
          return function* (f) {
            d(f);
          };
        }
        if (t.type === "Tuple" || t.type === "List") {
          const subs = t.elts.map(del);
          return function* (f) {
            for (const sub of subs) yield* sub(f);
          };
        }
        if (t.type !== "Subscript" && t.type !== "Attribute") throw c.syntaxError("cannot delete expression", t);
        const o = genExpr(c, s, t.value);
        const k = t.type === "Subscript" ? genExpr(c, s, t.slice) : null;
        const name = t.type === "Attribute" ? t.attr : "";
        return function* (f) {
          const obj = yield* o(f);
          if (k === null) delAttr(rt, obj, name);
          else delItem(rt, obj, yield* k(f));
        };
      };
      const ds = st.targets.map(del);
      return function* (f) {
        f.line = line;
        for (const d of ds) yield* d(f);
        return NORMAL;
      };
    }
    case "FunctionDef":
    case "AsyncFunctionDef":
    case "ClassDef": {
      // Only the header (decorators, defaults, bases, keywords) is evaluated here, in CPython's order.
      const exprs =
        st.type === "ClassDef"
          ? [...st.decorator_list, ...st.bases, ...st.keywords.map((k) => k.value)]
          : [...st.decorator_list, ...st.args.defaults, ...(st.args.kw_defaults.filter((d) => d !== null) as A.Expr[])];
      const pre = precompute(c, s, exprs, () => compileStmt(c, s, st));
      return function* (f) {
        f.line = line;
        yield* pre.fill(f);
        return pre.result(f);
      };
    }
    case "Match": {
      const subject = genExpr(c, s, st.subject);
      const cases = st.cases.map((k) => ({
        pattern: compilePattern(c, s, k.pattern),
        guard: k.guard === null ? null : genExpr(c, s, k.guard),
        body: compileGenBlock(c, s, k.body),
      }));
      return function* (f) {
        f.line = line;
        const v = yield* subject(f);
        for (const k of cases) {
          rt.charge(C.step);
          if (!k.pattern(f, v)) continue;
          if (k.guard !== null && !truthy(rt, yield* k.guard(f))) continue;
          return yield* k.body(f);
        }
        return NORMAL;
      };
    }
    case "TryStar":
      return genTryStar(c, s, st);
    case "Return": {
      const v = st.value === null ? null : genExpr(c, s, st.value);
      return function* (f) {
        f.line = line;
        f.ret = v === null ? None : yield* v(f);
        return RETURN;
      };
    }
    case "If": {
      const test = genExpr(c, s, st.test);
      const body = compileGenBlock(c, s, st.body);
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        f.line = line;
        return truthy(rt, yield* test(f)) ? yield* body(f) : yield* orelse(f);
      };
    }
    case "While": {
      const test = genExpr(c, s, st.test);
      s.loop++;
      const body = compileGenBlock(c, s, st.body);
      s.loop--;
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        for (;;) {
          f.line = line;
          rt.charge(1);
          if (!truthy(rt, yield* test(f))) break;
          const r = yield* body(f);
          if (r === BREAK) return NORMAL;
          if (r === RETURN) return r;
        }
        return yield* orelse(f);
      };
    }
    case "For": {
      const iter = genExpr(c, s, st.iter);
      const store = genStore(c, s, st.target);
      s.loop++;
      const body = compileGenBlock(c, s, st.body);
      s.loop--;
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        f.line = line;
        const it = yield* iter(f);
        const next = iterate(rt, it);
        // The iterable stays on the frame while the loop runs (it may suspend), for the recount.
        const held = (f.held ??= []);
        held.push(it);
        try {
          for (let x = next(); x !== undefined; x = next()) {
            rt.charge(1);
            yield* store(f, x);
            const r = yield* body(f);
            if (r === BREAK) return NORMAL;
            if (r === RETURN) return r;
          }
        } finally {
          held.pop();
        }
        return yield* orelse(f);
      };
    }
    case "Try": {
      const body = compileGenBlock(c, s, st.body);
      const handlers = st.handlers.map((h) => ({
        type: h.type_ === null ? null : compileExpr(c, s, h.type_),
        store: h.name === null ? null : c.storeName(s, h.name, h),
        del: h.name === null ? null : c.deleteName(s, h.name),
        body: compileGenBlock(c, s, h.body),
      }));
      const orelse = compileGenBlock(c, s, st.orelse);
      const fin = st.finalbody.length > 0 ? compileGenBlock(c, s, st.finalbody) : null;
      // As compileTry (stmt.ts): body, the matching handler or else; then the finally clause, charged
      // and run with the exception being handled (for __context__ and bare raise) when one escapes.
      const tryPart = function* (f: Frame): Generator<Value, number, Value> {
        let r: number;
        try {
          r = yield* body(f);
        } catch (x) {
          if (!(x instanceof PyThrow)) throw x;
          noteCatch(c, f, x.exc);
          const h = handlers.find((h) => h.type === null || matches(rt, x.exc, h.type(f)));
          if (h === undefined) throw x;
          rt.charge(C.except);
          if (h.store !== null) h.store(f, x.exc);
          rt.handling.push(x.exc);
          try {
            return yield* h.body(f);
          } catch (y) {
            if (y instanceof PyThrow && y.exc !== x.exc && y.exc.context === null) y.exc.context = x.exc;
            throw y;
          } finally {
            leaveHandler(rt, f, h.del);
          }
        }
        return r === NORMAL ? yield* orelse(f) : r;
      };
      return fin === null ? tryPart : withFinally(rt, tryPart, fin);
    }
    case "With": {
      const item = st.items[0] as A.WithItem;
      const ctx = genExpr(c, s, item.context_expr);
      const store = item.optional_vars === null ? null : genStore(c, s, item.optional_vars);
      // `with a, b:` nests b inside a; the statement's Cycles were charged once by the block.
      const body = st.items.length > 1 ? genStmt(c, s, { ...st, items: st.items.slice(1) }) : compileGenBlock(c, s, st.body);
      return function* (f) {
        f.line = line;
        const mgr = yield* ctx(f);
        const v = callMethod(rt, mgr, "__enter__", [], null);
        let r: number;
        try {
          if (store !== null) yield* store(f, v);
          r = yield* body(f);
        } catch (x) {
          if (!(x instanceof PyThrow)) throw x;
          if (truthy(rt, callMethod(rt, mgr, "__exit__", [x.exc.cls, x.exc, None], null))) return NORMAL;
          throw x;
        }
        callMethod(rt, mgr, "__exit__", [None, None, None], null);
        return r;
      };
    }
    case "AsyncWith": {
      const item = st.items[0] as A.WithItem;
      const ctx = genExpr(c, s, item.context_expr);
      const store = item.optional_vars === null ? null : genStore(c, s, item.optional_vars);
      // `async with a, b:` nests b inside a; as for `with`, the statement's Cycles (every item's
      // header) were charged once by the enclosing block, so the nested part is not a block again.
      const body = st.items.length > 1 ? genStmt(c, s, { ...st, items: st.items.slice(1) }) : compileGenBlock(c, s, st.body);
      return function* (f) {
        f.line = line;
        const mgr = yield* ctx(f);
        const v = yield* delegate(rt, callMethod(rt, mgr, "__aenter__", [], null), true);
        let r: number;
        try {
          if (store !== null) yield* store(f, v);
          r = yield* body(f);
        } catch (x) {
          if (!(x instanceof PyThrow)) throw x;
          rt.handling.push(x.exc);
          let suppress: Value;
          try {
            suppress = yield* delegate(rt, callMethod(rt, mgr, "__aexit__", [x.exc.cls, x.exc, None], null), true);
          } finally {
            rt.handling.pop();
          }
          if (truthy(rt, suppress)) return NORMAL;
          throw x;
        }
        yield* delegate(rt, callMethod(rt, mgr, "__aexit__", [None, None, None], null), true);
        return r;
      };
    }
    case "AsyncFor": {
      const iter = genExpr(c, s, st.iter);
      const store = genStore(c, s, st.target);
      s.loop++;
      const body = compileGenBlock(c, s, st.body);
      s.loop--;
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        f.line = line;
        const it = asyncIter(rt, yield* iter(f));
        for (;;) {
          f.line = line;
          const x = yield* asyncNext(rt, it);
          if (x === undefined) break;
          // A `for` step plus the await of __anext__() (cips/pvm.md).
          rt.charge(C.step + C.genResume);
          yield* store(f, x);
          const r = yield* body(f);
          if (r === BREAK) return NORMAL;
          if (r === RETURN) return r;
        }
        return yield* orelse(f);
      };
    }
    default:
      break;
  }
  // Every other statement kind cannot contain a yield/await in this scope (or the checks reject it).
  throw new Error(`PVM compiler: no resumable form for a ${st.type} statement containing yield/await`);
}

/** `try … except*` with yields: the synchronous form's exception-group splitting and Cycles. */
function genTryStar(c: Compiler, s: ScopeCtx, st: A.TryStar): GSF {
  const rt = c.rt;
  const body = compileGenBlock(c, s, st.body);
  const handlers = st.handlers.map((h) => ({
    type: compileExpr(c, s, h.type_ as A.Expr),
    store: h.name === null ? null : c.storeName(s, h.name, h),
    del: h.name === null ? null : c.deleteName(s, h.name),
    body: compileGenBlock(c, s, h.body),
  }));
  const orelse = compileGenBlock(c, s, st.orelse);
  const fin = st.finalbody.length > 0 ? compileGenBlock(c, s, st.finalbody) : null;
  const runHandler = function* (f: Frame, h: (typeof handlers)[number], e: PyBaseException): Generator<Value, number, Value> {
    rt.charge(C.except);
    if (h.store !== null) h.store(f, e);
    rt.handling.push(e);
    try {
      return yield* h.body(f);
    } catch (x) {
      if (x instanceof PyThrow && x.exc !== e && x.exc.context === null) x.exc.context = e;
      throw x;
    } finally {
      leaveHandler(rt, f, h.del);
    }
  };
  // Split the group by handler type; unhandled parts and new exceptions are re-raised as a group.
  const split = function* (f: Frame, e: PyBaseException): Generator<Value, number, Value> {
    let rest: PyBaseException[] = e.exceptions !== null ? e.exceptions.slice() : [e];
    const isGroup = e.exceptions !== null;
    const raised: PyBaseException[] = [];
    for (const h of handlers) {
      if (rest.length === 0) break;
      const t = h.type(f);
      const hit = rest.filter((x) => matches(rt, x, t));
      if (hit.length === 0) continue;
      rest = rest.filter((x) => !hit.includes(x));
      try {
        yield* runHandler(f, h, isGroup ? groupLike(e, hit) : groupLike(null, hit));
      } catch (x) {
        if (x instanceof PyThrow) raised.push(x.exc);
        else throw x;
      }
    }
    return starOutcome(e, isGroup, rest, raised);
  };
  const tryPart = function* (f: Frame): Generator<Value, number, Value> {
    let r: number;
    try {
      r = yield* body(f);
    } catch (x) {
      if (!(x instanceof PyThrow)) throw x;
      noteCatch(c, f, x.exc);
      return yield* split(f, x.exc);
    }
    return r === NORMAL ? yield* orelse(f) : r;
  };
  return fin === null ? tryPart : withFinally(rt, tryPart, fin);
}

export { compileBlock, type Frame };

/**
 * A resumable `try` with a `finally` clause (plain and except*): the clause is charged and run after
 * the rest, with an escaping exception being handled (its __context__, bare raise) and re-raised
 * unless the clause returns or breaks, as compileTry does outside generators.
 */
function withFinally(rt: Runtime, tryPart: GSF, fin: GSF): GSF {
  return function* (f) {
    let r: number;
    try {
      r = yield* tryPart(f);
    } catch (x) {
      if (!(x instanceof PyThrow)) throw x;
      rt.charge(C.finally);
      rt.handling.push(x.exc);
      let fr: number;
      try {
        fr = yield* fin(f);
      } catch (y) {
        if (y instanceof PyThrow && y.exc !== x.exc && y.exc.context === null) y.exc.context = x.exc;
        throw y;
      } finally {
        rt.handling.pop();
      }
      if (fr !== NORMAL) return fr; // return/break in finally swallows the exception
      throw x;
    }
    rt.charge(C.finally);
    const fr = yield* fin(f);
    return fr !== NORMAL ? fr : r;
  };
}
