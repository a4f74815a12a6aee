// Expressions: precedence climbing over Python 3.11's expression grammar, from star_expressions
// down to primaries (calls, subscripts, slices), with CPython's positions and error messages. The
// atoms, displays, comprehensions and lambdas below them are AtomParser's (atoms.ts).

import type { CmpOperator, Expr, Keyword, Name, Operator, Pos } from "../ast.js";
import { AtomParser } from "./atoms.js";
import type { PySyntaxError, SourceInfo } from "./errors.js";
import { exprName } from "./targets.js";
import type { Token } from "./tokens.js";

const BINOPS: Record<string, Operator> = {
  "|": "BitOr",
  "^": "BitXor",
  "&": "BitAnd",
  "<<": "LShift",
  ">>": "RShift",
  "+": "Add",
  "-": "Sub",
  "*": "Mult",
  "/": "Div",
  "//": "FloorDiv",
  "%": "Mod",
  "@": "MatMult",
};

/** Binding power of each binary operator (higher binds tighter). */
const PREC: Record<string, number> = {
  "|": 1,
  "^": 2,
  "&": 3,
  "<<": 4,
  ">>": 4,
  "+": 5,
  "-": 5,
  "*": 6,
  "/": 6,
  "//": 6,
  "%": 6,
  "@": 6,
};

const CMPOPS: Record<string, CmpOperator> = {
  "==": "Eq",
  "!=": "NotEq",
  "<": "Lt",
  "<=": "LtE",
  ">": "Gt",
  ">=": "GtE",
};

/** Soft keywords: CPython gives no comma hint after them. */
const SOFT_KEYWORDS = new Set(["match", "case", "_"]);

export class ExprParser extends AtomParser {
  /** Token range [start, end) of the last disjunction parsed, for the "forgot a comma" hint. */
  private lastDisjStart = -1;
  private lastDisjEnd = -1;
  private hinting = false;

  /**
   * CPython's invalid_expression rule: inside brackets, an expression directly following another
   * one is reported as "invalid syntax. Perhaps you forgot a comma?" at the first one.
   */
  protected override invalid(t: Token = this.toks[this.i] as Token): PySyntaxError {
    if (!this.hinting && t === this.toks[this.i] && this.lastDisjEnd === this.i && this.lastDisjStart >= 0) {
      const a = this.toks[this.lastDisjStart] as Token;
      const after = this.toks[this.lastDisjStart + 1] as Token;
      const legacy = this.lastDisjEnd - this.lastDisjStart === 1 && (a.value === "print" || a.value === "exec");
      const excluded = a.kind === "NAME" && (after.kind === "STRING" || SOFT_KEYWORDS.has(a.value));
      if (!legacy && !excluded && this.startsExpressionForHint()) {
        const save = this.i;
        const saveDepth = this.depth;
        this.hinting = true;
        let ok = false;
        try {
          this.parseExpression();
          ok = (this.toks[this.i - 1] as Token).level > 0;
        } catch {
          ok = false;
        }
        this.i = save;
        this.depth = saveDepth;
        this.hinting = false;
        if (ok) return this.errTok("invalid syntax. Perhaps you forgot a comma?", a);
      }
    }
    return super.invalid(t);
  }

  private startsExpressionForHint(): boolean {
    const t = this.toks[this.i] as Token;
    if (t.kind === "NAME" && (t.value === "not" || t.value === "lambda" || t.value === "await")) return true;
    if (t.kind === "NAME" && (t.value === "None" || t.value === "True" || t.value === "False")) return true;
    if (t.kind === "ERRORTOKEN") return false;
    return this.startsExpression() && !(t.kind === "OP" && t.value === "*");
  }

  // -------------------------------------------------------------------------------------------
  // Top levels

  /** star_expressions: `a`, `a, *b,` (a Tuple when there is a comma). */
  parseStarExpressions(): Expr {
    const start = this.tok;
    const first = this.parseStarExpression();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (!this.startsExpression()) break;
      elts.push(this.parseStarExpression());
    }
    return {
      type: "Tuple",
      elts,
      ctx: "Load",
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  parseStarExpression(): Expr {
    if (this.isOp("*")) {
      const start = this.next();
      const value = this.parseBitOr();
      return {
        type: "Starred",
        value,
        ctx: "Load",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parseExpression();
  }

  /** star_named_expression (display elements). */
  parseStarNamedExpression(): Expr {
    if (this.isOp("*")) {
      const start = this.next();
      const value = this.parseBitOr();
      return {
        type: "Starred",
        value,
        ctx: "Load",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parseNamedExpression();
  }

  parseNamedExpression(): Expr {
    if (this.tok.kind === "NAME" && this.peekTok(1).kind === "OP" && this.peekTok(1).value === ":=") {
      const start = this.tok;
      const id = this.expectName();
      const target: Name = {
        type: "Name",
        id,
        ctx: "Store",
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
      this.next();
      const value = this.parseExpression();
      return {
        type: "NamedExpr",
        target,
        value,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    const e = this.parseExpression();
    if (this.isOp(":=")) throw this.errNode(`cannot use assignment expressions with ${exprName(e)}`, e);
    return e;
  }

  /** Whether the current token can begin an expression (used after trailing commas). */
  protected startsExpression(): boolean {
    const t = this.tok;
    switch (t.kind) {
      case "NAME":
        return !(
          t.value === "in" ||
          t.value === "if" ||
          t.value === "else" ||
          t.value === "for" ||
          t.value === "async" ||
          t.value === "and" ||
          t.value === "or" ||
          t.value === "is" ||
          t.value === "as" ||
          t.value === "from" ||
          t.value === "import" ||
          t.value === "elif" ||
          t.value === "except" ||
          t.value === "finally" ||
          t.value === "pass" ||
          t.value === "return" ||
          t.value === "del" ||
          t.value === "class" ||
          t.value === "def" ||
          t.value === "with" ||
          t.value === "while" ||
          t.value === "try" ||
          t.value === "raise" ||
          t.value === "global" ||
          t.value === "nonlocal" ||
          t.value === "assert" ||
          t.value === "break" ||
          t.value === "continue"
        );
      case "NUMBER":
      case "STRING":
        return true;
      case "OP":
        return t.value === "(" || t.value === "[" || t.value === "{" || t.value === "-" || t.value === "+" || t.value === "~" || t.value === "*" || t.value === "...";
      default:
        return false;
    }
  }

  /** expression: conditional expressions and lambdas. */
  parseExpression(): Expr {
    if (this.isKw("lambda")) return this.parseLambda();
    const start = this.tok;
    const body = this.parseDisjunction();
    if (!this.isKw("if")) return body;
    this.next();
    const test = this.parseDisjunction();
    if (!this.eatKw("else")) throw this.errNode("expected 'else' after 'if' expression", body);
    this.enter();
    const orelse = this.parseExpression();
    this.leave();
    return {
      type: "IfExp",
      test,
      body,
      orelse,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  parseDisjunction(): Expr {
    const startIndex = this.i;
    const start = this.tok;
    let e = this.parseConjunction();
    if (this.isKw("or")) {
      const values = [e];
      while (this.eatKw("or")) values.push(this.parseConjunction());
      e = {
        type: "BoolOp",
        op: "Or",
        values,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    this.lastDisjStart = startIndex;
    this.lastDisjEnd = this.i;
    return e;
  }

  parseConjunction(): Expr {
    const start = this.tok;
    const first = this.parseInversion();
    if (!this.isKw("and")) return first;
    const values = [first];
    while (this.eatKw("and")) values.push(this.parseInversion());
    return {
      type: "BoolOp",
      op: "And",
      values,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  parseInversion(): Expr {
    if (this.isKw("not")) {
      const start = this.next();
      this.enter();
      const operand = this.parseInversion();
      this.leave();
      return {
        type: "UnaryOp",
        op: "Not",
        operand,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parseComparison();
  }

  parseComparison(): Expr {
    const start = this.tok;
    const left = this.parseBitOr();
    const ops: CmpOperator[] = [];
    const comparators: Expr[] = [];
    for (;;) {
      const t = this.tok;
      let op: CmpOperator | undefined;
      if (t.kind === "OP") {
        op = CMPOPS[t.value];
        if (op !== undefined) this.next();
      } else if (t.kind === "NAME") {
        if (t.value === "in") {
          op = "In";
          this.next();
        } else if (t.value === "not" && this.peekTok(1).kind === "NAME" && this.peekTok(1).value === "in") {
          op = "NotIn";
          this.i += 2;
        } else if (t.value === "is") {
          this.next();
          op = this.eatKw("not") ? "IsNot" : "Is";
        }
      }
      if (op === undefined) break;
      ops.push(op);
      comparators.push(this.parseBitOr());
    }
    if (ops.length === 0) return left;
    return {
      type: "Compare",
      left,
      ops,
      comparators,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  /** bitwise_or and everything below it down to `factor`, by precedence climbing. */
  parseBitOr(): Expr {
    return this.parseBinary(1);
  }

  private parseBinary(minPrec: number): Expr {
    const start = this.tok;
    let left = this.parseFactor();
    let chain = 0;
    for (;;) {
      const t = this.tok;
      if (t.kind !== "OP") break;
      const prec = PREC[t.value];
      if (prec === undefined || prec < minPrec) break;
      this.next();
      // Each iteration nests `left` one level deeper.
      this.enter();
      chain++;
      const right = this.parseBinary(prec + 1);
      left = {
        type: "BinOp",
        left,
        op: BINOPS[t.value] as Operator,
        right,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    this.leaveN(chain);
    return left;
  }

  parseFactor(): Expr {
    const t = this.tok;
    if (t.kind === "OP" && (t.value === "-" || t.value === "+" || t.value === "~")) {
      this.next();
      this.enter();
      const operand = this.parseFactor();
      this.leave();
      const op = t.value === "-" ? "USub" : t.value === "+" ? "UAdd" : "Invert";
      return {
        type: "UnaryOp",
        op,
        operand,
        lineno: t.lineno,
        col_offset: t.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return this.parsePower();
  }

  private parsePower(): Expr {
    const start = this.tok;
    let left: Expr;
    if (this.isKw("await")) {
      this.next();
      const value = this.parsePrimary();
      left = {
        type: "Await",
        value,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    } else left = this.parsePrimary();
    if (this.isOp("**")) {
      this.next();
      this.enter();
      const right = this.parseFactor();
      this.leave();
      return {
        type: "BinOp",
        left,
        op: "Pow",
        right,
        lineno: start.lineno,
        col_offset: start.col,
        end_lineno: this.prev.endLineno,
        end_col_offset: this.prev.endCol,
      };
    }
    return left;
  }

  // -------------------------------------------------------------------------------------------
  // Primaries

  parsePrimary(): Expr {
    const start = this.tok;
    let e = this.parseAtom();
    let chain = 0;
    for (; ; chain++) {
      const t = this.tok;
      if (t.kind !== "OP") break;
      // Each trailer nests `e` one level deeper.
      this.enter();
      if (t.value === ".") {
        this.next();
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
      } else if (t.value === "(") {
        e = this.parseCall(e, start);
      } else if (t.value === "[") {
        this.next();
        this.enter();
        const slice = this.parseSlices();
        this.leave();
        this.expectOp("]");
        e = {
          type: "Subscript",
          value: e,
          slice,
          ctx: "Load",
          lineno: start.lineno,
          col_offset: start.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        };
      } else {
        this.leave();
        break;
      }
    }
    this.leaveN(chain);
    return e;
  }

  private parseSlices(): Expr {
    const start = this.tok;
    const first = this.parseSlice();
    // A lone starred element (`a[*b]`, PEP 646) is still a tuple.
    if (!this.isOp(",") && first.type !== "Starred") return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isOp("]")) break;
      elts.push(this.parseSlice());
    }
    return {
      type: "Tuple",
      elts,
      ctx: "Load",
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  private parseSlice(): Expr {
    const start = this.tok;
    if (this.isOp("*")) return this.parseStarExpression();
    let lower: Expr | null = null;
    if (!this.isOp(":")) {
      const e = this.parseNamedExpression();
      if (!this.isOp(":")) return e;
      lower = e;
    }
    this.next();
    let upper: Expr | null = null;
    let step: Expr | null = null;
    if (!this.isOp(":") && !this.isOp(",") && !this.isOp("]")) upper = this.parseExpression();
    if (this.eatOp(":")) {
      if (!this.isOp(",") && !this.isOp("]")) step = this.parseExpression();
    }
    return {
      type: "Slice",
      lower,
      upper,
      step,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  protected parseCall(func: Expr, start: Token): Extract<Expr, { type: "Call" }> {
    const open = this.next();
    this.enter();
    const args: Expr[] = [];
    const keywords: Keyword[] = [];
    let sawKeyword = false;
    let sawDoubleStar = false;
    // CPython reports a positional argument after keywords at the token after the arguments.
    let lateError: string | null = null;
    while (!this.isOp(")")) {
      const t = this.tok;
      if (this.isOp("**")) {
        this.next();
        const value = this.parseExpression();
        keywords.push({
          type: "keyword",
          arg: null,
          value,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        });
        sawDoubleStar = true;
      } else if (this.isOp("*")) {
        this.next();
        const value = this.parseExpression();
        if (sawDoubleStar) throw this.errTok("iterable argument unpacking follows keyword argument unpacking", t);
        args.push({
          type: "Starred",
          value,
          ctx: "Load",
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        });
      } else if (t.kind === "NAME" && this.peekTok(1).kind === "OP" && this.peekTok(1).value === "=") {
        if (!this.isName()) {
          if (t.value === "True" || t.value === "False" || t.value === "None") {
            throw this.errTok(`cannot assign to ${t.value}`, t);
          }
          throw this.invalid();
        }
        this.i += 2;
        const value = this.parseExpression();
        keywords.push({
          type: "keyword",
          arg: t.value,
          value,
          lineno: t.lineno,
          col_offset: t.col,
          end_lineno: this.prev.endLineno,
          end_col_offset: this.prev.endCol,
        });
        sawKeyword = true;
      } else {
        const value = this.parseNamedExpression();
        if (this.isOp("=")) {
          throw this.errNode('expression cannot contain assignment, perhaps you meant "=="?', value);
        }
        if (this.isKw("for") || this.isKw("async")) {
          const gen = this.parseGenExpTail(value, open, args.length === 0 && keywords.length === 0);
          args.push(gen);
        } else {
          if (lateError === null && sawDoubleStar) lateError = "positional argument follows keyword argument unpacking";
          else if (lateError === null && sawKeyword) lateError = "positional argument follows keyword argument";
          args.push(value);
        }
      }
      if (!this.eatOp(",")) break;
    }
    this.leave();
    if (lateError !== null) throw this.errTok(lateError, this.tok);
    if (!this.isOp(")")) throw this.invalid();
    this.next();
    return {
      type: "Call",
      func,
      args,
      keywords,
      lineno: start.lineno,
      col_offset: start.col,
      end_lineno: this.prev.endLineno,
      end_col_offset: this.prev.endCol,
    };
  }

  /** A sub-parser over the same source, used for f-string replacement fields. */
  protected subParser(info: SourceInfo, toks: Token[]): ExprParser {
    return new ExprParser(info, toks);
  }

  static forSource(info: SourceInfo, toks: Token[]): ExprParser {
    return new ExprParser(info, toks);
  }
}

export type { Pos };
