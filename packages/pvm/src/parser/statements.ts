// Statements: simple statements, compound statements and blocks, producing ast.ts nodes with
// CPython's positions and error messages.

import type { Alias, Expr, ExceptHandler, Module, Pos, Stmt, WithItem, MatchCase } from "../ast.js";
import { PatternParser } from "./patterns.js";
import { exprName, invalidTarget } from "./targets.js";
import type { Token } from "./tokens.js";

const AUGOPS: Record<string, import("../ast.js").Operator> = {
  "+=": "Add",
  "-=": "Sub",
  "*=": "Mult",
  "@=": "MatMult",
  "/=": "Div",
  "%=": "Mod",
  "&=": "BitAnd",
  "|=": "BitOr",
  "^=": "BitXor",
  "<<=": "LShift",
  ">>=": "RShift",
  "**=": "Pow",
  "//=": "FloorDiv",
};

function withEnd<T extends Pos>(node: T, last: Pos): T {
  node.end_lineno = last.end_lineno;
  node.end_col_offset = last.end_col_offset;
  return node;
}

export class StmtParser extends PatternParser {
  /**
   * The end of a compound statement just parsed: CPython takes the last token that is not
   * NEWLINE/INDENT/DEDENT, so a trailing `;` of the last simple statement counts.
   */
  private blockEnd(): Pos {
    let k = this.i - 1;
    for (;;) {
      const kind = (this.toks[k] as Token).kind;
      if (k <= 0 || (kind !== "NEWLINE" && kind !== "INDENT" && kind !== "DEDENT")) break;
      k--;
    }
    const t = this.toks[k] as Token;
    return { lineno: t.lineno, col_offset: t.col, end_lineno: t.endLineno, end_col_offset: t.endCol };
  }

  parseModule(): Module {
    const body: Stmt[] = [];
    while (this.tok.kind !== "ENDMARKER") this.parseStatementInto(body);
    return { type: "Module", body, type_ignores: [] };
  }

  private parseStatementInto(out: Stmt[]): void {
    const t = this.tok;
    if (t.kind === "NAME") {
      switch (t.value) {
        case "def":
        case "class":
        case "if":
        case "while":
        case "for":
        case "try":
        case "with":
          out.push(this.parseCompound([]));
          return;
        case "async":
          if (this.peekTok(1).kind === "NAME") {
            out.push(this.parseCompound([]));
            return;
          }
          break;
        case "match": {
          const m = this.tryParseMatch();
          if (m !== null) {
            out.push(m);
            return;
          }
          break;
        }
      }
    } else if (t.kind === "OP" && t.value === "@") {
      out.push(this.parseDecorated());
      return;
    } else if (t.kind === "INDENT" || t.kind === "DEDENT" || t.kind === "NEWLINE") {
      throw this.invalid();
    }
    this.parseSimpleStatements(out);
  }

  // -------------------------------------------------------------------------------------------
  // Blocks

  /** `':' NEWLINE INDENT statements DEDENT` or simple statements on the same line (after ':'). */
  protected parseBlockFor(what: string, line: number): Stmt[] {
    const body: Stmt[] = [];
    if (this.tok.kind === "NEWLINE") {
      this.next();
      if (!this.atKind("INDENT")) {
        // CPython gives a DEDENT the column -1 (so offset 0), except the DEDENTs at end of file.
        const t = this.tok;
        let k = this.i;
        while (this.toks[k]?.kind === "DEDENT") k++;
        const col = t.kind === "DEDENT" && this.toks[k]?.kind !== "ENDMARKER" ? -1 : t.col;
        throw this.errAt(`expected an indented block after ${what} on line ${line}`, t.lineno, col, "IndentationError");
      }
      this.next();
      this.enter();
      while (!this.atKind("DEDENT") && !this.atKind("ENDMARKER")) this.parseStatementInto(body);
      this.leave();
      this.next();
      return body;
    }
    this.parseSimpleStatements(body);
    return body;
  }

  private parseSimpleStatements(out: Stmt[]): void {
    for (;;) {
      out.push(this.parseSimpleStatement());
      if (this.eatOp(";")) {
        if (this.tok.kind === "NEWLINE") break;
        continue;
      }
      break;
    }
    if (this.tok.kind !== "NEWLINE") throw this.invalid();
    this.next();
  }

  // -------------------------------------------------------------------------------------------
  // Simple statements

  private parseSimpleStatement(): Stmt {
    const t = this.tok;
    if (t.kind === "NAME") {
      switch (t.value) {
        case "pass":
          this.next();
          return {
            type: "Pass",
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        case "break":
          this.next();
          return {
            type: "Break",
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        case "continue":
          this.next();
          return {
            type: "Continue",
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        case "return": {
          this.next();
          const value = this.startsExpression() ? this.parseStarExpressions() : null;
          return {
            type: "Return",
            value,
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        }
        case "raise": {
          this.next();
          let exc: Expr | null = null;
          let cause: Expr | null = null;
          if (this.startsExpression()) {
            exc = this.parseExpression();
            if (this.eatKw("from")) cause = this.parseExpression();
          }
          return {
            type: "Raise",
            exc,
            cause,
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        }
        case "global":
        case "nonlocal": {
          this.next();
          const names = [this.expectName()];
          while (this.eatOp(",")) names.push(this.expectName());
          return t.value === "global"
            ? {
                type: "Global",
                names,
                lineno: t.lineno,
                col_offset: t.col,
                end_lineno: this.prev.endLineno,
                end_col_offset: this.prev.endCol,
              }
            : { type: "Nonlocal", names, lineno: t.lineno, col_offset: t.col, end_lineno: this.prev.endLineno, end_col_offset: this.prev.endCol };
        }
        case "del":
          return this.parseDel();
        case "assert": {
          this.next();
          const test = this.parseExpression();
          const msg = this.eatOp(",") ? this.parseExpression() : null;
          return {
            type: "Assert",
            test,
            msg,
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        }
        case "import":
          return this.parseImport();
        case "from":
          return this.parseFromImport();
      }
    }
    return this.parseExpressionStatement();
  }

  private parseDel(): Stmt {
    const t = this.next();
    const targets: Expr[] = [];
    for (;;) {
      const e = this.parseBitOr();
      this.toTarget(e, "Del");
      targets.push(e);
      if (!this.eatOp(",")) break;
      if (this.tok.kind === "NEWLINE" || this.isOp(";")) break;
    }
    return {
      type: "Delete",
      targets,
      lineno: t.lineno,
      col_offset: t.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseDottedName(): string {
    let name = this.expectName();
    while (this.eatOp(".")) name += "." + this.expectName();
    return name;
  }

  private parseImport(): Stmt {
    const t = this.next();
    const names: Alias[] = [];
    do {
      const s = this.tok;
      const name = this.parseDottedName();
      const asname = this.eatKw("as") ? this.expectName() : null;
      names.push({
        type: "alias",
        name,
        asname,
        lineno: s.lineno,
        col_offset: s.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      });
    } while (this.eatOp(","));
    return {
      type: "Import",
      names,
      lineno: t.lineno,
      col_offset: t.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseFromImport(): Stmt {
    const t = this.next();
    let level = 0;
    for (;;) {
      if (this.eatOp(".")) level++;
      else if (this.eatOp("...")) level += 3;
      else break;
    }
    let module: string | null = null;
    if (!this.isKw("import")) module = this.parseDottedName();
    else if (level === 0) throw this.invalid();
    this.expectKw("import");
    const names: Alias[] = [];
    if (this.isOp("*")) {
      const s = this.next();
      names.push({
        type: "alias",
        name: "*",
        asname: null,
        lineno: s.lineno,
        col_offset: s.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      });
    } else {
      const paren = this.eatOp("(");
      for (;;) {
        const s = this.tok;
        const name = this.expectName();
        const asname = this.eatKw("as") ? this.expectName() : null;
        names.push({
          type: "alias",
          name,
          asname,
          lineno: s.lineno,
          col_offset: s.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        });
        if (!this.eatOp(",")) break;
        if (paren && this.isOp(")")) break;
        if (!paren && !this.isName()) throw this.errTok("trailing comma not allowed without surrounding parentheses", this.tok);
      }
      if (paren) this.expectOp(")");
    }
    return {
      type: "ImportFrom",
      module,
      names,
      level,
      lineno: t.lineno,
      col_offset: t.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  /** Expression statements, assignments (chained), annotated and augmented assignments. */
  private parseExpressionStatement(): Stmt {
    const start = this.tok;
    const parenthesized = this.isOp("(");
    const first = this.isKw("yield") ? this.parseYield() : this.parseStarExpressions();
    const t = this.tok;
    if (t.kind === "OP") {
      if (t.value === "=") return this.parseAssign(start, first);
      if (t.value === ":") return this.parseAnnAssign(start, first, parenthesized);
      const op = AUGOPS[t.value];
      if (op !== undefined) {
        if (first.type !== "Name" && first.type !== "Attribute" && first.type !== "Subscript") {
          throw this.errNode(`'${exprName(first)}' is an illegal expression for augmented assignment`, first);
        }
        this.next();
        const value = this.isKw("yield") ? this.parseYield() : this.parseStarExpressions();
        first.ctx = "Store";
        return {
          type: "AugAssign",
          target: first,
          op,
          value,
          lineno: start.lineno,
          col_offset: start.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
    }
    return {
      type: "Expr",
      value: first,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseAssign(start: Token, first: Expr): Stmt {
    const targets: Expr[] = [first];
    let value: Expr = first;
    while (this.eatOp("=")) {
      value = this.isKw("yield") ? this.parseYield() : this.parseStarExpressions();
      targets.push(value);
    }
    targets.pop();
    for (let k = 0; k < targets.length; k++) {
      const target = targets[k] as Expr;
      if (target.type === "Yield" || target.type === "YieldFrom") {
        throw this.errNode("assignment to yield expression not possible", target);
      }
      const bad = invalidTarget(target, false);
      if (bad !== null) {
        // CPython's invalid_named_expression wording for the plain `f() = 1` shape.
        const plain =
          targets.length === 1 &&
          bad === target &&
          !(target.type === "Constant" && (target.value.kind === "None" || target.value.kind === "bool")) &&
          target.type !== "Compare" &&
          target.type !== "BoolOp" &&
          target.type !== "IfExp" &&
          target.type !== "Lambda" &&
          target.type !== "NamedExpr" &&
          target.type !== "GeneratorExp" &&
          !(target.type === "UnaryOp" && target.op === "Not") &&
          value.type !== "Yield" &&
          value.type !== "YieldFrom" &&
          value.type !== "Starred";
        const suffix = plain ? " here. Maybe you meant '==' instead of '='?" : "";
        throw this.errNode(`cannot assign to ${exprName(bad)}${suffix}`, bad);
      }
      if (target.type === "Starred") throw this.errNode("starred assignment target must be in a list or tuple", target);
      this.toTarget(target, "Store");
    }
    return {
      type: "Assign",
      targets,
      value,
      type_comment: null,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseAnnAssign(start: Token, target: Expr, parenthesized: boolean): Stmt {
    this.next();
    // CPython only names the bad target once an annotation expression follows the ':'.
    const annotation = this.parseExpression();
    if (target.type === "Tuple") throw this.errNode("only single target (not tuple) can be annotated", target);
    if (target.type === "List") throw this.errNode("only single target (not list) can be annotated", target);
    if (target.type !== "Name" && target.type !== "Attribute" && target.type !== "Subscript") {
      throw this.errNode("illegal target for annotation", target);
    }
    let value: Expr | null = null;
    if (this.eatOp("=")) value = this.isKw("yield") ? this.parseYield() : this.parseStarExpressions();
    target.ctx = "Store";
    const simple = target.type === "Name" && !parenthesized ? 1 : 0;
    return {
      type: "AnnAssign",
      target,
      annotation,
      value,
      simple,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Compound statements

  private parseDecorated(): Stmt {
    const decorators: Expr[] = [];
    while (this.eatOp("@")) {
      decorators.push(this.parseNamedExpression());
      if (this.tok.kind !== "NEWLINE") throw this.invalid();
      this.next();
    }
    if (!(this.isKw("def") || this.isKw("class") || (this.isKw("async") && this.peekTok(1).value === "def"))) throw this.invalid();
    return this.parseCompound(decorators);
  }

  private parseCompound(decorators: Expr[]): Stmt {
    const t = this.tok;
    switch (t.value) {
      case "def":
        return this.parseFunction(t, decorators, false);
      case "class":
        return this.parseClass(decorators);
      case "if":
        return this.parseIf();
      case "while":
        return this.parseWhile();
      case "for":
        return this.parseFor(t, false);
      case "try":
        return this.parseTry();
      case "with":
        return this.parseWith(t, false);
      case "async": {
        this.next();
        const k = this.tok;
        if (k.value === "def") return this.parseFunction(t, decorators, true);
        if (k.value === "for") return this.parseFor(t, true);
        if (k.value === "with") return this.parseWith(t, true);
        throw this.invalid();
      }
      default:
        throw this.invalid();
    }
  }

  private parseFunction(start: Token, decorator_list: Expr[], isAsync: boolean): Stmt {
    this.expectKw("def");
    const name = this.expectName();
    this.expectOp("(", true);
    const args = this.parseParameters(")", true);
    this.expectOp(")");
    const returns = this.eatOp("->") ? this.parseExpression() : null;
    this.expectOp(":", true);
    const body = this.parseBlockFor("function definition", start.lineno);
    const pos = {
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
    if (isAsync) return { type: "AsyncFunctionDef", name, args, body, decorator_list, returns, type_comment: null, ...pos };
    return { type: "FunctionDef", name, args, body, decorator_list, returns, type_comment: null, ...pos };
  }

  private parseClass(decorator_list: Expr[]): Stmt {
    const start = this.next();
    const name = this.expectName();
    let bases: Expr[] = [];
    let keywords: import("../ast.js").Keyword[] = [];
    if (this.isOp("(")) {
      const call = this.parseCallArgs();
      bases = call.args;
      keywords = call.keywords;
    }
    this.expectOp(":", "newline");
    const body = this.parseBlockFor("class definition", start.lineno);
    return {
      type: "ClassDef",
      name,
      bases,
      keywords,
      body,
      decorator_list,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
  }

  private parseCallArgs(): { args: Expr[]; keywords: import("../ast.js").Keyword[] } {
    const fake: Expr = {
      type: "Name",
      id: "",
      ctx: "Load",
      lineno: 0,
      col_offset: 0,
      end_lineno: 0,
      end_col_offset: 0,
    };
    const call = this.parseCall(fake, this.tok);
    return { args: call.args, keywords: call.keywords };
  }

  private parseIf(): Stmt {
    const start = this.next();
    const test = this.parseNamedExpression();
    this.expectOp(":", "newline");
    const body = this.parseBlockFor(`'${start.value}' statement`, start.lineno);
    let orelse: Stmt[] = [];
    let end: Pos = this.blockEnd();
    if (this.isKw("elif")) {
      this.enter();
      const elif = this.parseIf();
      this.leave();
      orelse = [elif];
      end = elif;
    } else if (this.isKw("else")) {
      orelse = this.parseElse();
      end = this.blockEnd();
    }
    return withEnd(
      {
        type: "If",
        test,
        body,
        orelse,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      },
      end,
    );
  }

  private parseElse(): Stmt[] {
    const e = this.next();
    this.expectOp(":", true);
    return this.parseBlockFor("'else' statement", e.lineno);
  }

  private parseWhile(): Stmt {
    const start = this.next();
    const test = this.parseNamedExpression();
    this.expectOp(":", "newline");
    const body = this.parseBlockFor("'while' statement", start.lineno);
    const orelse = this.isKw("else") ? this.parseElse() : [];
    return withEnd(
      {
        type: "While",
        test,
        body,
        orelse,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      },
      this.blockEnd(),
    );
  }

  private parseFor(start: Token, isAsync: boolean): Stmt {
    const forTok = this.expectKw("for");
    const target = this.parseTargetList("for");
    this.expectKw("in");
    const iter = this.parseStarExpressions();
    this.expectOp(":", "newline");
    const body = this.parseBlockFor("'for' statement", forTok.lineno);
    const orelse = this.isKw("else") ? this.parseElse() : [];
    const pos = {
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
    if (isAsync) return { type: "AsyncFor", target, iter, body, orelse, type_comment: null, ...pos };
    return { type: "For", target, iter, body, orelse, type_comment: null, ...pos };
  }

  private parseWithItem(): WithItem {
    const context_expr = this.parseExpression();
    let optional_vars: Expr | null = null;
    if (this.eatKw("as")) {
      optional_vars = this.parseStarTarget();
      this.toTarget(optional_vars, "Store");
    }
    return { type: "withitem", context_expr, optional_vars };
  }

  /** A single star_target (`x`, `a.b`, `(a, b)`, `[a, *b]`). */
  private parseStarTarget(): Expr {
    if (this.isOp("*")) {
      const s = this.next();
      const value = this.parseBitOr();
      return {
        type: "Starred",
        value,
        ctx: "Store",
        lineno: s.lineno,
        col_offset: s.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parseBitOr();
  }

  private parseWith(start: Token, isAsync: boolean): Stmt {
    const withTok = this.expectKw("with");
    let items: WithItem[] | null = null;
    if (this.isOp("(")) {
      // `with (a as b, c):` — parenthesized items; fall back to a parenthesized expression.
      const save = this.i;
      const saveDepth = this.depth;
      try {
        this.next();
        const list: WithItem[] = [];
        while (!this.isOp(")")) {
          list.push(this.parseWithItem());
          if (!this.eatOp(",")) break;
        }
        this.expectOp(")");
        if (this.isOp(":")) items = list;
        else this.i = save;
      } catch {
        this.i = save;
        this.depth = saveDepth;
      }
    }
    if (items === null) {
      items = [];
      do items.push(this.parseWithItem());
      while (this.eatOp(","));
    }
    this.expectOp(":", "newline");
    const body = this.parseBlockFor("'with' statement", withTok.lineno);
    const pos = {
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
    if (isAsync) return { type: "AsyncWith", items, body, type_comment: null, ...pos };
    return { type: "With", items, body, type_comment: null, ...pos };
  }

  private parseTry(): Stmt {
    const start = this.next();
    this.expectOp(":", true);
    const body = this.parseBlockFor("'try' statement", start.lineno);
    const handlers: ExceptHandler[] = [];
    let star: boolean | null = null;
    let sawBare = false;
    while (this.isKw("except")) {
      const h = this.next();
      const isStar = this.eatOp("*");
      if (star !== null && star !== isStar) throw this.errTok("cannot have both 'except' and 'except*' on the same 'try'", h);
      star = isStar;
      if (sawBare) throw this.errTok("default 'except:' must be last", handlers[handlers.length - 1] as ExceptHandler);
      let type_: Expr | null = null;
      let name: string | null = null;
      if (!this.isOp(":")) {
        type_ = this.parseExpression();
        if (this.isOp(",")) throw this.errNode("multiple exception types must be parenthesized", type_);
        if (this.eatKw("as")) name = this.expectName();
      } else if (isStar) throw this.errTok("expected one or more exception types", this.tok);
      else sawBare = true;
      this.expectOp(":", "newline");
      const hb = this.parseBlockFor(isStar ? "'except*' statement" : "'except' statement", h.lineno);
      handlers.push({
        type: "ExceptHandler",
        type_,
        name,
        body: hb,
        lineno: h.lineno,
        col_offset: h.col,
        end_lineno: this.blockEnd().end_lineno,
        end_col_offset: this.blockEnd().end_col_offset,
      });
    }
    let orelse: Stmt[] = [];
    let finalbody: Stmt[] = [];
    if (handlers.length > 0 && this.isKw("else")) orelse = this.parseElse();
    if (this.isKw("finally")) {
      const f = this.next();
      this.expectOp(":", true);
      finalbody = this.parseBlockFor("'finally' statement", f.lineno);
    }
    if (handlers.length === 0 && finalbody.length === 0) throw this.errTok("expected 'except' or 'finally' block", this.tok);
    const pos = {
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
    if (star === true) return { type: "TryStar", body, handlers, orelse, finalbody, ...pos };
    return { type: "Try", body, handlers, orelse, finalbody, ...pos };
  }

  /** `match` is a soft keyword: returns null (consuming nothing) when this is not a match statement. */
  private tryParseMatch(): Stmt | null {
    const save = this.i;
    const saveDepth = this.depth;
    const start = this.next();
    let subject: Expr;
    try {
      if (!this.startsExpression()) {
        this.i = save;
        return null;
      }
      const s = this.tok;
      const first = this.parseStarNamedExpression();
      if (this.isOp(",")) {
        const elts = [first];
        while (this.eatOp(",")) {
          if (this.isOp(":")) break;
          elts.push(this.parseStarNamedExpression());
        }
        subject = {
          type: "Tuple",
          elts,
          ctx: "Load",
          lineno: s.lineno,
          col_offset: s.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      } else subject = first;
      if (!this.isOp(":") || this.peekTok(1).kind !== "NEWLINE") {
        this.i = save;
        return null;
      }
    } catch {
      this.i = save;
      this.depth = saveDepth;
      return null;
    }
    this.next();
    this.next();
    if (!this.atKind("INDENT")) {
      throw this.errAt(`expected an indented block after 'match' statement on line ${start.lineno}`, this.tok.lineno, this.tok.col, "IndentationError");
    }
    this.next();
    const cases: MatchCase[] = [];
    while (!this.atKind("DEDENT") && !this.atKind("ENDMARKER")) {
      if (!this.isKw("case")) throw this.invalid();
      cases.push(this.parseCase());
    }
    this.next();
    return {
      type: "Match",
      subject,
      cases,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.blockEnd().end_lineno,
      end_col_offset: this.blockEnd().end_col_offset,
    };
  }
}
