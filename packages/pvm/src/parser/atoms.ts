// Atoms and the forms built around them: parenthesized forms, list/set/dict displays and their
// comprehensions, strings and f-strings, yield, lambda and parameter lists (Python 3.11's grammar,
// with CPython's positions and error messages). ExprParser adds the operators above them.

import type { Arg, Arguments, Comprehension, Expr } from "../ast.js";
import { ParserBase } from "./base.js";
import { PySyntaxError, type SourceInfo } from "./errors.js";
import { parseNumber } from "./numbers.js";
import { concatStrings } from "./fstring.js";
import type { SubParse } from "./fstring.js";
import { tokenizeSource } from "./tokenizer.js";
import { exprName, invalidTarget, setContext } from "./targets.js";
import type { Token } from "./tokens.js";

export abstract class AtomParser extends ParserBase {
  // The operator levels an atom's inner expressions recurse into (ExprParser).
  abstract parseStarExpressions(): Expr;
  abstract parseStarExpression(): Expr;
  abstract parseStarNamedExpression(): Expr;
  abstract parseNamedExpression(): Expr;
  abstract parseExpression(): Expr;
  abstract parseDisjunction(): Expr;
  abstract parseBitOr(): Expr;
  abstract parsePrimary(): Expr;
  protected abstract startsExpression(): boolean;
  /** A parser of the same kind over other tokens (an f-string replacement field). */
  protected abstract subParser(info: SourceInfo, toks: Token[]): AtomParser;

  /** A generator expression as a call argument; only a sole argument may be unparenthesized. */
  protected parseGenExpTail(elt: Expr, open: Token, sole: boolean): Expr {
    const generators = this.parseComprehensionClauses();
    const isSole = sole && this.isOp(")");
    if (!isSole) throw this.errNode("Generator expression must be parenthesized", elt);
    // CPython positions a sole generator argument from the call's '(' to its ')'.
    const close = this.tok;
    return {
      type: "GeneratorExp",
      elt,
      generators,
      lineno: open.lineno,
      col_offset: open.col,
      end_lineno: close.endLineno,
      end_col_offset: close.endCol,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Atoms

  parseAtom(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case "NAME":
        switch (t.value) {
          case "True":
          case "False":
            this.next();
            return {
              type: "Constant",
              value: { kind: "bool", value: t.value === "True" },
              kind: null,
              lineno: t.lineno,
              col_offset: t.col,
              end_lineno: this.prev.endLineno,
              end_col_offset: this.prev.endCol,
            };
          case "None":
            this.next();
            return {
              type: "Constant",
              value: { kind: "None" },
              kind: null,
              lineno: t.lineno,
              col_offset: t.col,
              end_lineno: this.prev.endLineno,
              end_col_offset: this.prev.endCol,
            };
          default:
            if (!this.isName()) throw this.invalid();
            this.next();
            return {
              type: "Name",
              id: t.value,
              ctx: "Load",
              lineno: t.lineno,
              col_offset: t.col,
              end_lineno: this.prev.endLineno,
              end_col_offset: this.prev.endCol,
            };
        }
      case "NUMBER":
        this.next();
        return {
          type: "Constant",
          value: parseNumber(t.value),
          kind: null,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      case "STRING":
        return this.parseStrings();
      case "OP":
        switch (t.value) {
          case "(":
            return this.parseParen();
          case "[":
            return this.parseListDisplay();
          case "{":
            return this.parseBraceDisplay();
          case "...":
            this.next();
            return {
              type: "Constant",
              value: { kind: "Ellipsis" },
              kind: null,
              lineno: t.lineno,
              col_offset: t.col,
              end_lineno: this.prev.endLineno,
              end_col_offset: this.prev.endCol,
            };
          default:
            throw this.invalid();
        }
      default:
        throw this.invalid();
    }
  }

  private parseStrings(): Expr {
    const toks: Token[] = [];
    while (this.tok.kind === "STRING") toks.push(this.next());
    const sub: SubParse = (start, end) => this.parseFStringExpr(start, end);
    return concatStrings(this.info, toks, this.tok, sub);
  }

  /** Parses the expression part of an f-string replacement field, located in the source. */
  private parseFStringExpr(start: number, end: number): Expr {
    const toks = tokenizeSource(this.info, { start, end, bracketed: true });
    const p = this.subParser(this.info, toks);
    try {
      const e = p.parseFStringBody();
      // CPython parses the field as "(" + text + ")", so a bare tuple spans those parentheses,
      // which stand where the '{' and the character ending the expression are.
      if (e.type === "Tuple" && e.elts.length > 0) {
        const first = e.elts[0] as Expr;
        if (first.lineno === e.lineno && first.col_offset === e.col_offset) {
          const info = this.info;
          const open = start - 1;
          const lineA = info.lineOf(open);
          const lineB = info.lineOf(end);
          e.lineno = lineA;
          e.col_offset = info.col(info.lineStarts[lineA - 1] as number, open);
          e.end_lineno = lineB;
          e.end_col_offset = info.col(info.lineStarts[lineB - 1] as number, end) + 1;
        }
      }
      return e;
    } catch (e) {
      if (!(e instanceof PySyntaxError)) throw e;
      throw this.fstringError(e, start);
    }
  }

  /**
   * CPython parses a replacement field as "(" + text + ")" and reports parser errors in it with an
   * "f-string: " prefix and, on the field's first line, a column counted within that text.
   */
  private fstringError(e: PySyntaxError, exprStart: number): PySyntaxError {
    const line = this.info.lineOf(exprStart);
    let offset = e.offset;
    if (e.lineno === line) {
      const startCol = this.info.col(this.info.lineStarts[line - 1] as number, exprStart);
      offset = e.offset - startCol + 1;
    }
    return new PySyntaxError(e.kind, `f-string: ${e.msg}`, e.filename, e.lineno, offset, e.text);
  }

  private parseFStringBody(): Expr {
    const e = this.isKw("yield") ? this.parseYield() : this.parseStarExpressions();
    if (this.tok.kind !== "ENDMARKER") throw this.invalid();
    return e;
  }

  private parseParen(): Expr {
    const open = this.next();
    this.enter();
    try {
      if (this.isOp(")")) {
        this.next();
        return {
          type: "Tuple",
          elts: [],
          ctx: "Load",
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (this.isKw("yield")) {
        const y = this.parseYield();
        this.expectOp(")");
        return y;
      }
      const first = this.parseStarNamedExpression();
      if (this.isKw("for") || this.isKw("async")) {
        if (first.type === "Starred") throw this.errNode("iterable unpacking cannot be used in comprehension", first);
        const generators = this.parseComprehensionClauses();
        this.expectOp(")");
        return {
          type: "GeneratorExp",
          elt: first,
          generators,
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      if (this.isOp(")")) {
        this.next();
        if (first.type === "Starred") throw this.errNode("cannot use starred expression here", first);
        return first;
      }
      if (!this.isOp(",")) throw this.invalid();
      const elts = [first];
      while (this.eatOp(",")) {
        if (this.isOp(")")) break;
        elts.push(this.parseStarNamedExpression());
      }
      this.expectOp(")");
      return {
        type: "Tuple",
        elts,
        ctx: "Load",
        lineno: open.lineno,
        col_offset: open.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    } finally {
      this.leave();
    }
  }

  private parseListDisplay(): Expr {
    const open = this.next();
    this.enter();
    try {
      if (this.eatOp("]"))
        return {
          type: "List",
          elts: [],
          ctx: "Load",
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      const first = this.parseStarNamedExpression();
      if (this.isKw("for") || this.isKw("async")) {
        if (first.type === "Starred") throw this.errNode("iterable unpacking cannot be used in comprehension", first);
        const generators = this.parseComprehensionClauses();
        this.expectOp("]");
        return {
          type: "ListComp",
          elt: first,
          generators,
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      const elts = [first];
      while (this.eatOp(",")) {
        if (this.isOp("]")) break;
        elts.push(this.parseStarNamedExpression());
      }
      this.expectOp("]");
      return {
        type: "List",
        elts,
        ctx: "Load",
        lineno: open.lineno,
        col_offset: open.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    } finally {
      this.leave();
    }
  }

  private parseBraceDisplay(): Expr {
    const open = this.next();
    this.enter();
    try {
      if (this.eatOp("}"))
        return {
          type: "Dict",
          keys: [],
          values: [],
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      if (this.isOp("**")) return this.parseDictRest(open, null, null);
      const first = this.parseStarNamedExpression();
      if (this.isOp(":") && first.type !== "Starred") {
        this.next();
        const value = this.parseExpression();
        if (this.isKw("for") || this.isKw("async")) {
          const generators = this.parseComprehensionClauses();
          this.expectOp("}");
          return {
            type: "DictComp",
            key: first,
            value,
            generators,
            lineno: open.lineno,
            col_offset: open.col,
            end_lineno: this.prev.endLineno,
            end_col_offset: this.prev.endCol,
          };
        }
        return this.parseDictRest(open, first, value);
      }
      if (this.isKw("for") || this.isKw("async")) {
        if (first.type === "Starred") throw this.errNode("iterable unpacking cannot be used in comprehension", first);
        const generators = this.parseComprehensionClauses();
        this.expectOp("}");
        return {
          type: "SetComp",
          elt: first,
          generators,
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
      const elts = [first];
      while (this.eatOp(",")) {
        if (this.isOp("}")) break;
        elts.push(this.parseStarNamedExpression());
      }
      this.expectOp("}");
      return {
        type: "Set",
        elts,
        lineno: open.lineno,
        col_offset: open.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    } finally {
      this.leave();
    }
  }

  private parseDictRest(open: Token, key: Expr | null, value: Expr | null): Expr {
    const keys: (Expr | null)[] = [];
    const values: Expr[] = [];
    if (value !== null) {
      keys.push(key);
      values.push(value);
      if (!this.eatOp(",")) {
        this.expectOp("}");
        return {
          type: "Dict",
          keys,
          values,
          lineno: open.lineno,
          col_offset: open.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      }
    }
    while (!this.isOp("}")) {
      if (this.eatOp("**")) {
        keys.push(null);
        values.push(this.parseBitOr());
      } else {
        keys.push(this.parseExpression());
        this.expectOp(":");
        values.push(this.parseExpression());
      }
      if (!this.eatOp(",")) break;
    }
    this.expectOp("}");
    return {
      type: "Dict",
      keys,
      values,
      lineno: open.lineno,
      col_offset: open.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  /** One or more `[async] for target in iter [if cond]*` clauses. */
  protected parseComprehensionClauses(): Comprehension[] {
    const out: Comprehension[] = [];
    while (this.isKw("for") || this.isKw("async")) {
      const isAsync = this.eatKw("async") ? 1 : 0;
      this.expectKw("for");
      const target = this.parseTargetList("for");
      this.expectKw("in");
      const iter = this.parseDisjunction();
      const ifs: Expr[] = [];
      while (this.eatKw("if")) ifs.push(this.parseDisjunction());
      out.push({ type: "comprehension", target, iter, ifs, is_async: isAsync });
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Targets

  /**
   * star_targets for `for` loops and comprehensions: stops before `in`, since each target is
   * parsed at the bitwise_or level.
   */
  protected parseTargetList(_what: "for"): Expr {
    const start = this.tok;
    const first = this.parseStarTargetElement();
    let e: Expr = first;
    if (this.isOp(",")) {
      const elts = [first];
      while (this.eatOp(",")) {
        if (this.isKw("in")) break;
        elts.push(this.parseStarTargetElement());
      }
      e = {
        type: "Tuple",
        elts,
        ctx: "Store",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    this.toTarget(e, "Store");
    return e;
  }

  private parseStarTargetElement(): Expr {
    if (this.isOp("*")) {
      const start = this.next();
      const value = this.parseBitOr();
      return {
        type: "Starred",
        value,
        ctx: "Store",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parseBitOr();
  }

  /** Validates `e` as an assignment (Store) or deletion (Del) target and sets its contexts. */
  protected toTarget(e: Expr, ctx: "Store" | "Del"): void {
    const bad = invalidTarget(e, ctx === "Del");
    if (bad !== null) {
      const verb = ctx === "Del" ? "delete" : "assign to";
      throw this.errNode(`cannot ${verb} ${exprName(bad)}`, bad);
    }
    setContext(e, ctx);
  }

  // -------------------------------------------------------------------------------------------
  // yield and lambda

  parseYield(): Expr {
    const start = this.expectKw("yield");
    if (this.eatKw("from")) {
      const value = this.parseExpression();
      return {
        type: "YieldFrom",
        value,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    const value = this.startsExpression() ? this.parseStarExpressions() : null;
    return {
      type: "Yield",
      value,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  protected parseLambda(): Expr {
    const start = this.next();
    // A nested lambda costs several host frames per level (parseExpression → parseLambda, and
    // parseParameters for defaults), so it counts three depth units: 3,000 nested lambdas end
    // in the depth error (CPython: MemoryError) instead of exhausting the host stack.
    this.enter();
    this.enter();
    this.enter();
    const args = this.parseParameters(":", false);
    this.expectOp(":");
    const body = this.parseExpression();
    this.leaveN(3);
    return {
      type: "Lambda",
      args,
      body,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  /**
   * Parameter lists of `def` (with annotations) and `lambda` (without), up to `close`.
   * Enforces CPython's parser-level rules on `/`, `*`, `**` and defaults.
   */
  protected parseParameters(close: string, annotations: boolean): Arguments {
    const posonlyargs: Arg[] = [];
    const args: Arg[] = [];
    const kwonlyargs: Arg[] = [];
    const kwDefaults: (Expr | null)[] = [];
    const defaults: Expr[] = [];
    let vararg: Arg | null = null;
    let kwarg: Arg | null = null;
    let sawStar = false;
    let sawSlash = false;
    while (!this.isOp(close)) {
      const t = this.tok;
      if (kwarg !== null) throw this.errTok("arguments cannot follow var-keyword argument", t);
      if (this.isOp("/")) {
        if (sawSlash) throw this.errTok("/ may appear only once", t);
        if (sawStar) throw this.errTok("/ must be ahead of *", t);
        if (args.length === 0) throw this.errTok("at least one argument must precede /", t);
        this.next();
        sawSlash = true;
        posonlyargs.push(...args.splice(0));
      } else if (this.isOp("**")) {
        this.next();
        kwarg = this.parseParam(annotations, false);
        if (this.isOp("=")) throw this.errTok("var-keyword argument cannot have default value", this.tok);
      } else if (this.isOp("*")) {
        if (sawStar) throw this.errTok("* argument may appear only once", t);
        this.next();
        sawStar = true;
        if (this.isOp(",") || this.isOp(close)) {
          if (this.isOp(close) || this.peekTok(1).value === close || this.peekTok(1).value === "**") {
            throw this.errTok("named arguments must follow bare *", t);
          }
        } else {
          vararg = this.parseParam(annotations, true);
          if (this.isOp("=")) throw this.errTok("var-positional argument cannot have default value", this.tok);
        }
      } else {
        const a = this.parseParam(annotations, false);
        let def: Expr | null = null;
        if (this.eatOp("=")) def = this.parseExpression();
        if (sawStar) {
          kwonlyargs.push(a);
          kwDefaults.push(def);
        } else {
          if (def !== null) defaults.push(def);
          else if (defaults.length > 0) throw this.errNode("non-default argument follows default argument", a);
          args.push(a);
        }
      }
      if (!this.eatOp(",")) break;
    }
    return {
      type: "arguments",
      posonlyargs,
      args,
      vararg,
      kwonlyargs,
      kw_defaults: kwDefaults,
      kwarg,
      defaults,
    };
  }

  private parseParam(annotations: boolean, starred: boolean): Arg {
    const start = this.tok;
    const arg = this.expectName();
    let annotation: Expr | null = null;
    if (annotations && this.eatOp(":")) annotation = starred && this.isOp("*") ? this.parseStarExpression() : this.parseExpression();
    return {
      type: "arg",
      arg,
      annotation,
      type_comment: null,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }
}
