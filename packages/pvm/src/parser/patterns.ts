// `match` statement patterns (PEP 634), as CPython 3.11's grammar builds them.

import type { Expr, MatchCase, Pattern, Pos } from "../ast.js";
import { ExprParser } from "./expressions.js";
import type { Token } from "./tokens.js";

export abstract class PatternParser extends ExprParser {
  /** The statements of a block; supplied by the statement parser. */
  protected abstract parseBlockFor(what: string, line: number): import("../ast.js").Stmt[];

  protected parseCase(): MatchCase {
    const caseTok = this.next();
    const pattern = this.parsePatterns();
    let guard: Expr | null = null;
    if (this.eatKw("if")) guard = this.parseNamedExpression();
    this.expectOp(":", "newline");
    const body = this.parseBlockFor("'case' statement", caseTok.lineno);
    return { type: "match_case", pattern, guard, body };
  }

  /** patterns: an open sequence (`case a, b:`) or a single pattern. */
  private parsePatterns(): Pattern {
    const start = this.tok;
    const first = this.parseMaybeStarPattern();
    if (!this.isOp(",")) {
      if (first.type === "MatchStar")
        return {
          type: "MatchSequence",
          patterns: [first],
          lineno: first.lineno,
          col_offset: first.col_offset,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      return first;
    }
    const patterns = [first];
    while (this.eatOp(",")) {
      if (this.isOp(":") || this.isKw("if")) break;
      patterns.push(this.parseMaybeStarPattern());
    }
    return {
      type: "MatchSequence",
      patterns,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseMaybeStarPattern(): Pattern {
    if (this.isOp("*")) {
      const start = this.next();
      const name = this.expectName();
      return {
        type: "MatchStar",
        name: name === "_" ? null : name,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parsePattern();
  }

  protected parsePattern(): Pattern {
    const start = this.tok;
    this.enter();
    const or = this.parseOrPattern();
    this.leave();
    if (!this.eatKw("as")) return or;
    const nameTok = this.tok;
    if (nameTok.value === "_" && nameTok.kind === "NAME") throw this.errTok("cannot use '_' as a target", nameTok);
    if (!this.isName()) throw this.errTok("invalid pattern target", nameTok);
    const name = this.next().value;
    return {
      type: "MatchAs",
      pattern: or,
      name,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseOrPattern(): Pattern {
    const start = this.tok;
    const first = this.parseClosedPattern();
    if (!this.isOp("|")) return first;
    const patterns = [first];
    while (this.eatOp("|")) patterns.push(this.parseClosedPattern());
    return {
      type: "MatchOr",
      patterns,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseClosedPattern(): Pattern {
    const t = this.tok;
    if (t.kind === "NUMBER" || t.kind === "STRING" || (t.kind === "OP" && t.value === "-")) {
      return {
        type: "MatchValue",
        value: this.parseLiteralExpr(),
        lineno: t.lineno,
        col_offset: t.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    if (t.kind === "NAME") {
      if (t.value === "None") {
        this.next();
        return {
          type: "MatchSingleton",
          value: { kind: "None" },
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (t.value === "True" || t.value === "False") {
        this.next();
        return {
          type: "MatchSingleton",
          value: { kind: "bool", value: t.value === "True" },
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (!this.isName()) throw this.invalid();
      const nameOrAttr = this.parseNameOrAttr();
      if (this.isOp("(")) return this.parseClassPattern(nameOrAttr, t);
      if (nameOrAttr.type === "Attribute")
        return {
          type: "MatchValue",
          value: nameOrAttr,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      const id = (nameOrAttr as { id: string }).id;
      return {
        type: "MatchAs",
        pattern: null,
        name: id === "_" ? null : id,
        lineno: t.lineno,
        col_offset: t.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    if (t.kind === "OP") {
      if (t.value === "(") {
        this.next();
        if (this.eatOp(")"))
          return {
            type: "MatchSequence",
            patterns: [],
            lineno: t.lineno,
            col_offset: t.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        const first = this.parseMaybeStarPattern();
        if (this.eatOp(")")) {
          if (first.type === "MatchStar")
            return {
              type: "MatchSequence",
              patterns: [first],
              lineno: t.lineno,
              col_offset: t.col,
              end_lineno: this.prev.endLineno,
              end_col_offset: this.prev.endCol,
            };
          return first;
        }
        const patterns = [first];
        while (this.eatOp(",")) {
          if (this.isOp(")")) break;
          patterns.push(this.parseMaybeStarPattern());
        }
        this.expectOp(")");
        return {
          type: "MatchSequence",
          patterns,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (t.value === "[") {
        this.next();
        const patterns: Pattern[] = [];
        while (!this.isOp("]")) {
          patterns.push(this.parseMaybeStarPattern());
          if (!this.eatOp(",")) break;
        }
        this.expectOp("]");
        return {
          type: "MatchSequence",
          patterns,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (t.value === "{") return this.parseMappingPattern();
    }
    throw this.invalid();
  }

  private parseNameOrAttr(): Expr {
    const start = this.tok;
    let e: Expr = {
      type: "Name",
      id: this.next().value,
      ctx: "Load",
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
    while (this.eatOp(".")) {
      const attr = this.expectName();
      e = {
        type: "Attribute",
        value: e,
        attr,
        ctx: "Load",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return e;
  }

  /** signed_number, complex_number (`1 + 2j`), or strings. */
  private parseLiteralExpr(): Expr {
    const start = this.tok;
    if (start.kind === "STRING") {
      const e = this.parseAtom();
      if (e.type === "JoinedStr") throw this.errNode("patterns may only match literals and attribute lookups", e);
      return e;
    }
    let real: Expr;
    if (this.isOp("-")) {
      this.next();
      const operand = this.parseNumberAtom();
      real = {
        type: "UnaryOp",
        op: "USub",
        operand,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    } else real = this.parseNumberAtom();
    if (this.isOp("+") || this.isOp("-")) {
      const op = this.next().value === "+" ? "Add" : "Sub";
      const imag = this.parseNumberAtom();
      if (imag.type !== "Constant" || imag.value.kind !== "complex") throw this.errNode("imaginary number required in complex literal", imag);
      if (real.type === "Constant" && real.value.kind === "complex") throw this.errNode("real number required in complex literal", real);
      return {
        type: "BinOp",
        left: real,
        op,
        right: imag,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return real;
  }

  private parseNumberAtom(): Expr {
    if (this.tok.kind !== "NUMBER") throw this.invalid();
    return this.parseAtom();
  }

  private parseMappingPattern(): Pattern {
    const open = this.next();
    const keys: Expr[] = [];
    const patterns: Pattern[] = [];
    let rest: string | null = null;
    while (!this.isOp("}")) {
      if (this.eatOp("**")) {
        rest = this.expectName();
        this.eatOp(",");
        break;
      }
      const t = this.tok;
      let key: Expr;
      if (t.kind === "NAME" && (t.value === "None" || t.value === "True" || t.value === "False")) key = this.parseAtom();
      else if (t.kind === "NAME") {
        key = this.parseNameOrAttr();
        if (key.type !== "Attribute") throw this.invalid(this.tok);
      } else key = this.parseLiteralExpr();
      keys.push(key);
      this.expectOp(":");
      patterns.push(this.parsePattern());
      if (!this.eatOp(",")) break;
    }
    this.expectOp("}");
    return {
      type: "MatchMapping",
      keys,
      patterns,
      rest,
      lineno: open.lineno,
      col_offset: open.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseClassPattern(cls: Expr, start: Token): Pattern {
    this.next();
    const patterns: Pattern[] = [];
    const kwdAttrs: string[] = [];
    const kwdPatterns: Pattern[] = [];
    while (!this.isOp(")")) {
      if (this.tok.kind === "NAME" && this.peekTok(1).kind === "OP" && this.peekTok(1).value === "=") {
        kwdAttrs.push(this.expectName());
        this.next();
        kwdPatterns.push(this.parsePattern());
      } else {
        const p = this.parsePattern();
        if (kwdAttrs.length > 0) throw this.errNode("positional patterns follow keyword patterns", p);
        patterns.push(p);
      }
      if (!this.eatOp(",")) break;
    }
    this.expectOp(")");
    return {
      type: "MatchClass",
      cls,
      patterns,
      kwd_attrs: kwdAttrs,
      kwd_patterns: kwdPatterns,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }
}

export type { Pos };
