// Static Cycle cost of straight-line code, charged once at the entry of each basic block
// (cips/metering.md). Dynamic surcharges (string lengths, big ints, container sizes, elements
// visited by builtins) are charged by the runtime at the operation itself.
import type * as A from "../ast.js";
import { C } from "../runtime/costs.js";

/** Cost of evaluating an expression once, excluding nested scopes (lambdas, comprehensions). */
export function exprCost(e: A.Expr | null): number {
  if (e === null) return 0;
  switch (e.type) {
    case "Constant":
    case "Name":
      return 0;
    case "BinOp":
      return C.arith + exprCost(e.left) + exprCost(e.right);
    case "UnaryOp":
      return C.arith + exprCost(e.operand);
    case "BoolOp":
      return C.arith + sum(e.values);
    case "Compare":
      return C.arith * e.ops.length + exprCost(e.left) + sum(e.comparators);
    case "IfExp":
      return C.step + exprCost(e.test) + exprCost(e.body) + exprCost(e.orelse);
    case "Attribute":
      return C.dict + exprCost(e.value);
    case "Subscript":
      return C.list + exprCost(e.value) + exprCost(e.slice);
    case "Slice":
      return C.alloc + exprCost(e.lower) + exprCost(e.upper) + exprCost(e.step);
    case "Call":
      return C.call + exprCost(e.func) + sum(e.args) + e.keywords.reduce((n, k) => n + exprCost(k.value), 0);
    case "List":
    case "Tuple":
    case "Set":
      return C.alloc + e.elts.length + sum(e.elts);
    case "Dict":
      return C.alloc + C.dict * e.values.length + sum(e.keys.filter((k) => k !== null) as A.Expr[]) + sum(e.values);
    case "JoinedStr":
      return C.step + sum(e.values);
    case "FormattedValue":
      return C.call + exprCost(e.value) + exprCost(e.format_spec);
    case "Lambda":
      return C.alloc + sum(e.args.defaults);
    case "NamedExpr":
      return C.step + exprCost(e.value);
    case "ListComp":
    case "SetComp":
    case "DictComp":
    case "GeneratorExp":
      return C.call + exprCost((e.generators[0] as A.Comprehension).iter);
    case "Starred":
      return exprCost(e.value);
    case "Yield":
      return C.genResume + exprCost(e.value);
    case "YieldFrom":
    case "Await":
      return C.genResume + exprCost(e.value);
  }
}

function sum(es: A.Expr[]): number {
  let n = 0;
  for (const e of es) n += exprCost(e);
  return n;
}

/** Cost a statement adds to the block that contains it (its own sub-blocks charge themselves). */
export function stmtCost(s: A.Stmt): number {
  switch (s.type) {
    case "Expr":
      return C.step + exprCost(s.value);
    case "Assign":
      return C.step + exprCost(s.value) + s.targets.reduce((n, t) => n + targetCost(t), 0);
    case "AugAssign":
      return C.step + C.arith + exprCost(s.value) + targetCost(s.target) * 2;
    case "AnnAssign":
      return C.step + exprCost(s.value) + targetCost(s.target);
    case "Return":
      return C.step + exprCost(s.value);
    case "If":
      return C.step + exprCost(s.test);
    case "While":
      return C.step;
    case "For":
    case "AsyncFor":
      return C.step + C.call + exprCost(s.iter);
    case "Raise":
      return C.raise + exprCost(s.exc) + exprCost(s.cause);
    case "Assert":
      return C.step + exprCost(s.test);
    case "Delete":
      return C.step + s.targets.reduce((n, t) => n + targetCost(t), 0);
    case "FunctionDef":
    case "AsyncFunctionDef":
      return C.alloc + C.call * s.decorator_list.length + exprCost2(s.decorator_list) + exprCost2(s.args.defaults);
    case "ClassDef":
      return C.classDef + exprCost2(s.bases) + C.call * s.decorator_list.length + exprCost2(s.decorator_list);
    case "Try":
    case "TryStar":
      return C.tryEnter;
    case "With":
    case "AsyncWith":
      return C.withEnter + s.items.reduce((n, i) => n + C.call * 2 + exprCost(i.context_expr), 0);
    case "Match":
      return C.step + exprCost(s.subject);
    default:
      return C.step;
  }
}

function exprCost2(es: A.Expr[]): number {
  return es.reduce((n, e) => n + exprCost(e), 0);
}

function targetCost(t: A.Expr): number {
  switch (t.type) {
    case "Name":
      return 0;
    case "Attribute":
      return C.dict + exprCost(t.value);
    case "Subscript":
      return C.dict + exprCost(t.value) + exprCost(t.slice);
    case "Tuple":
    case "List":
      return t.elts.length + t.elts.reduce((n, x) => n + targetCost(x), 0);
    case "Starred":
      return C.alloc + targetCost(t.value);
    default:
      return 0;
  }
}
