// Per-run state of the `re` module: its classes, the Cycle budget the engine charges and the
// compiled-pattern cache. Created when a run first imports `re`; never shared between runs.
// biome-ignore lint/style/useImportType: a run-time import, kept so module evaluation order stays as it was (verbatimModuleSyntax)
import { type AttrDict } from "../../runtime/attrs.js";
import { type MatchResult, type Pattern, type RegexBudget, RegexError } from "../../regex-engine/index.js";
import type { Runtime } from "../../runtime/context.js";
import { PyBaseException, PyThrow, pyErr } from "../../runtime/exceptions.js";
import { PyBytes, PyObject, type PyType, type Value } from "../../runtime/object.js";
import { None } from "../../runtime/types.js";
import type { PyRegexFlag } from "./flags.js";
import type { Text } from "./subject.js";

/** Cycles charged per engine step (cips/pvm-decimal.md and cips/pvm-re.md). */
export const CYCLES_PER_STEP = 1;
/** CPython's re._MAXCACHE: compiled patterns kept per run. */
export const MAX_CACHE = 512;

export class PyPattern extends PyObject {
  constructor(
    cls: PyType,
    readonly engine: Pattern,
    /** The pattern as given (str or bytes). */
    readonly source: Value,
  ) {
    super(cls);
  }
}

export class PyMatch extends PyObject {
  constructor(
    cls: PyType,
    readonly pattern: PyPattern,
    readonly text: Text,
    readonly res: MatchResult,
  ) {
    super(cls);
  }
}

export interface ReState {
  readonly rt: Runtime;
  readonly budget: RegexBudget;
  readonly errorType: PyType;
  readonly patternType: PyType;
  readonly matchType: PyType;
  readonly flag: (v: number) => PyRegexFlag;
  readonly cache: Map<string, PyPattern>;
}

export function budgetOf(rt: Runtime): RegexBudget {
  return { charge: (n: number) => rt.charge(n * CYCLES_PER_STEP) };
}

/**
 * re.error.__init__(msg, pattern=None, pos=None): the message gains " at position N" when both
 * pattern and pos are given, and " (line L, column C)" when the pattern has several lines.
 */
export function initError(exc: PyBaseException, msg: Value, pattern: Value, pos: Value): void {
  let text = msg;
  let lineno: Value = None;
  let colno: Value = None;
  if (pattern !== None && typeof pos === "number" && typeof msg === "string") {
    const units = typeof pattern === "string" ? Array.from(pattern, (c) => c.codePointAt(0)!) : pattern instanceof PyBytes ? Array.from(pattern.b) : [];
    text = `${msg} at position ${pos}`;
    let lines = 1;
    let lastNl = -1;
    for (let i = 0; i < pos && i < units.length; i++) {
      if (units[i] === 10) {
        lines++;
        lastNl = i;
      }
    }
    lineno = lines;
    colno = pos - lastNl;
    if (units.includes(10)) text = `${text} (line ${lines}, column ${colno})`;
  }
  exc.args = [text];
  const d = exc.dict as AttrDict;
  d.set("msg", msg);
  d.set("pattern", pattern);
  d.set("pos", pos);
  d.set("lineno", lineno);
  d.set("colno", colno);
}

/**
 * Converts an engine error into the Python exception CPython raises: `re.error` with `msg`,
 * `pattern`, `pos`, `lineno`, `colno` (and the " at position N (line L, column C)" suffix), or
 * the builtin class the engine names. Anything else (OutOfCycles, a PyThrow) passes through.
 */
export function translate(st: ReState, e: unknown, pattern: Value): unknown {
  if (!(e instanceof RegexError)) return e;
  if (e.pyType !== "error") return pyErr(e.pyType, e.msg);
  const exc = new PyBaseException(st.errorType, []);
  initError(exc, e.msg, pattern, e.pos === null ? None : e.pos);
  return new PyThrow(exc);
}
