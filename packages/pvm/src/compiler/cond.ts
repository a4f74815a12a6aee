// Tests of `if` and `while` evaluated inside the statement's own closure. Closures are shared code:
// once a program has run a few different loops, every call of a child closure from a loop is a
// megamorphic call that V8 cannot inline. A one-operator rich comparison (`while i < n:`,
// `if x == 0:`) is therefore compared inline by `condTrue`, a small function V8 inlines into the
// statement, with fast locals and constants read inline too; any other test is one call of its
// closure, as before.
// Values, exceptions and Cycles are exactly those of the compiled Compare expression.
import type * as A from "../ast.js";
import type { Runtime } from "../runtime/context.js";
import { PyFloat, type Value } from "../runtime/object.js";
import { T } from "../runtime/types.js";
import { richCompare, strEq, truthy } from "../runtime/ops.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { compileExpr, ld, operand } from "./expr.js";
import type { EF, Frame } from "./frame.js";

const GENERIC = 0;
export const LT = 1;
export const LTE = 2;
export const GT = 3;
export const GTE = 4;
export const EQ = 5;
export const NE = 6;

const OPS: Partial<Record<A.CmpOperator, number>> = { Lt: LT, LtE: LTE, Gt: GT, GtE: GTE, Eq: EQ, NotEq: NE };

/** A compiled test: `op` GENERIC evaluates `test`; otherwise `a <op> b` over two operands. */
export interface Cond {
  readonly op: number;
  readonly test: EF;
  readonly ak: number;
  readonly af: EF;
  readonly ai: number;
  readonly av: Value;
  readonly bk: number;
  readonly bf: EF;
  readonly bi: number;
  readonly bv: Value;
}

const unused: EF = () => {
  throw new Error("internal: inline condition has no closure");
};

export function condOf(c: Compiler, s: ScopeCtx, e: A.Expr): Cond {
  if (e.type === "Compare" && e.ops.length === 1) {
    const op = OPS[e.ops[0] as A.CmpOperator];
    if (op !== undefined) {
      // The Compare node counts for nesting depth (the frame's stack weight) as compileExpr would.
      c.enterNode(e);
      try {
        const a = operand(c, s, e.left);
        const b = operand(c, s, e.comparators[0] as A.Expr);
        return { op, test: unused, ak: a.k, af: a.f, ai: a.i, av: a.v, bk: b.k, bf: b.f, bi: b.i, bv: b.v };
      } finally {
        c.leaveNode();
      }
    }
  }
  return { op: GENERIC, test: compileExpr(c, s, e), ak: 0, af: unused, ai: 0, av: 0, bk: 0, bf: unused, bi: 0, bv: 0 };
}

/** The truth of a test, as `truthy(test(f))` would give. */
export function condTrue(rt: Runtime, f: Frame, d: Cond): boolean {
  const op = d.op;
  if (op === GENERIC) {
    const t = d.test(f);
    return typeof t === "boolean" ? t : truthy(rt, t);
  }
  const a = ld(f, d.ak, d.af, d.ai, d.av);
  const b = ld(f, d.bk, d.bf, d.bi, d.bv);
  if (typeof a === "number" && typeof b === "number") return numCompare(op, a, b);
  const n = floatCompare(op, a, b);
  if (n !== undefined) return n;
  if (typeof a === "string" && typeof b === "string") {
    if (op === EQ) return strEq(rt, a, b);
    if (op === NE) return !strEq(rt, a, b);
  }
  const t = richCompare(rt, op === LT ? "Lt" : op === LTE ? "LtE" : op === GT ? "Gt" : op === GTE ? "GtE" : op === EQ ? "Eq" : "NotEq", a, b);
  return typeof t === "boolean" ? t : truthy(rt, t);
}

/**
 * `a <op> b` for an exact float against a float or a small int (a small int is exact as a double,
 * so the double comparison is Python's; NaN compares false, and unequal, as in CPython), else
 * undefined.
 */
export function floatCompare(op: number, a: Value, b: Value): boolean | undefined {
  const x = a instanceof PyFloat && a.cls === T.float ? a.v : typeof a === "number" ? a : undefined;
  if (x === undefined) return undefined;
  const y = b instanceof PyFloat && b.cls === T.float ? b.v : typeof b === "number" ? b : undefined;
  return y === undefined ? undefined : numCompare(op, x, y);
}

function numCompare(op: number, a: number, b: number): boolean {
  switch (op) {
    case LT:
      return a < b;
    case LTE:
      return a <= b;
    case GT:
      return a > b;
    case GTE:
      return a >= b;
    case EQ:
      return a === b;
    default:
      return a !== b;
  }
}
