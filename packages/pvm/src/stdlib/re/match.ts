// re.Match: groups, spans, groupdict, expand and CPython's repr, over an engine MatchResult.
import { expandTemplate, toCodePoints } from "../../regex-engine/index.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import { PyByteArray, PyBytes, type PyTuple, type PyType, type Value } from "../../runtime/object.js";
import { repr, tuple } from "../../runtime/ops.js";
import { PyDict } from "../../runtime/dict.js";
import { None, T } from "../../runtime/types.js";
import { bindArgs, def, nativeClass, prop } from "../native-class.js";
import { PyMatch, type ReState, translate } from "./state.js";
import { sliceValue, textValue } from "./subject.js";

/** The group number `g` names (an int or a group name), or IndexError "no such group". */
export function groupIndex(m: PyMatch, g: Value): number {
  const groups = m.pattern.engine.groups;
  let i: number | undefined;
  if (typeof g === "number") i = g;
  else if (typeof g === "boolean") i = g ? 1 : 0;
  else if (typeof g === "string") i = m.pattern.engine.groupIndex.get(g);
  if (i === undefined || !Number.isInteger(i) || i < 0 || i > groups) throw pyErr("IndexError", "no such group");
  return i;
}

function group(m: PyMatch, i: number, dflt: Value = None): Value {
  const s = m.res.spans[2 * i]!;
  return s < 0 ? dflt : sliceValue(m.text, s, m.res.spans[2 * i + 1]!);
}

function self(v: Value | undefined, name: string): PyMatch {
  if (!(v instanceof PyMatch)) throw pyErr("TypeError", `descriptor '${name}' requires a 're.Match' object`);
  return v;
}

/** Builds the per-run re.Match class. */
export function matchType(st: () => ReState): PyType {
  const t = nativeClass("Match", "re");
  def(t, "group", (rt, a) => {
    const m = self(a[0], "group");
    rt.charge(a.length);
    if (a.length <= 2) return group(m, a.length === 1 ? 0 : groupIndex(m, a[1] as Value));
    return tuple(a.slice(1).map((g) => group(m, groupIndex(m, g))));
  });
  def(t, "__getitem__", (_rt, a) => {
    const m = self(a[0], "__getitem__");
    return group(m, groupIndex(m, a[1] as Value));
  });
  def(t, "groups", (rt, a, kw) => {
    const m = self(a[0], "groups");
    const [dflt] = bindArgs("groups", a.slice(1), kw, ["default"], 0);
    const n = m.pattern.engine.groups;
    rt.charge(n);
    rt.alloc(56 + 8 * n);
    const out: Value[] = [];
    for (let i = 1; i <= n; i++) out.push(group(m, i, dflt ?? None));
    return tuple(out);
  });
  def(t, "groupdict", (rt, a, kw) => {
    const m = self(a[0], "groupdict");
    const [dflt] = bindArgs("groupdict", a.slice(1), kw, ["default"], 0);
    const d = new PyDict();
    rt.charge(m.pattern.engine.groupIndex.size);
    for (const [name, i] of m.pattern.engine.groupIndex) d.set(rt, name, group(m, i, dflt ?? None));
    return d;
  });
  const pos =
    (which: "start" | "end" | "span") =>
    (_rt: Runtime, a: Value[]): Value => {
      const m = self(a[0], which);
      if (a.length > 2) throw pyErr("TypeError", `${which} expected at most 1 argument, got ${a.length - 1}`);
      const i = a.length === 2 ? groupIndex(m, a[1] as Value) : 0;
      const s = m.res.spans[2 * i]!;
      const e = s < 0 ? -1 : m.res.spans[2 * i + 1]!;
      return which === "start" ? s : which === "end" ? e : tuple([s, e]);
    };
  def(t, "start", pos("start"));
  def(t, "end", pos("end"));
  def(t, "span", pos("span"));
  def(t, "expand", (rt, a, kw) => {
    const m = self(a[0], "expand");
    const [tpl] = bindArgs("expand", a.slice(1), kw, ["template"], 1);
    const text = tplText(tpl as Value, m.text.isBytes);
    rt.charge(text.length);
    let compiled: ReturnType<typeof m.pattern.engine.compileTemplate>;
    try {
      compiled = m.pattern.engine.compileTemplate(text);
    } catch (e) {
      throw translate(st(), e, tpl as Value);
    }
    const out = expandTemplate(compiled, m.res, m.text.data);
    rt.charge(out.length);
    // CPython joins the pieces with `match.string[:0]`, so a bytearray subject expands to a bytearray.
    const v = textValue({ isBytes: m.text.isBytes }, out);
    return m.text.value instanceof PyByteArray ? new PyByteArray(T.bytearray, (v as PyBytes).b) : v;
  });
  def(t, "__repr__", (rt, a) => {
    const m = self(a[0], "__repr__");
    const r = Array.from(repr(rt, group(m, 0)));
    return `<re.Match object; span=(${m.res.start}, ${m.res.end}), match=${r.slice(0, 50).join("")}>`;
  });
  def(t, "__copy__", (_rt, a) => self(a[0], "__copy__"));
  def(t, "__deepcopy__", (_rt, a) => self(a[0], "__deepcopy__"));
  prop(t, "string", (m) => (m as PyMatch).text.value);
  prop(t, "re", (m) => (m as PyMatch).pattern);
  prop(t, "pos", (m) => (m as PyMatch).res.pos);
  prop(t, "endpos", (m) => (m as PyMatch).res.endpos);
  prop(t, "lastindex", (m) => (m as PyMatch).res.lastIndex ?? None);
  prop(t, "lastgroup", (m) => {
    const li = (m as PyMatch).res.lastIndex;
    if (li === null) return None;
    for (const [name, i] of (m as PyMatch).pattern.engine.groupIndex) if (i === li) return name;
    return None;
  });
  prop(t, "regs", (m) => {
    const r = (m as PyMatch).res;
    const out: PyTuple[] = [];
    for (let i = 0; i <= (m as PyMatch).pattern.engine.groups; i++) {
      const s = r.spans[2 * i]!;
      out.push(tuple([s, s < 0 ? -1 : r.spans[2 * i + 1]!]));
    }
    return tuple(out);
  });
  return t;
}

/** A replacement template's code points (str) or bytes, type-checked against the pattern. */
export function tplText(v: Value, isBytes: boolean): ArrayLike<number> {
  if (isBytes) {
    if (v instanceof PyBytes) return v.b;
    if (v instanceof PyByteArray) return v.view();
    throw pyErr("TypeError", `expected a bytes-like object, ${typeof v === "string" ? "str" : "other"} found`);
  }
  if (typeof v === "string") return toCodePoints(v);
  throw pyErr("TypeError", `expected str instance, ${v instanceof PyBytes ? "bytes" : "other"} found`);
}
