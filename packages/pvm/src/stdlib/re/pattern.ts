// re.Pattern: match/search/fullmatch/findall/finditer/split/sub/subn over the engine, with
// CPython's argument names, defaults and repr.
import { type MatchResult, type Subject, fromCodePoints, toCodePoints } from "../../regex-engine/index.js";
import { callValue } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import { PyGenerator } from "../../runtime/function.js";
import { PyByteArray, PyBytes, type PyType, type Value } from "../../runtime/object.js";
import { eq, hash, list, repr, tuple, typeName } from "../../runtime/ops.js";
import { PyDict } from "../../runtime/dict.js";
import { None, NotImplemented, T } from "../../runtime/types.js";
import { tplText } from "./match.js";
import { bindArgs, def, nativeClass, prop } from "../native-class.js";
import { PyMatch, PyPattern, type ReState, translate } from "./state.js";
import { type Text, indexArg, sliceValue, subjectFor, textValue } from "./subject.js";

/** sre's order of flag names in a Pattern repr (not RegexFlag's definition order). */
const REPR_FLAGS: ReadonlyArray<readonly [string, number]> = [
  ["TEMPLATE", 1],
  ["IGNORECASE", 2],
  ["LOCALE", 4],
  ["MULTILINE", 8],
  ["DOTALL", 16],
  ["UNICODE", 32],
  ["VERBOSE", 64],
  ["DEBUG", 128],
  ["ASCII", 256],
];

function self(v: Value | undefined, name: string): PyPattern {
  if (!(v instanceof PyPattern)) throw pyErr("TypeError", `descriptor '${name}' requires a 're.Pattern' object`);
  return v;
}

function newMatch(st: ReState, p: PyPattern, text: Text, r: MatchResult | null): Value {
  if (r === null) return None;
  st.rt.alloc(64 + 16 * p.engine.groups);
  return new PyMatch(st.matchType, p, text, r);
}

type Op = "match" | "search" | "fullmatch";

/** Runs one engine call, turning engine errors into Python ones. */
function run<R>(st: ReState, p: PyPattern, f: () => R): R {
  try {
    return f();
  } catch (e) {
    throw translate(st, e, p.source);
  }
}

export function matchOp(st: ReState, p: PyPattern, op: Op, string: Value, pos: Value | undefined, endpos: Value | undefined): Value {
  const text = subjectFor(string, p.engine.isBytes);
  const ps = pos === undefined ? 0 : indexArg(pos, "pos");
  const es = endpos === undefined ? undefined : indexArg(endpos, "endpos");
  return newMatch(
    st,
    p,
    text,
    run(st, p, () => p.engine[op](text.data, st.budget, ps, es)),
  );
}

function piece(text: Text, s: Subject): Value {
  return textValue(text, s);
}

export function findall(st: ReState, p: PyPattern, string: Value, pos?: Value, endpos?: Value): Value {
  const text = subjectFor(string, p.engine.isBytes);
  const ps = pos === undefined ? 0 : indexArg(pos, "pos");
  const es = endpos === undefined ? undefined : indexArg(endpos, "endpos");
  const spans = run(st, p, () => p.engine.findallSpans(text.data, st.budget, ps, es));
  const k = p.engine.findallStride();
  const rows = spans.length / (2 * k);
  st.rt.alloc(56 + 8 * rows);
  const piece = (i: number): Value => sliceValue(text, Math.max(spans[i]!, 0), Math.max(spans[i + 1]!, 0));
  const out: Value[] = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const at = 2 * k * r;
    if (p.engine.groups <= 1) out[r] = piece(at);
    else {
      const row: Value[] = new Array(k);
      for (let g = 0; g < k; g++) row[g] = piece(at + 2 * g);
      out[r] = tuple(row);
    }
  }
  return list(out);
}

export function finditer(st: ReState, p: PyPattern, string: Value, pos?: Value, endpos?: Value): Value {
  const text = subjectFor(string, p.engine.isBytes);
  const ps = pos === undefined ? 0 : indexArg(pos, "pos");
  const es = endpos === undefined ? undefined : indexArg(endpos, "endpos");
  const it = run(st, p, () => p.engine.finditer(text.data, st.budget, ps, es));
  const gen = (function* (): Generator<Value, Value, Value> {
    for (;;) {
      const r = run(st, p, () => it.next());
      if (r.done === true) return None;
      yield newMatch(st, p, text, r.value);
    }
  })();
  return new PyGenerator(T.generator, gen, "finditer");
}

export function split(st: ReState, p: PyPattern, string: Value, maxsplit?: Value): Value {
  const text = subjectFor(string, p.engine.isBytes);
  const ms = maxsplit === undefined ? 0 : indexArg(maxsplit, "maxsplit");
  const parts = run(st, p, () => p.engine.split(text.data, st.budget, ms));
  st.rt.alloc(56 + 8 * parts.length);
  return list(parts.map((x) => (x === null ? None : piece(text, x))));
}

/** sub/subn: a str/bytes template or a callable called with each Match. */
export function subn(st: ReState, p: PyPattern, repl: Value, string: Value, count: Value | undefined, _fname: string): { result: Value; n: number } {
  const text = subjectFor(string, p.engine.isBytes);
  const cnt = count === undefined ? 0 : indexArg(count, "count");
  const rt = st.rt;
  let r: ReturnType<typeof p.engine.subn>;
  if (typeof repl === "string" || repl instanceof PyBytes || repl instanceof PyByteArray) {
    const tpl = tplText(repl, p.engine.isBytes);
    rt.charge(tpl.length);
    const compiled = (() => {
      try {
        return p.engine.compileTemplate(tpl);
      } catch (e) {
        throw translate(st, e, repl);
      }
    })();
    r = run(st, p, () => p.engine.subn(text.data, compiled, st.budget, cnt));
  } else {
    const fn = (m: MatchResult): ArrayLike<number> => {
      const v = callValue(rt, repl, [newMatch(st, p, text, m)], null);
      if (v === None) return [];
      if (p.engine.isBytes) {
        if (v instanceof PyBytes) return v.b;
        if (v instanceof PyByteArray) return v.view();
        throw pyErr("TypeError", `sequence item 0: expected a bytes-like object, ${typeName(v)} found`);
      }
      if (typeof v === "string") return toCodePoints(v);
      throw pyErr("TypeError", `sequence item 0: expected str instance, ${typeName(v)} found`);
    };
    r = run(st, p, () => p.engine.subn(text.data, fn, st.budget, cnt));
  }
  rt.alloc(r.result.length);
  const result = text.isBytes ? new PyBytes(T.bytes, r.result as Uint8Array) : fromCodePoints(r.result);
  return { result, n: r.n };
}

function patternRepr(rt: Runtime, p: PyPattern): string {
  const src = Array.from(repr(rt, p.source)).slice(0, 200).join("");
  let flags = p.engine.flags;
  // A str pattern's implicit UNICODE flag is not shown.
  if (!p.engine.isBytes && (flags & (4 | 32 | 256)) === 32) flags &= ~32;
  if (flags === 0) return `re.compile(${src})`;
  const names: string[] = [];
  for (const [n, b] of REPR_FLAGS) {
    if (flags & b) {
      names.push(`re.${n}`);
      flags &= ~b;
    }
  }
  if (flags !== 0) names.push(`0x${flags.toString(16)}`);
  return `re.compile(${src}, ${names.join("|")})`;
}

/** Builds the per-run re.Pattern class. */
export function patternType(st: () => ReState): PyType {
  const t = nativeClass("Pattern", "re");
  for (const op of ["match", "search", "fullmatch"] as const) {
    def(t, op, (_rt, a, kw) => {
      const p = self(a[0], op);
      const [s, pos, endpos] = bindArgs(op, a.slice(1), kw, ["string", "pos", "endpos"], 1);
      return matchOp(st(), p, op, s as Value, pos, endpos);
    });
  }
  def(t, "findall", (_rt, a, kw) => {
    const [s, pos, endpos] = bindArgs("findall", a.slice(1), kw, ["string", "pos", "endpos"], 1);
    return findall(st(), self(a[0], "findall"), s as Value, pos, endpos);
  });
  def(t, "finditer", (_rt, a, kw) => {
    const [s, pos, endpos] = bindArgs("finditer", a.slice(1), kw, ["string", "pos", "endpos"], 1);
    return finditer(st(), self(a[0], "finditer"), s as Value, pos, endpos);
  });
  def(t, "split", (_rt, a, kw) => {
    const [s, maxsplit] = bindArgs("split", a.slice(1), kw, ["string", "maxsplit"], 1);
    return split(st(), self(a[0], "split"), s as Value, maxsplit);
  });
  def(t, "sub", (_rt, a, kw) => {
    const [repl, s, count] = bindArgs("sub", a.slice(1), kw, ["repl", "string", "count"], 2);
    return subn(st(), self(a[0], "sub"), repl as Value, s as Value, count, "sub").result;
  });
  def(t, "subn", (_rt, a, kw) => {
    const [repl, s, count] = bindArgs("subn", a.slice(1), kw, ["repl", "string", "count"], 2);
    const r = subn(st(), self(a[0], "subn"), repl as Value, s as Value, count, "subn");
    return tuple([r.result, r.n]);
  });
  def(t, "__repr__", (rt, a) => patternRepr(rt, self(a[0], "__repr__")));
  def(t, "__eq__", (rt, a) => {
    const p = self(a[0], "__eq__");
    const q = a[1];
    if (!(q instanceof PyPattern)) return NotImplemented;
    return p === q || (p.engine.flags === q.engine.flags && p.engine.isBytes === q.engine.isBytes && eq(rt, p.source, q.source));
  });
  def(t, "__ne__", (rt, a) => {
    const p = self(a[0], "__ne__");
    const q = a[1];
    if (!(q instanceof PyPattern)) return NotImplemented;
    return !(p === q || (p.engine.flags === q.engine.flags && p.engine.isBytes === q.engine.isBytes && eq(rt, p.source, q.source)));
  });
  def(t, "__hash__", (rt, a) => {
    const p = self(a[0], "__hash__");
    const h = hash(rt, p.source);
    return typeof h === "number" ? (h ^ p.engine.flags) | 0 : h ^ BigInt(p.engine.flags);
  });
  def(t, "__copy__", (_rt, a) => self(a[0], "__copy__"));
  def(t, "__deepcopy__", (_rt, a) => self(a[0], "__deepcopy__"));
  prop(t, "pattern", (p) => (p as PyPattern).source);
  prop(t, "flags", (p) => (p as PyPattern).engine.flags);
  prop(t, "groups", (p) => (p as PyPattern).engine.groups);
  prop(t, "groupindex", (p) => {
    const d = new PyDict();
    const rt = st().rt;
    for (const [k, v] of (p as PyPattern).engine.groupIndex) d.set(rt, k, v);
    return d;
  });
  return t;
}
