// Expressions: precedence climbing over Python 3.11's expression grammar, from star_expressions
// down to atoms, with CPython's positions and error messages.

import type { Arg, Arguments, CmpOperator, Comprehension, Expr, Keyword, Name, Operator, Pos } from "../ast.js";
import { ParserBase } from "./base.js";
import { PySyntaxError, type SourceInfo } from "./errors.js";
import { parseNumber } from "./numbers.js";
import { concatStrings } from "./fstring.js";
import type { SubParse } from "./fstring.js";
import { tokenizeSource } from "./tokenizer.js";
import { exprName, invalidTarget, setContext } from "./targets.js";
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

export class ExprParser extends ParserBase {
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

  /** A generator expression as a call argument; only a sole argument may be unparenthesized. */
  private parseGenExpTail(elt: Expr, open: Token, sole: boolean): Expr {
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
    const p = new ExprParser(this.info, toks);
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

  private parseLambda(): Expr {
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

  /** A sub-parser over the same source, used for f-string replacement fields. */
  static forSource(info: SourceInfo, toks: Token[]): ExprParser {
    return new ExprParser(info, toks);
  }
}

export type { Pos };
