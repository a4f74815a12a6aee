// The checks CPython makes after parsing, in its future-import pass, symbol table and compiler,
// that reject a program before it runs: so the interpreter never meets `return` outside a function,
// `break` outside a loop, misplaced starred expressions, and the like. As in CPython, future-import
// errors win over symbol-table errors, which win over compiler errors; within a phase, the first in
// source order is reported.

import type { Arguments, Comprehension, Expr, Module, Pattern, Pos, Stmt } from "../ast.js";
import { ANNOT, Bindings, declarationConflict, GLOBAL, ITER, LOCAL, NONLOCAL, PARAM, unresolvedNonlocal, USE } from "./bindings.js";
import type { BindingKind } from "./bindings.js";
import type { PySyntaxError, SourceInfo } from "./errors.js";
import { checkCasePattern } from "./patterncheck.js";

const FUTURE_FEATURES = new Set([
  "nested_scopes",
  "generators",
  "division",
  "absolute_import",
  "with_statement",
  "print_function",
  "unicode_literals",
  "barry_as_FLUFL",
  "generator_stop",
  "annotations",
]);

type ScopeKind = "module" | "function" | "class" | "lambda";

interface Scope {
  readonly kind: ScopeKind;
  readonly isAsync: boolean;
  /** Parameter names (functions and lambdas). */
  readonly params: ReadonlySet<string>;
  /** Whether a yield was seen directly in this scope. */
  hasYield: boolean;
  /** The first `return <value>` directly in this scope. */
  returnWithValue: Pos | null;
}

const COMP_NAMES: Record<string, string> = {
  ListComp: "list comprehension",
  SetComp: "set comprehension",
  DictComp: "dict comprehension",
  GeneratorExp: "generator expression",
};

export function checkModule(module: Module, info: SourceInfo): void {
  new Checker(info).run(module);
}

class Checker {
  private readonly info: SourceInfo;
  private symtableError: PySyntaxError | null = null;
  private compileError: PySyntaxError | null = null;
  private readonly scopes: Scope[] = [];
  /** Loop nesting in the current function/class/module body. */
  private loops = 0;
  /** Names of the comprehensions enclosing the current expression, innermost last, within this scope. */
  private comps: string[] = [];
  /** How many comprehension iterable expressions enclose the current expression (in this scope). */
  private compIter = 0;
  /** Name bindings of the innermost scope (comprehensions included), and every scope in creation order. */
  private bind: Bindings = new Bindings("module", null);
  private readonly allBindings: Bindings[] = [this.bind];

  constructor(info: SourceInfo) {
    this.info = info;
  }

  run(module: Module): void {
    this.checkFuture(module.body);
    this.scopes.push({ kind: "module", isAsync: false, params: new Set(), hasYield: false, returnWithValue: null });
    this.stmts(module.body);
    this.scopes.pop();
    // Like CPython's symbol-table analysis pass, nonlocal resolution runs after the whole walk.
    const unresolved = unresolvedNonlocal(this.allBindings);
    if (unresolved !== null) this.sym(unresolved.at, `no binding for nonlocal '${unresolved.name}' found`);
    if (this.symtableError !== null) throw this.symtableError;
    if (this.compileError !== null) throw this.compileError;
  }

  private err(at: Pos, msg: string): PySyntaxError {
    return this.info.errorAt("SyntaxError", msg, at.lineno, at.col_offset);
  }

  private sym(at: Pos, msg: string): void {
    if (this.symtableError === null) this.symtableError = this.err(at, msg);
  }

  private comp(at: Pos, msg: string): void {
    if (this.compileError === null) this.compileError = this.err(at, msg);
  }

  private get scope(): Scope {
    return this.scopes[this.scopes.length - 1] as Scope;
  }

  /** `from __future__` imports: only at the top (after a docstring), and only known features. */
  private checkFuture(body: Stmt[]): void {
    let atTop = true;
    body.forEach((s, idx) => {
      const isDoc = idx === 0 && s.type === "Expr" && s.value.type === "Constant" && s.value.value.kind === "str";
      if (s.type === "ImportFrom" && s.module === "__future__" && s.level === 0) {
        if (!atTop) throw this.err(s, "from __future__ imports must occur at the beginning of the file");
        for (const a of s.names) {
          if (a.name === "braces") throw this.err(s, "not a chance");
          if (!FUTURE_FEATURES.has(a.name)) throw this.err(s, `future feature ${a.name} is not defined`);
        }
      } else if (!isDoc) atTop = false;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  private stmts(body: Stmt[]): void {
    for (const s of body) this.stmt(s);
  }

  private withScope(scope: Scope, fn: () => void): Scope {
    const savedLoops = this.loops;
    const savedComps = this.comps;
    const savedCompIter = this.compIter;
    this.loops = 0;
    this.comps = [];
    this.compIter = 0;
    this.scopes.push(scope);
    this.withBindings(scope.kind, () => {
      for (const p of scope.params) this.bind.add(p, PARAM);
      fn();
    });
    this.scopes.pop();
    this.loops = savedLoops;
    this.comps = savedComps;
    this.compIter = savedCompIter;
    return scope;
  }

  private withBindings(kind: BindingKind, fn: () => void): void {
    const saved = this.bind;
    this.bind = new Bindings(kind, saved);
    this.allBindings.push(this.bind);
    fn();
    this.bind = saved;
  }

  /** `global`/`nonlocal` declarations, checked against the scope's earlier uses of each name. */
  private declare(s: Stmt & { names: string[] }, what: "global" | "nonlocal"): void {
    const b = this.bind;
    for (const n of s.names) {
      const flags = b.get(n);
      const conflict = declarationConflict(n, flags, what);
      if (conflict !== null) this.sym(s, conflict);
      if (what === "nonlocal" && (flags & GLOBAL) !== 0) this.sym(b.globalAt.get(n) ?? s, `name '${n}' is nonlocal and global`);
      if (what === "global" && (flags & NONLOCAL) !== 0) this.sym(s, `name '${n}' is nonlocal and global`);
      if (what === "global") {
        b.add(n, GLOBAL);
        if (!b.globalAt.has(n)) b.globalAt.set(n, s);
      } else {
        b.add(n, NONLOCAL);
        b.nonlocals.push({ name: n, at: s });
      }
    }
  }

  /** An assignment expression: inside comprehensions it binds in the enclosing function's scope. */
  private walrus(e: Expr & { type: "NamedExpr" }): void {
    const name = e.target.id;
    if (this.compIter > 0) {
      this.sym(e, "assignment expression cannot be used in a comprehension iterable expression");
      return;
    }
    let b: Bindings | null = this.bind;
    while (b !== null && b.kind === "comprehension") {
      if ((b.get(name) & ITER) !== 0) {
        this.sym(e, `assignment expression cannot rebind comprehension iteration variable '${name}'`);
        return;
      }
      b = b.parent;
    }
    if (b === null) return;
    if (b !== this.bind && b.kind === "class") {
      this.sym(e, "assignment expression within a comprehension cannot be used in a class body");
      return;
    }
    b.add(name, LOCAL);
  }

  private params(args: Arguments): Set<string> {
    const names = new Set<string>();
    const all = [...args.posonlyargs, ...args.args];
    if (args.vararg !== null) all.push(args.vararg);
    all.push(...args.kwonlyargs);
    if (args.kwarg !== null) all.push(args.kwarg);
    for (const a of all) {
      if (names.has(a.arg)) this.sym(a, `duplicate argument '${a.arg}' in function definition`);
      names.add(a.arg);
    }
    return names;
  }

  /** Defaults, annotations and decorators are evaluated in the enclosing scope. */
  private argumentsOuter(args: Arguments): void {
    for (const d of args.defaults) this.expr(d);
    for (const d of args.kw_defaults) if (d !== null) this.expr(d);
    const all = [...args.posonlyargs, ...args.args, ...args.kwonlyargs];
    if (args.vararg !== null) all.push(args.vararg);
    if (args.kwarg !== null) all.push(args.kwarg);
    for (const a of all) if (a.annotation !== null) this.expr(a.annotation, a.annotation.type === "Starred");
  }

  private stmt(s: Stmt): void {
    switch (s.type) {
      case "FunctionDef":
      case "AsyncFunctionDef": {
        for (const d of s.decorator_list) this.expr(d);
        this.bind.add(s.name, LOCAL);
        this.argumentsOuter(s.args);
        if (s.returns !== null) this.expr(s.returns);
        const params = this.params(s.args);
        const isAsync = s.type === "AsyncFunctionDef";
        const scope = this.withScope({ kind: "function", isAsync, params, hasYield: false, returnWithValue: null }, () => this.stmts(s.body));
        if (isAsync && scope.hasYield && scope.returnWithValue !== null) {
          this.comp(scope.returnWithValue, "'return' with value in async generator");
        }
        return;
      }
      case "ClassDef":
        for (const d of s.decorator_list) this.expr(d);
        this.bind.add(s.name, LOCAL);
        this.exprs(s.bases, true);
        for (const k of s.keywords) this.expr(k.value);
        this.withScope({ kind: "class", isAsync: false, params: new Set(), hasYield: false, returnWithValue: null }, () => this.stmts(s.body));
        return;
      case "Return":
        if (this.scope.kind !== "function") this.comp(s, "'return' outside function");
        if (s.value !== null) {
          if (this.scope.returnWithValue === null) this.scope.returnWithValue = s;
          this.expr(s.value);
        }
        return;
      case "Delete":
        for (const t of s.targets) this.expr(t);
        return;
      case "Assign":
        for (const t of s.targets) this.target(t);
        this.expr(s.value);
        return;
      case "AugAssign":
        this.expr(s.target);
        this.expr(s.value);
        return;
      case "AnnAssign":
        if (s.target.type === "Name" && s.simple === 1) {
          const flags = this.bind.get(s.target.id);
          if ((flags & (GLOBAL | NONLOCAL)) !== 0 && this.bind.kind !== "module") {
            this.sym(s, `annotated name '${s.target.id}' can't be ${(flags & GLOBAL) !== 0 ? "global" : "nonlocal"}`);
          }
          this.bind.add(s.target.id, ANNOT | (s.value !== null ? LOCAL : 0));
        } else this.expr(s.target);
        this.expr(s.annotation);
        if (s.value !== null) this.expr(s.value);
        return;
      case "For":
      case "AsyncFor":
        if (s.type === "AsyncFor") this.requireAsync(s, "'async for' outside async function");
        this.target(s.target);
        this.expr(s.iter);
        this.loops++;
        this.stmts(s.body);
        this.loops--;
        this.stmts(s.orelse);
        return;
      case "While":
        this.expr(s.test);
        this.loops++;
        this.stmts(s.body);
        this.loops--;
        this.stmts(s.orelse);
        return;
      case "If":
        this.expr(s.test);
        this.stmts(s.body);
        this.stmts(s.orelse);
        return;
      case "With":
      case "AsyncWith":
        if (s.type === "AsyncWith") this.requireAsync(s, "'async with' outside async function");
        for (const item of s.items) {
          this.expr(item.context_expr);
          if (item.optional_vars !== null) this.target(item.optional_vars);
        }
        this.stmts(s.body);
        return;
      case "Match":
        this.expr(s.subject);
        s.cases.forEach((c, i) => {
          checkCasePattern(c.pattern, c.guard !== null || i === s.cases.length - 1, (at, msg) => this.comp(at, msg));
          this.pattern(c.pattern);
          if (c.guard !== null) this.expr(c.guard);
          this.stmts(c.body);
        });
        return;
      case "Raise":
        if (s.exc !== null) this.expr(s.exc);
        if (s.cause !== null) this.expr(s.cause);
        return;
      case "Try":
      case "TryStar":
        this.stmts(s.body);
        for (const h of s.handlers) {
          if (h.type_ !== null) this.expr(h.type_);
          if (h.name !== null) this.bind.add(h.name, LOCAL);
          this.stmts(h.body);
        }
        this.stmts(s.orelse);
        this.stmts(s.finalbody);
        return;
      case "Assert":
        this.expr(s.test);
        if (s.msg !== null) this.expr(s.msg);
        return;
      case "Import":
      case "ImportFrom":
        for (const a of s.names) {
          if (a.name !== "*") this.bind.add(a.asname ?? (a.name.split(".")[0] as string), LOCAL);
        }
        return;
      case "Pass":
        return;
      case "Global":
      case "Nonlocal": {
        const scope = this.scope;
        if (s.type === "Nonlocal" && scope.kind === "module") {
          this.sym(s, "nonlocal declaration not allowed at module level");
          return;
        }
        this.declare(s, s.type === "Global" ? "global" : "nonlocal");
        return;
      }
      case "Expr":
        this.expr(s.value);
        return;
      case "Break":
        if (this.loops === 0) this.comp(s, "'break' outside loop");
        return;
      case "Continue":
        if (this.loops === 0) this.comp(s, "'continue' not properly in loop");
        return;
    }
  }

  private requireAsync(at: Pos, msg: string): void {
    const scope = this.scope;
    if (!(scope.kind === "function" && scope.isAsync)) this.comp(at, msg);
  }

  private compIterExpr(e: Expr): void {
    this.compIter++;
    this.expr(e);
    this.compIter--;
  }

  /** Assignment targets: starred elements are allowed in tuples/lists, one per level. */
  private target(t: Expr): void {
    if (t.type === "Starred") {
      this.comp(t, "starred assignment target must be in a list or tuple");
      this.target(t.value);
      return;
    }
    if (t.type === "Tuple" || t.type === "List") {
      let starred = 0;
      for (const e of t.elts) {
        if (e.type === "Starred") {
          starred++;
          if (starred === 2) this.comp(t, "multiple starred expressions in assignment");
          this.target(e.value);
        } else this.target(e);
      }
      return;
    }
    this.expr(t);
  }

  private pattern(p: Pattern): void {
    switch (p.type) {
      case "MatchValue":
        this.expr(p.value);
        return;
      case "MatchSequence":
        for (const x of p.patterns) this.pattern(x);
        return;
      case "MatchMapping":
        this.exprs(p.keys, false);
        for (const x of p.patterns) this.pattern(x);
        if (p.rest !== null) this.bind.add(p.rest, LOCAL);
        return;
      case "MatchClass":
        this.expr(p.cls);
        for (const x of p.patterns) this.pattern(x);
        for (const x of p.kwd_patterns) this.pattern(x);
        return;
      case "MatchAs":
        if (p.pattern !== null) this.pattern(p.pattern);
        if (p.name !== null) this.bind.add(p.name, LOCAL);
        return;
      case "MatchOr":
        for (const x of p.patterns) this.pattern(x);
        return;
      case "MatchStar":
        if (p.name !== null) this.bind.add(p.name, LOCAL);
        return;
      case "MatchSingleton":
        return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  private exprs(list: Expr[], starOk: boolean): void {
    for (const e of list) this.expr(e, starOk);
  }

  private expr(e: Expr, starOk = false): void {
    switch (e.type) {
      case "Starred":
        if (!starOk && e.ctx === "Load") this.comp(e, "can't use starred expression here");
        this.expr(e.value);
        return;
      case "Tuple":
      case "List":
      case "Set":
        this.exprs(e.elts, true);
        return;
      case "Call":
        this.expr(e.func);
        this.exprs(e.args, true);
        for (const k of e.keywords) this.expr(k.value);
        return;
      case "Subscript":
        this.expr(e.value);
        this.expr(e.slice);
        return;
      case "Yield":
      case "YieldFrom":
        this.yieldHere(e);
        if (e.type === "YieldFrom" && this.comps.length === 0 && this.scope.kind === "function" && this.scope.isAsync) this.comp(e, "'yield from' inside async function");
        if (e.value !== null) this.expr(e.value, e.type === "Yield" && e.value.type === "Starred");
        return;
      case "Await":
        this.awaitHere(e);
        this.expr(e.value);
        return;
      case "Lambda":
        this.argumentsOuter(e.args);
        this.withScope({ kind: "lambda", isAsync: false, params: this.params(e.args), hasYield: false, returnWithValue: null }, () => this.expr(e.body));
        return;
      case "ListComp":
      case "SetComp":
      case "GeneratorExp":
        this.comprehension(e, e.generators, [e.elt]);
        return;
      case "DictComp":
        this.comprehension(e, e.generators, [e.key, e.value]);
        return;
      case "BoolOp":
        this.exprs(e.values, false);
        return;
      case "NamedExpr":
        this.expr(e.value);
        this.walrus(e);
        return;
      case "BinOp":
        this.expr(e.left);
        this.expr(e.right);
        return;
      case "UnaryOp":
        this.expr(e.operand);
        return;
      case "IfExp":
        this.expr(e.test);
        this.expr(e.body);
        this.expr(e.orelse);
        return;
      case "Dict":
        for (const k of e.keys) if (k !== null) this.expr(k);
        this.exprs(e.values, false);
        return;
      case "Compare":
        this.expr(e.left);
        this.exprs(e.comparators, false);
        return;
      case "FormattedValue":
        this.expr(e.value, e.value.type === "Tuple");
        if (e.format_spec !== null) this.expr(e.format_spec);
        return;
      case "JoinedStr":
        this.exprs(e.values, false);
        return;
      case "Attribute":
        this.expr(e.value);
        return;
      case "Slice":
        if (e.lower !== null) this.expr(e.lower);
        if (e.upper !== null) this.expr(e.upper);
        if (e.step !== null) this.expr(e.step);
        return;
      case "Name":
        this.bind.add(e.id, e.ctx === "Load" ? USE : LOCAL);
        return;
      case "Constant":
        return;
    }
  }

  private yieldHere(e: Pos): void {
    const comp = this.comps[this.comps.length - 1];
    if (comp !== undefined) {
      this.sym(e, `'yield' inside ${comp}`);
      return;
    }
    const scope = this.scope;
    if (scope.kind === "module" || scope.kind === "class") this.comp(e, "'yield' outside function");
    else scope.hasYield = true;
  }

  private awaitHere(e: Pos): void {
    const scope = this.scope;
    if (scope.kind === "module" || scope.kind === "class") {
      if (this.comps.length === 0) this.comp(e, "'await' outside function");
      return;
    }
    if (!scope.isAsync && this.comps.length === 0) this.comp(e, "'await' outside async function");
  }

  /**
   * A comprehension: its first iterable belongs to the enclosing scope; the rest runs in its own
   * scope, where `yield` is forbidden and `await`/`async for` need an enclosing async function.
   */
  private comprehension(node: Expr, gens: Comprehension[], elts: Expr[]): void {
    const first = gens[0] as Comprehension;
    this.compIterExpr(first.iter);
    const name = COMP_NAMES[node.type] as string;
    this.comps.push(name);
    let isAsync = false;
    this.withBindings("comprehension", () => {
      gens.forEach((g, idx) => {
        if (g.is_async === 1) isAsync = true;
        this.target(g.target);
        for (const n of targetNames(g.target)) this.bind.add(n, ITER);
        if (idx > 0) this.compIterExpr(g.iter);
        this.exprs(g.ifs, false);
      });
      for (const e of elts) this.expr(e);
    });
    this.comps.pop();
    const needsAsync = isAsync || containsAwait(gens, elts);
    const scope = this.scope;
    const inAsyncFunction = scope.kind === "function" && scope.isAsync;
    // Asynchronous generator expressions are allowed anywhere; other async comprehensions are not.
    if (needsAsync && !inAsyncFunction && node.type !== "GeneratorExp") {
      this.comp(node, "asynchronous comprehension outside of an asynchronous function");
    }
  }
}

/** The names a target binds (`a`, `(a, *b)`, not `a.b` or `a[0]`). */
function targetNames(t: Expr): string[] {
  switch (t.type) {
    case "Name":
      return [t.id];
    case "Starred":
      return targetNames(t.value);
    case "Tuple":
    case "List":
      return t.elts.flatMap(targetNames);
    default:
      return [];
  }
}

/** Whether an await occurs in a comprehension's own scope (its elements, conditions, later iterables). */
function containsAwait(gens: Comprehension[], elts: Expr[]): boolean {
  const stack: unknown[] = [...elts];
  gens.forEach((g, idx) => {
    if (idx > 0) stack.push(g.iter);
    stack.push(...g.ifs);
  });
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || typeof n !== "object") continue;
    if (Array.isArray(n)) {
      stack.push(...n);
      continue;
    }
    const node = n as { type?: string };
    if (node.type === "Await") return true;
    if (node.type === "Lambda") continue;
    for (const v of Object.values(node)) if (v !== null && typeof v === "object") stack.push(v);
  }
  return false;
}
