// Asynchronous comprehensions (PEP 530): `async for` clauses and `await` inside a comprehension.
// A list/set/dict comprehension of that kind runs resumably inside the enclosing coroutine (CPython
// awaits a hidden coroutine: the suspensions are the same); an async generator expression builds an
// async generator object. Per-item Cycles are the synchronous comprehension's: each step of a level
// charges the level's cost (an `async for` step is a `for` step plus the await of `__anext__()`,
// i.e. C.step + C.genResume), each element the element's cost; awaits are charged statically.
import type * as A from "../ast.js";
import { agYield, PyAsyncGenerator } from "../runtime/agen.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { getIter, iterate, nextOf } from "../runtime/iter.js";
import { PyList, type Value } from "../runtime/object.js";
import { truthy } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { C } from "../runtime/costs.js";
import { exprCost } from "./cost.js";
import { compileExpr } from "./expr.js";
import type { EF, Frame, GEF } from "./frame.js";
import { childCtx, comprehensionFrame } from "./functions.js";
import { type AsyncIter, asyncIter, asyncNext } from "../runtime/delegate.js";
import { genExpr } from "./generators.js";
import { compileStore } from "./stmt.js";

type Comp = A.ListComp | A.SetComp | A.DictComp | A.GeneratorExp;

const OWN_SCOPES = new Set(["FunctionDef", "AsyncFunctionDef", "Lambda", "ClassDef"]);

/** Whether evaluating `node` in the current frame may await (an await, or an async comprehension). */
export function suspends(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(suspends);
  const t = (node as { type?: string }).type;
  if (t === "Await") return true;
  if (t !== undefined && OWN_SCOPES.has(t)) return false;
  if (t === "ListComp" || t === "SetComp" || t === "DictComp" || t === "GeneratorExp") {
    const e = node as Comp;
    return suspends((e.generators[0] as A.Comprehension).iter) || (t !== "GeneratorExp" && isAsyncComp(e));
  }
  for (const v of Object.values(node)) if (typeof v === "object" && suspends(v)) return true;
  return false;
}

/** A comprehension with an `async for` clause or an await in its own scope. */
export function isAsyncComp(e: Comp): boolean {
  const gens = e.generators;
  if (gens.some((g) => g.is_async === 1)) return true;
  if (gens.some((g, i) => (i > 0 && suspends(g.iter)) || suspends(g.ifs))) return true;
  return e.type === "DictComp" ? suspends(e.key) || suspends(e.value) : suspends(e.elt);
}

function compName(e: Comp): string {
  return `<${e.type === "ListComp" ? "listcomp" : e.type === "SetComp" ? "setcomp" : e.type === "DictComp" ? "dictcomp" : "genexpr"}>`;
}

interface Level {
  iter: GEF | null;
  isAsync: boolean;
  store: (f: Frame, v: Value) => void;
  ifs: GEF[];
  cost: number;
}

/** The comprehension's body: levels, element closures and the frame factory. */
function parts(c: Compiler, s: ScopeCtx, e: Comp) {
  const scope = c.scopeOf(e);
  const ctx = childCtx(s, scope, compName(e));
  const makeFrame = comprehensionFrame(c, s, scope);
  const levels: Level[] = e.generators.map((g, i) => ({
    iter: i === 0 ? null : genExpr(c, ctx, g.iter),
    isAsync: g.is_async === 1,
    store: compileStore(c, ctx, g.target),
    ifs: g.ifs.map((x) => genExpr(c, ctx, x)),
    // As the synchronous level's step; an `async for` step adds the await of __anext__().
    cost: C.step + (g.is_async === 1 ? C.genResume : 0) + exprCost(g.target) + g.ifs.reduce((n, x) => n + exprCost(x), 0),
  }));
  const elt = e.type === "DictComp" ? null : genExpr(c, ctx, e.elt);
  const key = e.type === "DictComp" ? genExpr(c, ctx, e.key) : null;
  const val = e.type === "DictComp" ? genExpr(c, ctx, e.value) : null;
  const eltCost = e.type === "DictComp" ? exprCost(e.key) + exprCost(e.value) + C.dict : exprCost(e.elt) + C.list;
  return { ctx, levels, elt, key, val, eltCost, makeFrame };
}

/** A level's source: an async iterator (`async for`) or a synchronous next-function. */
type Source = { async: AsyncIter } | { next: () => Value | undefined };

function sourceOf(c: Compiler, L: Level, v: Value): Source {
  return L.isAsync ? { async: asyncIter(c.rt, v) } : { next: iterate(c.rt, v) };
}

/**
 * Visit every combination of the levels from `level` on, running `emit` for each element; the
 * first level's source was prepared by the caller (CPython evaluates it in the enclosing scope).
 */
function* walk(
  c: Compiler,
  levels: Level[],
  eltCost: number,
  g: Frame,
  level: number,
  src: Source,
  emit: (g: Frame) => Generator<Value, void, Value>,
): Generator<Value, void, Value> {
  const rt = c.rt;
  const L = levels[level] as Level;
  const last = level === levels.length - 1;
  outer: for (;;) {
    const x = "async" in src ? yield* asyncNext(rt, src.async) : src.next();
    if (x === undefined) return;
    rt.charge(L.cost);
    L.store(g, x);
    for (const cond of L.ifs) {
      const t = yield* cond(g);
      if (!(typeof t === "boolean" ? t : truthy(rt, t))) continue outer;
    }
    if (last) {
      rt.charge(eltCost);
      yield* emit(g);
    } else {
      const N = levels[level + 1] as Level;
      yield* walk(c, levels, eltCost, g, level + 1, sourceOf(c, N, yield* (N.iter as GEF)(g)), emit);
    }
  }
}

/** The first level's source from the first iterable's value, as CPython's GET_ITER/GET_AITER. */
function firstSource(c: Compiler, L: Level, v: Value): Source {
  return L.isAsync ? { async: asyncIter(c.rt, v) } : { next: nextOf(c.rt, getIter(c.rt, v)) };
}

/** `[… async for …]`, `{…}`, `{k: v …}` or with awaits: a resumable expression of the enclosing scope. */
export function compileAsyncComprehension(c: Compiler, s: ScopeCtx, e: A.ListComp | A.SetComp | A.DictComp): GEF {
  const rt = c.rt;
  const first = genExpr(c, s, (e.generators[0] as A.Comprehension).iter);
  const { levels, elt, key, val, eltCost, makeFrame } = parts(c, s, e);
  const L0 = levels[0] as Level;
  const kind = e.type;
  return function* (f) {
    const src = firstSource(c, L0, yield* first(f));
    const g = makeFrame(f);
    if (kind === "ListComp") {
      const out: Value[] = [];
      yield* walk(c, levels, eltCost, g, 0, src, function* (h) {
        out.push(yield* (elt as GEF)(h));
      });
      rt.alloc(56 + 8 * out.length);
      return new PyList(T.list, out);
    }
    if (kind === "SetComp") {
      const out = new PySet(T.set, false);
      yield* walk(c, levels, eltCost, g, 0, src, function* (h) {
        out.add(rt, yield* (elt as GEF)(h));
      });
      return out;
    }
    const out = new PyDict();
    yield* walk(c, levels, eltCost, g, 0, src, function* (h) {
      const k = yield* (key as GEF)(h);
      out.set(rt, k, yield* (val as GEF)(h));
    });
    return out;
  };
}

/**
 * `(… async for …)` or a generator expression with awaits: an async generator object. The first
 * iterable is evaluated (and its `__aiter__`/`__iter__` called) when the expression is.
 */
export function compileAsyncGenExp(c: Compiler, s: ScopeCtx, e: A.GeneratorExp, firstIterOf?: EF): EF {
  const first = firstIterOf ?? compileExpr(c, s, (e.generators[0] as A.Comprehension).iter);
  const { ctx, levels, elt, eltCost, makeFrame } = parts(c, s, e);
  const L0 = levels[0] as Level;
  const qualname = ctx.qualname;
  const emit = function* (h: Frame): Generator<Value, void, Value> {
    yield agYield(yield* (elt as GEF)(h));
  };
  return (f) => {
    const src = firstSource(c, L0, first(f));
    const g = makeFrame(f);
    const body = (function* (): Generator<Value, Value, Value> {
      yield* walk(c, levels, eltCost, g, 0, src, emit);
      return None;
    })();
    const ag = new PyAsyncGenerator(body, "<genexpr>");
    ag.qualname = qualname;
    return ag;
  };
}
