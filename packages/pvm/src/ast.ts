// The PVM's abstract syntax tree. It mirrors CPython 3.11's `ast` module node for node and field
// for field (see Parser/Python.asdl in CPython 3.11), so that `ast.dump(ast.parse(src))` from
// CPython can be checked against our parser, and so that anyone who knows Python's AST knows ours.
//
// Conventions:
// - `type` holds the CPython class name of the node.
// - Field names are CPython's (snake_case), and optional fields are `null` when absent.
// - Operators, comparison operators, boolean operators, unary operators and expression contexts
//   are plain string literals of the CPython class names ("Add", "Eq", "And", "Not", "Load").
// - Every statement, expression, excepthandler, arg, keyword, alias and pattern carries a
//   1-based `lineno`, 0-based `col_offset` (in code points, unlike CPython's UTF-8 byte offsets),
//   and `end_lineno` / `end_col_offset`.
// - `Constant.value` is a tagged union (below) so that ints stay exact (bigint) and bytes stay bytes.

export interface Pos {
  lineno: number;
  col_offset: number;
  end_lineno: number;
  end_col_offset: number;
}

// ---------------------------------------------------------------------------------------------
// Modules

export interface Module {
  type: "Module";
  body: Stmt[];
  type_ignores: never[];
}

// ---------------------------------------------------------------------------------------------
// Statements

export type Stmt =
  | FunctionDef
  | AsyncFunctionDef
  | ClassDef
  | Return
  | Delete
  | Assign
  | AugAssign
  | AnnAssign
  | For
  | AsyncFor
  | While
  | If
  | With
  | AsyncWith
  | Match
  | Raise
  | Try
  | TryStar
  | Assert
  | Import
  | ImportFrom
  | Global
  | Nonlocal
  | ExprStmt
  | Pass
  | Break
  | Continue;

export interface FunctionDef extends Pos {
  type: "FunctionDef";
  name: string;
  args: Arguments;
  body: Stmt[];
  decorator_list: Expr[];
  returns: Expr | null;
  type_comment: null;
}

export interface AsyncFunctionDef extends Pos {
  type: "AsyncFunctionDef";
  name: string;
  args: Arguments;
  body: Stmt[];
  decorator_list: Expr[];
  returns: Expr | null;
  type_comment: null;
}

export interface ClassDef extends Pos {
  type: "ClassDef";
  name: string;
  bases: Expr[];
  keywords: Keyword[];
  body: Stmt[];
  decorator_list: Expr[];
}

export interface Return extends Pos {
  type: "Return";
  value: Expr | null;
}

export interface Delete extends Pos {
  type: "Delete";
  targets: Expr[];
}

export interface Assign extends Pos {
  type: "Assign";
  targets: Expr[];
  value: Expr;
  type_comment: null;
}

export interface AugAssign extends Pos {
  type: "AugAssign";
  target: Name | Attribute | Subscript;
  op: Operator;
  value: Expr;
}

export interface AnnAssign extends Pos {
  type: "AnnAssign";
  target: Name | Attribute | Subscript;
  annotation: Expr;
  value: Expr | null;
  /** 1 when the target is a simple name not wrapped in parentheses, else 0 (as CPython). */
  simple: 0 | 1;
}

export interface For extends Pos {
  type: "For";
  target: Expr;
  iter: Expr;
  body: Stmt[];
  orelse: Stmt[];
  type_comment: null;
}

export interface AsyncFor extends Pos {
  type: "AsyncFor";
  target: Expr;
  iter: Expr;
  body: Stmt[];
  orelse: Stmt[];
  type_comment: null;
}

export interface While extends Pos {
  type: "While";
  test: Expr;
  body: Stmt[];
  orelse: Stmt[];
}

export interface If extends Pos {
  type: "If";
  test: Expr;
  body: Stmt[];
  orelse: Stmt[];
}

export interface With extends Pos {
  type: "With";
  items: WithItem[];
  body: Stmt[];
  type_comment: null;
}

export interface AsyncWith extends Pos {
  type: "AsyncWith";
  items: WithItem[];
  body: Stmt[];
  type_comment: null;
}

export interface Match extends Pos {
  type: "Match";
  subject: Expr;
  cases: MatchCase[];
}

export interface Raise extends Pos {
  type: "Raise";
  exc: Expr | null;
  cause: Expr | null;
}

export interface Try extends Pos {
  type: "Try";
  body: Stmt[];
  handlers: ExceptHandler[];
  orelse: Stmt[];
  finalbody: Stmt[];
}

export interface TryStar extends Pos {
  type: "TryStar";
  body: Stmt[];
  handlers: ExceptHandler[];
  orelse: Stmt[];
  finalbody: Stmt[];
}

export interface Assert extends Pos {
  type: "Assert";
  test: Expr;
  msg: Expr | null;
}

export interface Import extends Pos {
  type: "Import";
  names: Alias[];
}

export interface ImportFrom extends Pos {
  type: "ImportFrom";
  module: string | null;
  names: Alias[];
  level: number;
}

export interface Global extends Pos {
  type: "Global";
  names: string[];
}

export interface Nonlocal extends Pos {
  type: "Nonlocal";
  names: string[];
}

/** CPython's `ast.Expr` statement (an expression evaluated for its side effects). */
export interface ExprStmt extends Pos {
  type: "Expr";
  value: Expr;
}

export interface Pass extends Pos {
  type: "Pass";
}

export interface Break extends Pos {
  type: "Break";
}

export interface Continue extends Pos {
  type: "Continue";
}

// ---------------------------------------------------------------------------------------------
// Expressions

export type Expr =
  | BoolOp
  | NamedExpr
  | BinOp
  | UnaryOp
  | Lambda
  | IfExp
  | Dict
  | SetExpr
  | ListComp
  | SetComp
  | DictComp
  | GeneratorExp
  | Await
  | Yield
  | YieldFrom
  | Compare
  | Call
  | FormattedValue
  | JoinedStr
  | Constant
  | Attribute
  | Subscript
  | Starred
  | Name
  | List
  | Tuple
  | Slice;

export interface BoolOp extends Pos {
  type: "BoolOp";
  op: BoolOperator;
  values: Expr[];
}

export interface NamedExpr extends Pos {
  type: "NamedExpr";
  target: Name;
  value: Expr;
}

export interface BinOp extends Pos {
  type: "BinOp";
  left: Expr;
  op: Operator;
  right: Expr;
}

export interface UnaryOp extends Pos {
  type: "UnaryOp";
  op: UnaryOperator;
  operand: Expr;
}

export interface Lambda extends Pos {
  type: "Lambda";
  args: Arguments;
  body: Expr;
}

export interface IfExp extends Pos {
  type: "IfExp";
  test: Expr;
  body: Expr;
  orelse: Expr;
}

export interface Dict extends Pos {
  type: "Dict";
  /** A `null` key means `**value` unpacking at that position, as in CPython. */
  keys: (Expr | null)[];
  values: Expr[];
}

/** CPython's `ast.Set` display (`{a, b}`). */
export interface SetExpr extends Pos {
  type: "Set";
  elts: Expr[];
}

export interface ListComp extends Pos {
  type: "ListComp";
  elt: Expr;
  generators: Comprehension[];
}

export interface SetComp extends Pos {
  type: "SetComp";
  elt: Expr;
  generators: Comprehension[];
}

export interface DictComp extends Pos {
  type: "DictComp";
  key: Expr;
  value: Expr;
  generators: Comprehension[];
}

export interface GeneratorExp extends Pos {
  type: "GeneratorExp";
  elt: Expr;
  generators: Comprehension[];
}

export interface Await extends Pos {
  type: "Await";
  value: Expr;
}

export interface Yield extends Pos {
  type: "Yield";
  value: Expr | null;
}

export interface YieldFrom extends Pos {
  type: "YieldFrom";
  value: Expr;
}

export interface Compare extends Pos {
  type: "Compare";
  left: Expr;
  ops: CmpOperator[];
  comparators: Expr[];
}

export interface Call extends Pos {
  type: "Call";
  func: Expr;
  /** Positional arguments; `*x` appears as a `Starred` element. */
  args: Expr[];
  /** Keyword arguments; `**x` appears as a keyword whose `arg` is null. */
  keywords: Keyword[];
}

export interface FormattedValue extends Pos {
  type: "FormattedValue";
  value: Expr;
  /** -1 for no conversion, else the code point of 's', 'r' or 'a' (115, 114, 97), as CPython. */
  conversion: number;
  /** The format spec, itself a JoinedStr, or null. */
  format_spec: JoinedStr | null;
}

export interface JoinedStr extends Pos {
  type: "JoinedStr";
  /** `Constant` (str) and `FormattedValue` parts, in order. */
  values: Expr[];
}

export interface Constant extends Pos {
  type: "Constant";
  value: ConstantValue;
  /** "u" for a u-prefixed string literal, else null (as CPython). */
  kind: "u" | null;
}

export interface Attribute extends Pos {
  type: "Attribute";
  value: Expr;
  attr: string;
  ctx: ExprContext;
}

export interface Subscript extends Pos {
  type: "Subscript";
  value: Expr;
  slice: Expr;
  ctx: ExprContext;
}

export interface Starred extends Pos {
  type: "Starred";
  value: Expr;
  ctx: ExprContext;
}

export interface Name extends Pos {
  type: "Name";
  id: string;
  ctx: ExprContext;
}

export interface List extends Pos {
  type: "List";
  elts: Expr[];
  ctx: ExprContext;
}

export interface Tuple extends Pos {
  type: "Tuple";
  elts: Expr[];
  ctx: ExprContext;
}

export interface Slice extends Pos {
  type: "Slice";
  lower: Expr | null;
  upper: Expr | null;
  step: Expr | null;
}

// ---------------------------------------------------------------------------------------------
// Constant values

export type ConstantValue =
  | { kind: "None" }
  | { kind: "Ellipsis" }
  | { kind: "bool"; value: boolean }
  | { kind: "int"; value: bigint }
  | { kind: "float"; value: number }
  /** An imaginary literal such as `2j`: the PVM parses it and raises at run time (no complex). */
  | { kind: "complex"; imag: number }
  | { kind: "str"; value: string }
  | { kind: "bytes"; value: Uint8Array };

// ---------------------------------------------------------------------------------------------
// Operators and contexts

export type ExprContext = "Load" | "Store" | "Del";
export type BoolOperator = "And" | "Or";
export type Operator = "Add" | "Sub" | "Mult" | "MatMult" | "Div" | "Mod" | "Pow" | "LShift" | "RShift" | "BitOr" | "BitXor" | "BitAnd" | "FloorDiv";
export type UnaryOperator = "Invert" | "Not" | "UAdd" | "USub";
export type CmpOperator = "Eq" | "NotEq" | "Lt" | "LtE" | "Gt" | "GtE" | "Is" | "IsNot" | "In" | "NotIn";

// ---------------------------------------------------------------------------------------------
// Auxiliary nodes

export interface Comprehension {
  type: "comprehension";
  target: Expr;
  iter: Expr;
  ifs: Expr[];
  is_async: 0 | 1;
}

export interface ExceptHandler extends Pos {
  type: "ExceptHandler";
  /** The exception type expression, or null for a bare `except:`. */
  type_: Expr | null;
  name: string | null;
  body: Stmt[];
}

export interface Arguments {
  type: "arguments";
  posonlyargs: Arg[];
  args: Arg[];
  vararg: Arg | null;
  kwonlyargs: Arg[];
  /** One entry per kwonlyarg: its default, or null when it has none (as CPython). */
  kw_defaults: (Expr | null)[];
  kwarg: Arg | null;
  /** Defaults of the last N positional parameters (posonlyargs + args), as CPython. */
  defaults: Expr[];
}

export interface Arg extends Pos {
  type: "arg";
  arg: string;
  annotation: Expr | null;
  type_comment: null;
}

export interface Keyword extends Pos {
  type: "keyword";
  /** null for `**mapping` unpacking. */
  arg: string | null;
  value: Expr;
}

export interface Alias extends Pos {
  type: "alias";
  name: string;
  asname: string | null;
}

export interface WithItem {
  type: "withitem";
  context_expr: Expr;
  optional_vars: Expr | null;
}

export interface MatchCase {
  type: "match_case";
  pattern: Pattern;
  guard: Expr | null;
  body: Stmt[];
}

// ---------------------------------------------------------------------------------------------
// Patterns (`match` statement)

export type Pattern = MatchValue | MatchSingleton | MatchSequence | MatchMapping | MatchClass | MatchStar | MatchAs | MatchOr;

export interface MatchValue extends Pos {
  type: "MatchValue";
  value: Expr;
}

export interface MatchSingleton extends Pos {
  type: "MatchSingleton";
  /** True, False or None. */
  value: { kind: "None" } | { kind: "bool"; value: boolean };
}

export interface MatchSequence extends Pos {
  type: "MatchSequence";
  patterns: Pattern[];
}

export interface MatchMapping extends Pos {
  type: "MatchMapping";
  keys: Expr[];
  patterns: Pattern[];
  rest: string | null;
}

export interface MatchClass extends Pos {
  type: "MatchClass";
  cls: Expr;
  patterns: Pattern[];
  kwd_attrs: string[];
  kwd_patterns: Pattern[];
}

export interface MatchStar extends Pos {
  type: "MatchStar";
  name: string | null;
}

export interface MatchAs extends Pos {
  type: "MatchAs";
  pattern: Pattern | null;
  name: string | null;
}

export interface MatchOr extends Pos {
  type: "MatchOr";
  patterns: Pattern[];
}
