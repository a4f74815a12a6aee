// The Python `re` module for the PVM: module functions, flags, re.error, Pattern and Match over
// the metered engine in src/regex-engine/. Every engine step is charged to the run's Cycle budget
// (CYCLES_PER_STEP), so a catastrophic pattern ends in OutOfCycles instead of hanging.
// Design and costs: cips/pvm-decimal.md and cips/pvm-re.md.
import type { ModuleDef } from "../modules.js";
import { compile as compileEngine, escape as escapeEngine } from "../regex-engine/index.js";
import { fnValue } from "../builtins/util.js";
import type { Runtime } from "../runtime/context.js";
import { E, type PyBaseException, pyErr } from "../runtime/exceptions.js";
import { PyByteArray, PyBytes, type Value } from "../runtime/object.js";
import { tuple, typeName } from "../runtime/ops.js";
import { None } from "../runtime/types.js";
import { FLAG_ALIASES, FLAG_MEMBERS, PyRegexFlag, regexFlagType } from "./re/flags.js";
import { matchType } from "./re/match.js";
import { bindArgs, def, nativeClass } from "./native-class.js";
import { findall, finditer, matchOp, patternType, split, subn } from "./re/pattern.js";
import { MAX_CACHE, PyPattern, type ReState, budgetOf, initError, translate } from "./re/state.js";
import { indexArg, textValue } from "./re/subject.js";

export { CYCLES_PER_STEP, MAX_CACHE } from "./re/state.js";

function flagsArg(v: Value | undefined): number {
  if (v === undefined) return 0;
  if (v instanceof PyRegexFlag) return v.value;
  return indexArg(v, "flags");
}

function cacheKey(pattern: Value, flags: number): string | null {
  if (typeof pattern === "string") return `s${flags}:${pattern}`;
  if (pattern instanceof PyBytes) return `b${flags}:${Array.from(pattern.b, (x) => String.fromCharCode(x)).join("")}`;
  return null;
}

/** `re.compile` with the per-run cache (CPython's _compile, _MAXCACHE entries, oldest dropped). */
export function compilePattern(st: ReState, pattern: Value, flagsV: Value | undefined): PyPattern {
  const flags = flagsArg(flagsV);
  if (pattern instanceof PyPattern) {
    if (flags !== 0) throw pyErr("ValueError", "cannot process flags argument with a compiled pattern");
    return pattern;
  }
  const key = cacheKey(pattern, flags);
  if (key === null) throw pyErr("TypeError", "first argument must be string or compiled pattern");
  const hit = st.cache.get(key);
  if (hit !== undefined) return hit;
  const src = typeof pattern === "string" ? pattern : (pattern as PyBytes).b;
  let engine: ReturnType<typeof compileEngine>;
  try {
    engine = compileEngine(src, flags, st.budget);
  } catch (e) {
    throw translate(st, e, pattern);
  }
  st.rt.alloc(128 + 4 * engine.program.code.length);
  const p = new PyPattern(st.patternType, engine, pattern);
  if (st.cache.size >= MAX_CACHE) st.cache.delete(st.cache.keys().next().value as string);
  st.cache.set(key, p);
  return p;
}

/** The `re` module definition: register it as "re". */
export function reModule(): ModuleDef {
  return { kind: "native", build: buildRe };
}

function buildRe(rt: Runtime): Map<string, Value> {
  const m = new Map<string, Value>();
  const flagT = regexFlagType();
  const errorType = nativeClass("error", "re", [E.Exception], "exception");
  errorType.hasDict = true;
  def(errorType, "__init__", (_rt, a, kw) => {
    const [msg, pattern, pos] = bindArgs("error", a.slice(1), kw, ["msg", "pattern", "pos"], 1);
    initError(a[0] as PyBaseException, msg as Value, pattern ?? None, pos ?? None);
    return None;
  });
  // eslint-disable-next-line prefer-const
  let st: ReState;
  const get = (): ReState => st;
  st = {
    rt,
    budget: budgetOf(rt),
    errorType,
    patternType: patternType(get),
    matchType: matchType(get),
    flag: flagT.make,
    cache: new Map(),
  };
  const fn = (name: string, names: readonly string[], required: number, body: (a: (Value | undefined)[]) => Value): void => {
    m.set(
      name,
      fnValue(name, (_rt, args, kw) => body(bindArgs(name, args, kw, names, required))),
    );
  };
  for (const op of ["match", "search", "fullmatch"] as const) {
    fn(op, ["pattern", "string", "flags"], 2, ([p, s, f]) => matchOp(st, compilePattern(st, p as Value, f), op, s as Value, undefined, undefined));
  }
  fn("compile", ["pattern", "flags"], 1, ([p, f]) => compilePattern(st, p as Value, f));
  fn("findall", ["pattern", "string", "flags"], 2, ([p, s, f]) => findall(st, compilePattern(st, p as Value, f), s as Value));
  fn("finditer", ["pattern", "string", "flags"], 2, ([p, s, f]) => finditer(st, compilePattern(st, p as Value, f), s as Value));
  fn("split", ["pattern", "string", "maxsplit", "flags"], 2, ([p, s, ms, f]) => split(st, compilePattern(st, p as Value, f), s as Value, ms));
  fn("sub", ["pattern", "repl", "string", "count", "flags"], 3, ([p, r, s, c, f]) => subn(st, compilePattern(st, p as Value, f), r as Value, s as Value, c, "sub").result);
  fn("subn", ["pattern", "repl", "string", "count", "flags"], 3, ([p, r, s, c, f]) => {
    const out = subn(st, compilePattern(st, p as Value, f), r as Value, s as Value, c, "subn");
    return tuple([out.result, out.n]);
  });
  fn("escape", ["pattern"], 1, ([p]) => {
    const v = p as Value;
    if (typeof v === "string") {
      const cps = Array.from(v, (c) => c.codePointAt(0)!);
      rt.charge(cps.length);
      return textValue({ isBytes: false }, escapeEngine(cps));
    }
    if (v instanceof PyBytes || v instanceof PyByteArray) {
      const b = v instanceof PyBytes ? v.b : v.view();
      rt.charge(b.length);
      return textValue({ isBytes: true }, escapeEngine(b));
    }
    throw pyErr("TypeError", `expected str or bytes-like object, got '${typeName(v)}'`);
  });
  fn("purge", [], 0, () => {
    st.cache.clear();
    return None;
  });
  m.set("error", errorType);
  m.set("Pattern", st.patternType);
  m.set("Match", st.matchType);
  m.set("RegexFlag", flagT.type);
  const members = new Map<string, PyRegexFlag>();
  for (const [name, bit] of FLAG_MEMBERS) members.set(name, flagT.make(bit));
  for (const [name, f] of members) m.set(name, f);
  for (const [alias, name] of FLAG_ALIASES) m.set(alias, members.get(name)!);
  m.set("NOFLAG", flagT.make(0));
  m.set("__version__", "2.2.1");
  m.set(
    "__all__",
    tuple([
      "match",
      "fullmatch",
      "search",
      "sub",
      "subn",
      "split",
      "findall",
      "finditer",
      "compile",
      "purge",
      "template",
      "escape",
      "error",
      "Pattern",
      "Match",
      "A",
      "I",
      "L",
      "M",
      "S",
      "X",
      "U",
      "ASCII",
      "IGNORECASE",
      "LOCALE",
      "MULTILINE",
      "DOTALL",
      "VERBOSE",
      "UNICODE",
      "NOFLAG",
      "RegexFlag",
    ]),
  );
  return m;
}
