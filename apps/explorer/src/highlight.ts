// Syntax highlighting of actor source (Python 3.11) for the account page: a small tokenizer that tells keywords,
// builtins, strings, numbers, comments, decorators and the names after def/class apart. It only colours text; the
// concatenated token texts always equal the source.

export type TokenKind = "keyword" | "builtin" | "string" | "number" | "comment" | "decorator" | "definition" | "text";

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case".split(
    " ",
  ),
);
const BUILTINS = new Set("self print len range int str float bool bytes list dict set tuple frozenset isinstance min max sum abs sorted enumerate zip any all".split(" "));

// Order matters: comments and strings (triple quotes before single, optional prefixes) before names and numbers.
const TOKEN = new RegExp(
  [
    "(?<comment>#[^\\n]*)",
    String.raw`(?<string>(?:[rRbBuUfF]{1,2})?(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?))`,
    "(?<decorator>@[A-Za-z_][A-Za-z0-9_.]*)",
    "(?<name>[A-Za-z_][A-Za-z0-9_]*)",
    String.raw`(?<number>\b(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?j?)\b)`,
  ].join("|"),
  "g",
);

/** The tokens of `source`, in order; text between recognised tokens comes through as "text". */
export function tokenizePython(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let previousName = "";
  const push = (kind: TokenKind, text: string): void => {
    const last = tokens[tokens.length - 1];
    if (kind === "text" && last?.kind === "text") tokens[tokens.length - 1] = { kind, text: last.text + text };
    else tokens.push({ kind, text });
  };
  for (const match of source.matchAll(TOKEN)) {
    const index = match.index;
    if (index > at) push("text", source.slice(at, index));
    const text = match[0];
    const groups = match.groups!;
    if (groups.comment !== undefined) push("comment", text);
    else if (groups.string !== undefined) push("string", text);
    else if (groups.decorator !== undefined) push("decorator", text);
    else if (groups.name !== undefined) {
      const kind: TokenKind = previousName === "def" || previousName === "class" ? "definition" : KEYWORDS.has(text) ? "keyword" : BUILTINS.has(text) ? "builtin" : "text";
      push(kind, text);
      previousName = text;
      at = index + text.length;
      continue;
    } else push("number", text);
    previousName = "";
    at = index + text.length;
  }
  if (at < source.length) push("text", source.slice(at));
  return tokens;
}
