// The match statement (PEP 634): each pattern compiles to a closure `(frame, subject) => boolean`
// that binds capture names as it goes.
import type * as A from "../ast.js";
import { getAttr } from "../runtime/call.js";
import { PyDict } from "../runtime/dict.js";
import { E, PyThrow, pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
import { PyByteArray, PyBytes, PyList, PyRange, PyTuple, PyType, type Value } from "../runtime/object.js";
import { eq, truthy, typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { C } from "../runtime/costs.js";
import { compileExpr, constantValue } from "./expr.js";
import { type Frame, NORMAL, type SF } from "./frame.js";
import { compileBlock } from "./stmt.js";

type PF = (f: Frame, v: Value) => boolean;

/** Builtin classes whose single positional sub-pattern matches the subject itself. */
const SELF_MATCHING = new Set<PyType>([T.bool, T.bytearray, T.bytes, T.dict, T.float, T.frozenset, T.int, T.list, T.set, T.str, T.tuple]);

function isSequence(v: Value): boolean {
  return v instanceof PyList || v instanceof PyTuple || v instanceof PyRange;
}

export function compilePattern(c: Compiler, s: ScopeCtx, p: A.Pattern): PF {
  const rt = c.rt;
  switch (p.type) {
    case "MatchValue": {
      const val = compileExpr(c, s, p.value);
      return (f, v) => eq(rt, v, val(f));
    }
    case "MatchSingleton": {
      const want = constantValue(p.value);
      return (_f, v) => v === want;
    }
    case "MatchAs": {
      const sub = p.pattern === null ? null : compilePattern(c, s, p.pattern);
      const store = p.name === null ? null : c.storeName(s, p.name, p);
      return (f, v) => {
        if (sub !== null && !sub(f, v)) return false;
        if (store !== null) store(f, v);
        return true;
      };
    }
    case "MatchOr": {
      const alts = p.patterns.map((q) => compilePattern(c, s, q));
      return (f, v) => alts.some((a) => a(f, v));
    }
    case "MatchStar":
      throw c.syntaxError("starred pattern outside a sequence pattern", p);
    case "MatchSequence": {
      const starAt = p.patterns.findIndex((q) => q.type === "MatchStar");
      const subs = p.patterns.map((q) => (q.type === "MatchStar" ? null : compilePattern(c, s, q)));
      const starStore = starAt >= 0 && (p.patterns[starAt] as A.MatchStar).name !== null ? c.storeName(s, (p.patterns[starAt] as A.MatchStar).name as string, p) : null;
      const n = p.patterns.length;
      return (f, v) => {
        if (!isSequence(v)) return false;
        const items = v instanceof PyRange ? iterToArray(rt, v) : (v as PyList | PyTuple).items;
        if (starAt < 0 ? items.length !== n : items.length < n - 1) return false;
        rt.charge(items.length);
        const after = n - starAt - 1;
        for (let i = 0; i < n; i++) {
          if (i === starAt) continue;
          const item = starAt >= 0 && i > starAt ? items[items.length - (n - i)] : items[i];
          if (!(subs[i] as PF)(f, item as Value)) return false;
        }
        if (starStore !== null) starStore(f, new PyList(T.list, items.slice(starAt, items.length - after) as Value[]));
        return true;
      };
    }
    case "MatchMapping": {
      const keys = p.keys.map((k) => compileExpr(c, s, k));
      const subs = p.patterns.map((q) => compilePattern(c, s, q));
      const rest = p.rest === null ? null : c.storeName(s, p.rest, p);
      return (f, v) => {
        if (!(v instanceof PyDict)) return false;
        const ks = keys.map((k) => k(f));
        for (let i = 0; i < ks.length; i++) {
          const got = v.get(rt, ks[i] as Value);
          if (got === undefined || !(subs[i] as PF)(f, got)) return false;
        }
        if (rest !== null) {
          const d = v.copy(rt);
          for (const k of ks) d.table.delete(rt, k);
          rest(f, d);
        }
        return true;
      };
    }
    case "MatchClass": {
      const cls = compileExpr(c, s, p.cls);
      const pos = p.patterns.map((q) => compilePattern(c, s, q));
      const kws = p.kwd_attrs.map((name, i) => ({ name, pf: compilePattern(c, s, p.kwd_patterns[i] as A.Pattern) }));
      return (f, v) => {
        const t = cls(f);
        if (!(t instanceof PyType)) throw pyErr("TypeError", "called match pattern must be a class");
        if (!typeOf(v).isSubtypeOf(t)) return false;
        let names: string[] = [];
        if (pos.length > 0) {
          if (SELF_MATCHING.has(t) || (t.builtin && [...SELF_MATCHING].some((b) => t.isSubtypeOf(b)))) {
            if (pos.length > 1) throw pyErr("TypeError", `${t.name}() accepts 1 positional sub-pattern (${pos.length} given)`);
            return (pos[0] as PF)(f, v) && kws.every((k) => matchAttr(c, f, v, k.name, k.pf));
          }
          const ma = t.lookup("__match_args__");
          if (!(ma instanceof PyTuple)) throw pyErr("TypeError", `${t.name}() accepts 0 positional sub-patterns (${pos.length} given)`);
          if (pos.length > ma.items.length)
            throw pyErr("TypeError", `${t.name}() accepts ${ma.items.length} positional sub-pattern${ma.items.length === 1 ? "" : "s"} (${pos.length} given)`);
          names = ma.items.slice(0, pos.length) as string[];
        }
        for (let i = 0; i < names.length; i++) if (!matchAttr(c, f, v, names[i] as string, pos[i] as PF)) return false;
        return kws.every((k) => matchAttr(c, f, v, k.name, k.pf));
      };
    }
  }
}

function matchAttr(c: Compiler, f: Frame, v: Value, name: string, pf: PF): boolean {
  let a: Value;
  try {
    a = getAttr(c.rt, v, name);
  } catch (e) {
    if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.AttributeError)) return false;
    throw e;
  }
  return pf(f, a);
}

export function compileMatch(c: Compiler, s: ScopeCtx, st: A.Match): SF {
  const rt = c.rt;
  const subject = compileExpr(c, s, st.subject);
  const cases = st.cases.map((k) => ({
    pattern: compilePattern(c, s, k.pattern),
    guard: k.guard === null ? null : compileExpr(c, s, k.guard),
    body: compileBlock(c, s, k.body),
  }));
  const step = C.step;
  return (f) => {
    const v = subject(f);
    for (const k of cases) {
      rt.charge(step);
      if (!k.pattern(f, v)) continue;
      if (k.guard !== null && !truthy(rt, k.guard(f))) continue;
      return k.body(f);
    }
    return NORMAL;
  };
}

export { None, PyBytes, PyByteArray };
