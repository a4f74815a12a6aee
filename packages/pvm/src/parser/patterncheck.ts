// Compile-time checks of `match` patterns, in the order CPython's compiler makes them: irrefutable
// patterns that make later ones unreachable, names bound twice, or-patterns binding different
// names, several starred names, repeated mapping keys and class keyword attributes.

import type { Constant, Expr, Pattern, Pos } from "../ast.js";

export type Report = (at: Pos, msg: string) => void;

/** Checks one case's pattern; `allowIrrefutable` is true for the last case and for guarded cases. */
export function checkCasePattern(p: Pattern, allowIrrefutable: boolean, report: Report): void {
  visit(p, allowIrrefutable, [], report);
}

function store(name: string, at: Pos, stores: string[], report: Report): void {
  if (stores.includes(name)) report(at, `multiple assignments to name '${name}' in pattern`);
  else stores.push(name);
}

function visit(p: Pattern, allow: boolean, stores: string[], report: Report): void {
  switch (p.type) {
    case "MatchAs":
      if (p.pattern === null) {
        if (!allow) {
          report(p, p.name !== null ? `name capture '${p.name}' makes remaining patterns unreachable` : "wildcard makes remaining patterns unreachable");
        }
      } else visit(p.pattern, allow, stores, report);
      if (p.name !== null) store(p.name, p, stores, report);
      return;
    case "MatchStar":
      if (p.name !== null) store(p.name, p, stores, report);
      return;
    case "MatchSequence": {
      if (p.patterns.filter((x) => x.type === "MatchStar").length > 1) report(p, "multiple starred names in sequence pattern");
      for (const x of p.patterns) visit(x, true, stores, report);
      return;
    }
    case "MatchMapping": {
      const seen = new Set<string>();
      for (const k of p.keys) {
        const key = literalKey(k);
        if (key === null) continue;
        if (seen.has(key.id)) report(p, `mapping pattern checks duplicate key (${key.repr})`);
        seen.add(key.id);
      }
      if (p.rest !== null) store(p.rest, p, stores, report);
      for (const x of p.patterns) visit(x, true, stores, report);
      return;
    }
    case "MatchClass": {
      p.kwd_attrs.forEach((attr, i) => {
        if (p.kwd_attrs.indexOf(attr) !== i) report(p.kwd_patterns[i] as Pos, `attribute name repeated in class pattern: ${attr}`);
      });
      for (const x of p.patterns) visit(x, true, stores, report);
      for (const x of p.kwd_patterns) visit(x, true, stores, report);
      return;
    }
    case "MatchOr": {
      let control: string[] | null = null;
      p.patterns.forEach((alt, i) => {
        const altStores: string[] = [];
        visit(alt, allow && i === p.patterns.length - 1, altStores, report);
        if (control === null) control = altStores;
        else if (altStores.length !== control.length || altStores.some((n) => !(control as string[]).includes(n))) {
          // CPython points at the first capture that the first alternative does not bind.
          const ctl = control;
          report(firstCapture(alt, (n) => !ctl.includes(n)) ?? alt, "alternative patterns bind different names");
        }
      });
      for (const n of control ?? []) store(n, p, stores, report);
      return;
    }
    case "MatchValue":
    case "MatchSingleton":
      return;
  }
}

/** The first capture pattern (in source order) whose name satisfies `pred`. */
function firstCapture(p: Pattern, pred: (name: string) => boolean): Pattern | null {
  switch (p.type) {
    case "MatchAs": {
      const inner = p.pattern === null ? null : firstCapture(p.pattern, pred);
      return inner ?? (p.name !== null && pred(p.name) ? p : null);
    }
    case "MatchStar":
      return p.name !== null && pred(p.name) ? p : null;
    case "MatchSequence":
    case "MatchOr":
      return firstOf(p.patterns, pred);
    case "MatchMapping":
      return firstOf(p.patterns, pred) ?? (p.rest !== null && pred(p.rest) ? p : null);
    case "MatchClass":
      return firstOf(p.patterns, pred) ?? firstOf(p.kwd_patterns, pred);
    default:
      return null;
  }
}

function firstOf(ps: Pattern[], pred: (name: string) => boolean): Pattern | null {
  for (const x of ps) {
    const found = firstCapture(x, pred);
    if (found !== null) return found;
  }
  return null;
}

/** Identity and Python repr of a constant mapping key (1, 1.0 and True are the same key). */
function literalKey(e: Expr): { id: string; repr: string } | null {
  if (e.type !== "Constant") return null;
  const v = (e as Constant).value;
  switch (v.kind) {
    case "int":
      return { id: `n:${v.value}`, repr: v.value.toString() };
    case "bool":
      return { id: `n:${v.value ? 1 : 0}`, repr: v.value ? "True" : "False" };
    case "float":
      return { id: Number.isInteger(v.value) ? `n:${BigInt(v.value)}` : `f:${v.value}`, repr: String(v.value) };
    case "str":
      return { id: `s:${v.value}`, repr: pyStrRepr(v.value) };
    case "bytes":
      return { id: `b:${Array.from(v.value).join(",")}`, repr: `b${pyStrRepr(String.fromCharCode(...v.value))}` };
    case "None":
      return { id: "None", repr: "None" };
    default:
      return null;
  }
}

function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else out += ch;
  }
  return out + quote;
}
