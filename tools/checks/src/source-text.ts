// Reading TypeScript sources without a parser: comments are blanked out (offsets and line breaks
// kept, so reported line numbers stay right) while string and template literals are left intact.

/** `text` with every `//` and `/* *\/` comment replaced by spaces; strings and templates are respected. */
export function blankComments(text: string): string {
  const out = text.split("");
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      while (i < n && text[i] !== "\n") out[i++] = " ";
    } else if (c === "/" && next === "*") {
      while (i < n && !(text[i] === "*" && text[i + 1] === "/")) {
        if (text[i] !== "\n") out[i] = " ";
        i++;
      }
      if (i < n) out[i] = out[i + 1] = " ";
      i += 2;
    } else if (c === '"' || c === "'" || c === "`") {
      i++;
      while (i < n && text[i] !== c) {
        if (text[i] === "\\") i++;
        else if (c !== "`" && text[i] === "\n") break;
        i++;
      }
      i++;
    } else {
      i++;
    }
  }
  return out.join("");
}

/** Skips a balanced `<…>` type-argument list starting at `at` (which holds "<"); returns the index after it, or -1. */
export function skipTypeArguments(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "<") depth++;
    else if (c === ">" && text[i - 1] !== "=") {
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === ";" && depth === 0) return -1;
  }
  return -1;
}
