// Assignment and deletion targets: turning a parsed expression into a Store/Del target, and
// CPython's names for expressions in "cannot assign to ..." messages.

import type { Expr, ExprContext } from "../ast.js";

/** CPython's _PyPegen_get_expr_name. */
export function exprName(e: Expr): string {
  switch (e.type) {
    case "Attribute":
      return "attribute";
    case "Subscript":
      return "subscript";
    case "Starred":
      return "starred";
    case "Name":
      return "name";
    case "List":
      return "list";
    case "Tuple":
      return "tuple";
    case "Lambda":
      return "lambda";
    case "Call":
      return "function call";
    case "BoolOp":
    case "BinOp":
    case "UnaryOp":
      return "expression";
    case "GeneratorExp":
      return "generator expression";
    case "Yield":
    case "YieldFrom":
      return "yield expression";
    case "Await":
      return "await expression";
    case "ListComp":
      return "list comprehension";
    case "SetComp":
      return "set comprehension";
    case "DictComp":
      return "dict comprehension";
    case "Dict":
      return "dict literal";
    case "Set":
      return "set display";
    case "JoinedStr":
    case "FormattedValue":
      return "f-string expression";
    case "Constant": {
      const v = e.value;
      if (v.kind === "None") return "None";
      if (v.kind === "bool") return v.value ? "True" : "False";
      if (v.kind === "Ellipsis") return "ellipsis";
      return "literal";
    }
    case "Compare":
      return "comparison";
    case "IfExp":
      return "conditional expression";
    case "NamedExpr":
      return "named expression";
    case "Slice":
      return "slice";
  }
}

/** The first sub-expression that cannot be a target, or null when `e` is a valid target. */
export function invalidTarget(e: Expr, del: boolean): Expr | null {
  switch (e.type) {
    case "Name":
    case "Attribute":
    case "Subscript":
      return null;
    case "Tuple":
    case "List":
      for (const x of e.elts) {
        const bad = invalidTarget(x, del);
        if (bad !== null) return bad;
      }
      return null;
    case "Starred":
      return del ? e : invalidTarget(e.value, del);
    default:
      return e;
  }
}

/** Sets the context of a valid target tree (call `invalidTarget` first). */
export function setContext(e: Expr, ctx: ExprContext): void {
  switch (e.type) {
    case "Name":
    case "Attribute":
    case "Subscript":
      e.ctx = ctx;
      return;
    case "Starred":
      e.ctx = ctx;
      setContext(e.value, ctx);
      return;
    case "Tuple":
    case "List":
      e.ctx = ctx;
      for (const x of e.elts) setContext(x, ctx);
      return;
    default:
      return;
  }
}
