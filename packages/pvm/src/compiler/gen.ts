// Resumable compilation for generator and coroutine bodies: statements whose subtree contains a
// yield/await compile to JS generator closures (driven with yield*); everything else reuses the
// ordinary closures, so straight-line code inside generators runs at full speed.
import type * as A from "../ast.js";
import { callValue, callMethod } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { addTraceback, E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyGenerator } from "../runtime/function.js";
import { genResume, iterate } from "../runtime/iter.js";
import type { Value } from "../runtime/object.js";
import { binop, type BinOpName, inplaceBinop, truthy, typeOf, unaryop, type UnaryName } from "../runtime/ops.js";
import { getAttr, PySuper, superGetAttr } from "../runtime/call.js";
import { getItem } from "../runtime/subscript.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { userDunder } from "../runtime/call.js";
import { None, T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { C, stmtCost } from "./cost.js";
import { compileCompare, compileExpr } from "./expr.js";
import { BREAK, type Frame, type GEF, type GSF, NORMAL, RETURN, type SF } from "./frame.js";
import { compileBlock, compileStmt, compileStore } from "./stmt.js";

const SCOPE_NODES = new Set(["FunctionDef", "AsyncFunctionDef", "Lambda", "ClassDef", "ListComp", "SetComp", "DictComp", "GeneratorExp"]);

export function containsYield(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(containsYield);
  const t = (node as { type?: string }).type;
  if (t === "Yield" || t === "YieldFrom" || t === "Await" || t === "AsyncFor" || t === "AsyncWith") return true;
  if (t !== undefined && SCOPE_NODES.has(t)) return false;
  for (const v of Object.values(node)) if (typeof v === "object" && containsYield(v)) return true;
  return false;
}

export function closeGen(rt: Runtime, g: PyGenerator): void {
  if (g.finished || !g.started) {
    g.finished = true;
    return;
  }
  try {
    const y = genResume(rt, g, "throw", new PyThrow(new PyBaseException(E.GeneratorExit, [])));
    if (y !== undefined) throw pyErr("RuntimeError", "generator ignored GeneratorExit");
  } catch (e) {
    if (e instanceof PyThrow && (e.exc.cls.isSubtypeOf(E.GeneratorExit) || e.exc.cls.isSubtypeOf(E.StopIteration))) return;
    throw e;
  }
}

/** `yield from src` / `await src`: delegate next/send/throw to a sub-generator. */
export function* delegate(rt: Runtime, src: Value, isAwait: boolean): Generator<Value, Value, Value> {
  let target = src;
  if (isAwait && !(src instanceof PyGenerator && src.cls === T.coroutine)) {
    const aw = userDunder(typeOf(src), "__await__");
    if (aw === undefined) throw pyErr("TypeError", `object ${typeOf(src).name} can't be used in 'await' expression`);
    target = callValue(rt, aw, [src], null);
  }
  if (!(target instanceof PyGenerator)) {
    const next = iterate(rt, target);
    for (let x = next(); x !== undefined; x = next()) yield x;
    return None;
  }
  const out = { value: None as Value };
  let mode: "next" | "throw" = "next";
  let arg: Value | PyThrow = None;
  for (;;) {
    const y = genResume(rt, target, mode, arg, out);
    if (y === undefined) return out.value;
    try {
      arg = yield y;
      mode = "next";
    } catch (e) {
      if (!(e instanceof PyThrow)) throw e;
      if (e.exc.cls.isSubtypeOf(E.GeneratorExit)) {
        closeGen(rt, target);
        throw e;
      }
      mode = "throw";
      arg = e;
    }
  }
}

function genExpr(c: Compiler, s: ScopeCtx, e: A.Expr): GEF {
  const rt = c.rt;
  if (!containsYield(e)) {
    const ef = compileExpr(c, s, e);
    return function* (f) {
      return ef(f);
    };
  }
  switch (e.type) {
    case "Yield": {
      const v = e.value === null ? null : genExpr(c, s, e.value);
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
      if (e.args.some((a) => a.type === "Starred") || e.keywords.some((k) => k.arg === null)) break;
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
      if (e.elts.some((a) => a.type === "Starred")) break;
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
      if (e.elts.some((a) => a.type === "Starred")) break;
      const parts = e.elts.map((a) => genExpr(c, s, a));
      const isTuple = e.type === "Tuple";
      return function* (f) {
        const vs: Value[] = [];
        for (const p of parts) vs.push(yield* p(f));
        return isTuple ? new (require_tuple())(T.tuple, vs) : new (require_list())(T.list, vs);
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
      if (e.slice.type === "Slice") break;
      const v = genExpr(c, s, e.value);
      const k = genExpr(c, s, e.slice);
      return function* (f) {
        const x = yield* v(f);
        return getItem(rt, x, yield* k(f));
      };
    }
    case "Dict": {
      if (e.keys.some((k) => k === null)) break;
      const ks = e.keys.map((k) => genExpr(c, s, k as A.Expr));
      const vs = e.values.map((v) => genExpr(c, s, v));
      return function* (f) {
        const d = new PyDict();
        rt.alloc(64 + 24 * ks.length);
        for (let i = 0; i < ks.length; i++) {
          const kv = yield* (ks[i] as GEF)(f);
          d.table.set(rt, kv, yield* (vs[i] as GEF)(f));
        }
        return d;
      };
    }
    default:
      break;
  }
  throw c.syntaxError(`yield/await inside this kind of expression (${e.type}) is not supported by this PVM version`, e);
}

import { PyList, PyTuple } from "../runtime/object.js";
function require_tuple() {
  return PyTuple;
}
function require_list() {
  return PyList;
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
      const stores = st.targets.map((t) => compileStore(c, s, t));
      return function* (f) {
        f.line = line;
        const x = yield* v(f);
        for (const store of stores) store(f, x);
        return NORMAL;
      };
    }
    case "AugAssign": {
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
      const store = compileStore(c, s, st.target);
      s.loop++;
      const body = compileGenBlock(c, s, st.body);
      s.loop--;
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        f.line = line;
        const next = iterate(rt, yield* iter(f));
        for (let x = next(); x !== undefined; x = next()) {
          rt.charge(1);
          store(f, x);
          const r = yield* body(f);
          if (r === BREAK) return NORMAL;
          if (r === RETURN) return r;
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
      return function* (f) {
        let r: number = NORMAL;
        let pending: PyThrow | null = null;
        try {
          try {
            r = yield* body(f);
          } catch (x) {
            if (!(x instanceof PyThrow)) throw x;
            addTraceback(x.exc, c.filename, f.line, f.fn === null ? "<module>" : f.fn.code.name, f);
            const h = handlers.find((h) => h.type === null || matchesType(x.exc, h.type(f)));
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
              rt.handling.pop();
              if (h.del !== null) {
                try {
                  h.del(f);
                } catch {
                  // already unbound by the handler body
                }
              }
            }
          }
          if (r === NORMAL) r = yield* orelse(f);
        } catch (x) {
          if (!(x instanceof PyThrow) || fin === null) throw x;
          pending = x;
        } finally {
          void 0;
        }
        if (fin !== null) {
          const fr = yield* fin(f);
          if (fr !== NORMAL) return fr;
        }
        if (pending !== null) throw pending;
        return r;
      };
    }
    case "With": {
      if (st.items.length !== 1) break;
      const item = st.items[0] as A.WithItem;
      const ctx = compileExpr(c, s, item.context_expr);
      const store = item.optional_vars === null ? null : compileStore(c, s, item.optional_vars);
      const body = compileGenBlock(c, s, st.body);
      return function* (f) {
        f.line = line;
        const mgr = ctx(f);
        const v = callMethod(rt, mgr, "__enter__", [], null);
        let r: number;
        try {
          if (store !== null) store(f, v);
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
      const inner: A.Stmt[] = st.items.length > 1 ? [{ ...st, items: st.items.slice(1) }] : st.body;
      const ctx = compileExpr(c, s, item.context_expr);
      const store = item.optional_vars === null ? null : compileStore(c, s, item.optional_vars);
      const body = compileGenBlock(c, s, inner);
      return function* (f) {
        f.line = line;
        const mgr = ctx(f);
        const v = yield* delegate(rt, callMethod(rt, mgr, "__aenter__", [], null), true);
        let r: number;
        try {
          if (store !== null) store(f, v);
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
      const store = compileStore(c, s, st.target);
      s.loop++;
      const body = compileGenBlock(c, s, st.body);
      s.loop--;
      const orelse = compileGenBlock(c, s, st.orelse);
      return function* (f) {
        f.line = line;
        const ait = callMethod(rt, yield* iter(f), "__aiter__", [], null);
        for (;;) {
          let x: Value;
          try {
            x = yield* delegate(rt, callMethod(rt, ait, "__anext__", [], null), true);
          } catch (e) {
            if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopAsyncIteration)) break;
            throw e;
          }
          rt.charge(1);
          store(f, x);
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
  throw c.syntaxError(`yield/await inside a ${st.type} statement is not supported by this PVM version`, st);
}

function matchesType(e: PyBaseException, t: Value): boolean {
  if (t instanceof PyTuple) return t.items.some((x) => matchesType(e, x));
  return typeof t === "object" && "mro" in t && e.cls.isSubtypeOf(t as never);
}

export { compileBlock, type Frame };
