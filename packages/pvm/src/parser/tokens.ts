// Token shapes shared by the tokenizer and the parser.

export type TokenKind =
  | "NAME"
  | "NUMBER"
  | "STRING"
  | "OP"
  | "NEWLINE"
  | "INDENT"
  | "DEDENT"
  | "ENDMARKER"
  /** Where tokenizing stopped on an error (internal to the parser; `tokenize` throws instead). */
  | "ERRORTOKEN";

export interface Token {
  readonly kind: TokenKind;
  /**
   * NAME: the NFKC-normalized identifier; NUMBER and STRING: the raw source text; OP: the operator;
   * NEWLINE/INDENT/DEDENT/ENDMARKER: "".
   */
  readonly value: string;
  /** UTF-16 offsets of the token in the (newline-normalized) source. */
  readonly start: number;
  readonly end: number;
  /** 1-based lines and 0-based code-point columns, as the AST positions. */
  readonly lineno: number;
  readonly col: number;
  readonly endLineno: number;
  readonly endCol: number;
  /** Bracket nesting level after this token (as CPython's tokenizer `level`). */
  readonly level: number;
}

/** Python keywords (hard ones); soft keywords (`match`, `case`, `_`) are ordinary names. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);
