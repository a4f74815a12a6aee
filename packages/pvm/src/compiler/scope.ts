// Scope analysis, equivalent to CPython's symtable: decides for every name in every scope whether
// it is a fast local (array slot), a cell (captured by an inner function), a free variable (a cell
// from an enclosing function), a global, or a class-namespace name.
import type * as A from "../ast.js";

export type ScopeKind = "module" | "function" | "class" | "comprehension";

export type Resolution = { kind: "fast"; slot: number } | { kind: "cell"; slot: number } | { kind: "global" } | { kind: "classns"; cellSlot: number | null };

export class Scope {
  readonly kind: ScopeKind;
  readonly parent: Scope | null;
  readonly node: unknown;
  readonly bound = new Set<string>();
  readonly used = new Set<string>();
  readonly globals = new Set<string>();
  readonly nonlocals = new Set<string>();
  readonly params: string[] = [];
  readonly children: Scope[] = [];
  /** Names captured by inner scopes (cellvars) and taken from outer scopes (freevars). */
  readonly cells = new Set<string>();
  readonly frees = new Set<string>();
  isGenerator = false;
  isAsync = false;
  hasYieldInComprehension = false;
  /** Slot of every fast/cell/free name; assigned by `finish`. */
  readonly slots = new Map<string, number>();
  nslots = 0;

  constructor(kind: ScopeKind, parent: Scope | null, node: unknown) {
    this.kind = kind;
    this.parent = parent;
    this.node = node;
    parent?.children.push(this);
  }

  isFunctionLike(): boolean {
    return this.kind === "function" || this.kind === "comprehension";
  }

  resolve(name: string): Resolution {
    if (this.kind === "module") return { kind: "global" };
    if (this.kind === "class") {
      if (this.globals.has(name)) return { kind: "global" };
      const s = this.frees.has(name) ? (this.slots.get(name) as number) : null;
      if (this.bound.has(name) || s === null) return { kind: "classns", cellSlot: s };
      return { kind: "cell", slot: s };
    }
    if (this.globals.has(name)) return { kind: "global" };
    const slot = this.slots.get(name);
    if (slot === undefined) return { kind: "global" };
    if (this.cells.has(name) || this.frees.has(name)) return { kind: "cell", slot };
    return { kind: "fast", slot };
  }
}

export class ScopeError extends Error {
  constructor(
    message: string,
    readonly lineno: number,
    readonly kind: "SyntaxError" | "RecursionError" = "SyntaxError",
  ) {
    super(message);
  }
}

/** Build and resolve the scope tree of a module. Returns a map from AST node to its scope. */
export function analyze(mod: A.Module): Map<unknown, Scope> {
  const map = new Map<unknown, Scope>();
  const top = new Scope("module", null, mod);
  map.set(mod, top);
  const b = new Builder(map);
  b.stmts(mod.body, top);
  for (const s of map.values()) if (s.kind !== "module") resolveFrees(s);
  for (const s of map.values()) assignSlots(s);
  return map;
}

/** The nearest enclosing scope that binds names for a walrus inside comprehensions. */
function walrusTarget(s: Scope): Scope {
  let c = s;
  while (c.kind === "comprehension" && c.parent !== null) c = c.parent;
  return c;
}

/** Same bound as the compiler's (compiler.ts MAX_NESTING), checked first, during analysis. */
const MAX_ANALYSIS_DEPTH = 120;

class Builder {
  #depth = 0;
  constructor(readonly map: Map<unknown, Scope>) {}

  #enter(node: { lineno?: number }): void {
    if (++this.#depth > MAX_ANALYSIS_DEPTH) throw new ScopeError("maximum recursion depth exceeded during compilation", node.lineno ?? 0, "RecursionError");
  }

  bind(s: Scope, name: string): void {
    s.bound.add(name);
  }

  stmts(body: A.Stmt[], s: Scope): void {
    for (const st of body) this.stmt(st, s);
  }

  args(a: A.Arguments, outer: Scope, inner: Scope): void {
    for (const d of a.defaults) this.expr(d, outer);
    for (const d of a.kw_defaults) if (d !== null) this.expr(d, outer);
    const all = [...a.posonlyargs, ...a.args, ...(a.vararg ? [a.vararg] : []), ...a.kwonlyargs, ...(a.kwarg ? [a.kwarg] : [])];
    for (const p of all) {
      if (p.annotation !== null) this.expr(p.annotation, outer);
      inner.params.push(p.arg);
      inner.bound.add(p.arg);
    }
  }

  target(t: A.Expr, s: Scope): void {
    switch (t.type) {
      case "Name":
        this.bind(s, t.id);
        return;
      case "Tuple":
      case "List":
        for (const e of t.elts) this.target(e, s);
        return;
      case "Starred":
        this.target(t.value, s);
        return;
      default:
        this.expr(t, s);
    }
  }

  stmt(st: A.Stmt, s: Scope): void {
    this.#enter(st);
    try {
      this.stmtInner(st, s);
    } finally {
      this.#depth--;
    }
  }

  stmtInner(st: A.Stmt, s: Scope): void {
    switch (st.type) {
      case "FunctionDef":
      case "AsyncFunctionDef": {
        for (const d of st.decorator_list) this.expr(d, s);
        if (st.returns !== null) this.expr(st.returns, s);
        const inner = new Scope("function", s, st);
        inner.isAsync = st.type === "AsyncFunctionDef";
        this.map.set(st, inner);
        this.args(st.args, s, inner);
        this.stmts(st.body, inner);
        this.bind(s, st.name);
        return;
      }
      case "ClassDef": {
        for (const d of st.decorator_list) this.expr(d, s);
        for (const e of st.bases) this.expr(e, s);
        for (const k of st.keywords) this.expr(k.value, s);
        const inner = new Scope("class", s, st);
        this.map.set(st, inner);
        this.stmts(st.body, inner);
        this.bind(s, st.name);
        return;
      }
      case "Return":
        if (st.value !== null) this.expr(st.value, s);
        return;
      case "Delete":
        for (const t of st.targets) this.target(t, s);
        return;
      case "Assign":
        this.expr(st.value, s);
        for (const t of st.targets) this.target(t, s);
        return;
      case "AugAssign":
        this.expr(st.value, s);
        if (st.target.type === "Name") {
          s.used.add(st.target.id);
          this.bind(s, st.target.id);
        } else this.expr(st.target, s);
        return;
      case "AnnAssign":
        if (st.value !== null) this.expr(st.value, s);
        if (st.target.type === "Name") {
          if (st.value !== null || s.kind !== "module") this.bind(s, st.target.id);
        } else this.expr(st.target, s);
        if (s.kind !== "function") this.expr(st.annotation, s);
        return;
      case "For":
      case "AsyncFor":
        this.expr(st.iter, s);
        this.target(st.target, s);
        this.stmts(st.body, s);
        this.stmts(st.orelse, s);
        return;
      case "While":
      case "If":
        this.expr(st.test, s);
        this.stmts(st.body, s);
        this.stmts(st.orelse, s);
        return;
      case "With":
      case "AsyncWith":
        for (const it of st.items) {
          this.expr(it.context_expr, s);
          if (it.optional_vars !== null) this.target(it.optional_vars, s);
        }
        this.stmts(st.body, s);
        return;
      case "Match":
        this.expr(st.subject, s);
        for (const c of st.cases) {
          this.pattern(c.pattern, s);
          if (c.guard !== null) this.expr(c.guard, s);
          this.stmts(c.body, s);
        }
        return;
      case "Raise":
        if (st.exc !== null) this.expr(st.exc, s);
        if (st.cause !== null) this.expr(st.cause, s);
        return;
      case "Try":
      case "TryStar":
        this.stmts(st.body, s);
        for (const h of st.handlers) {
          if (h.type_ !== null) this.expr(h.type_, s);
          if (h.name !== null) this.bind(s, h.name);
          this.stmts(h.body, s);
        }
        this.stmts(st.orelse, s);
        this.stmts(st.finalbody, s);
        return;
      case "Assert":
        this.expr(st.test, s);
        if (st.msg !== null) this.expr(st.msg, s);
        return;
      case "Import":
        for (const a of st.names) this.bind(s, a.asname ?? (a.name.split(".")[0] as string));
        return;
      case "ImportFrom":
        for (const a of st.names) {
          if (a.name === "*") throw new ScopeError("import * is not allowed in the PVM", st.lineno);
          this.bind(s, a.asname ?? a.name);
        }
        return;
      case "Global":
        for (const n of st.names) {
          if (s.bound.has(n) || s.used.has(n)) throw new ScopeError(`name '${n}' is used prior to global declaration`, st.lineno);
          s.globals.add(n);
        }
        return;
      case "Nonlocal":
        if (s.kind === "module") throw new ScopeError("nonlocal declaration not allowed at module level", st.lineno);
        for (const n of st.names) s.nonlocals.add(n);
        return;
      case "Expr":
        this.expr(st.value, s);
        return;
      case "Pass":
      case "Break":
      case "Continue":
        return;
    }
  }

  pattern(p: A.Pattern, s: Scope): void {
    switch (p.type) {
      case "MatchValue":
        this.expr(p.value, s);
        return;
      case "MatchSingleton":
        return;
      case "MatchSequence":
        for (const q of p.patterns) this.pattern(q, s);
        return;
      case "MatchMapping":
        for (const k of p.keys) this.expr(k, s);
        for (const q of p.patterns) this.pattern(q, s);
        if (p.rest !== null) this.bind(s, p.rest);
        return;
      case "MatchClass":
        this.expr(p.cls, s);
        for (const q of p.patterns) this.pattern(q, s);
        for (const q of p.kwd_patterns) this.pattern(q, s);
        return;
      case "MatchStar":
        if (p.name !== null) this.bind(s, p.name);
        return;
      case "MatchAs":
        if (p.pattern !== null) this.pattern(p.pattern, s);
        if (p.name !== null) this.bind(s, p.name);
        return;
      case "MatchOr":
        for (const q of p.patterns) this.pattern(q, s);
        return;
    }
  }

  comprehension(node: A.ListComp | A.SetComp | A.DictComp | A.GeneratorExp, s: Scope): void {
    const gens = node.generators;
    this.expr((gens[0] as A.Comprehension).iter, s);
    const inner = new Scope("comprehension", s, node);
    inner.isGenerator = node.type === "GeneratorExp";
    this.map.set(node, inner);
    inner.params.push(".0");
    inner.bound.add(".0");
    gens.forEach((g, i) => {
      if (i > 0) this.expr(g.iter, inner);
      this.target(g.target, inner);
      for (const c of g.ifs) this.expr(c, inner);
    });
    if (node.type === "DictComp") {
      this.expr(node.key, inner);
      this.expr(node.value, inner);
    } else this.expr(node.elt, inner);
  }

  expr(e: A.Expr, s: Scope): void {
    this.#enter(e);
    try {
      this.exprInner(e, s);
    } finally {
      this.#depth--;
    }
  }

  exprInner(e: A.Expr, s: Scope): void {
    switch (e.type) {
      case "Name":
        s.used.add(e.id);
        if (e.ctx !== "Load") this.bind(s, e.id);
        return;
      case "Lambda": {
        const inner = new Scope("function", s, e);
        this.map.set(e, inner);
        this.args(e.args, s, inner);
        this.expr(e.body, inner);
        return;
      }
      case "ListComp":
      case "SetComp":
      case "DictComp":
      case "GeneratorExp":
        this.comprehension(e, s);
        return;
      case "NamedExpr": {
        this.expr(e.value, s);
        const t = walrusTarget(s);
        t.bound.add(e.target.id);
        if (t !== s) {
          // The comprehension refers to it as a free variable of the enclosing function.
          s.nonlocals.add(e.target.id);
          if (t.kind === "module") s.globals.add(e.target.id);
        }
        return;
      }
      case "Yield":
      case "YieldFrom":
      case "Await":
        if (s.kind === "comprehension" && e.type !== "Await") s.hasYieldInComprehension = true;
        if (e.type !== "Await") s.isGenerator = true;
        if (e.value !== null) this.expr(e.value, s);
        return;
      default:
        for (const child of children(e)) this.expr(child, s);
    }
  }
}

/** The sub-expressions of an expression node (not entering new scopes). */
export function children(e: A.Expr): A.Expr[] {
  switch (e.type) {
    case "BoolOp":
      return e.values;
    case "BinOp":
      return [e.left, e.right];
    case "UnaryOp":
      return [e.operand];
    case "IfExp":
      return [e.test, e.body, e.orelse];
    case "Dict":
      return [...(e.keys.filter((k) => k !== null) as A.Expr[]), ...e.values];
    case "Set":
    case "List":
    case "Tuple":
      return e.elts;
    case "Compare":
      return [e.left, ...e.comparators];
    case "Call":
      return [e.func, ...e.args, ...e.keywords.map((k) => k.value)];
    case "FormattedValue":
      return e.format_spec === null ? [e.value] : [e.value, e.format_spec];
    case "JoinedStr":
      return e.values;
    case "Attribute":
      return [e.value];
    case "Subscript":
      return [e.value, e.slice];
    case "Starred":
      return [e.value];
    case "Slice":
      return [e.lower, e.upper, e.step].filter((x) => x !== null) as A.Expr[];
    case "Await":
    case "YieldFrom":
      return [e.value];
    case "Yield":
      return e.value === null ? [] : [e.value];
    case "NamedExpr":
      return [e.value];
    default:
      return [];
  }
}

/** Resolve free variables: a name used or nonlocal in s and bound in an enclosing function scope. */
function resolveFrees(s: Scope): void {
  const candidates = new Set<string>([...s.used, ...s.nonlocals]);
  if (s.kind === "class") candidates.add("__class__");
  for (const name of candidates) {
    if (s.globals.has(name)) continue;
    if (s.bound.has(name) && !s.nonlocals.has(name) && s.kind !== "class") continue;
    let p = s.parent;
    let found: Scope | null = null;
    while (p !== null && p.kind !== "module") {
      if (p.kind !== "class" && !p.globals.has(name) && (p.bound.has(name) || p.nonlocals.has(name))) {
        found = p;
        break;
      }
      if (p.kind !== "class" && p.globals.has(name)) break;
      p = p.parent;
    }
    if (found === null) {
      if (s.nonlocals.has(name) && !s.globals.has(name)) {
        const lineno = (s.node as { lineno?: number }).lineno ?? 0;
        if (walrusTarget(s).kind !== "module") throw new ScopeError(`no binding for nonlocal '${name}' found`, lineno);
      }
      continue;
    }
    // Mark the chain: free in every scope between s and found, cell in found.
    if (!(found.nonlocals.has(name) && !found.bound.has(name))) found.cells.add(name);
    let q: Scope | null = s;
    while (q !== null && q !== found) {
      if (q.kind !== "class" || q === s) q.frees.add(name);
      else q.frees.add(name);
      q = q.parent;
    }
    // an intermediate scope that itself declares nonlocal is already free
  }
}

function assignSlots(s: Scope): void {
  if (s.kind === "module") return;
  const add = (n: string) => {
    if (!s.slots.has(n)) s.slots.set(n, s.nslots++);
  };
  if (s.kind === "class") {
    for (const n of s.frees) add(n);
    return;
  }
  for (const p of s.params) add(p);
  for (const n of s.bound) if (!s.globals.has(n)) add(n);
  for (const n of s.frees) add(n);
  for (const n of s.cells) add(n);
}
