/**
 * Replacement templates for sub/subn (sre_parse.parse_template and expand_template): literal
 * pieces and group references, with CPython's errors for bad templates.
 */
import { MAXGROUPS } from "./ast.js";
import { RegexError } from "./errors.js";
import { parseGroupNumber } from "./parser.js";
import { Tokenizer, cpLen } from "./tokenizer.js";
import { isIdentifier, pyRepr } from "./unicode.js";

/** A compiled template: literal code-point runs and group numbers, in order. */
export interface Template {
  readonly parts: readonly (readonly number[] | number)[];
}

const ESCAPES: Record<string, number> = { "\\a": 7, "\\b": 8, "\\f": 12, "\\n": 10, "\\r": 13, "\\t": 9, "\\v": 11, "\\\\": 92 };
const OCT = "01234567";
const DIG = "0123456789";

export function parseTemplate(repl: readonly number[], isBytes: boolean, groups: number, groupIndex: ReadonlyMap<string, number>): Template {
  const s = new Tokenizer(repl, !isBytes, "RE_BAD_TEMPLATE");
  const parts: (number[] | number)[] = [];
  let literal: number[] = [];
  const addLiteral = (str: string): void => {
    for (const ch of str) literal.push(ch.codePointAt(0)!);
  };
  const addGroup = (index: number, offset: number): void => {
    if (index > groups) throw s.error(`invalid group reference ${index}`, offset);
    if (literal.length > 0) parts.push(literal);
    literal = [];
    parts.push(index);
  };
  const isOct = (t: string | null): boolean => t !== null && t.length === 1 && OCT.includes(t);
  const isDig = (t: string | null): boolean => t !== null && t.length === 1 && DIG.includes(t);
  for (;;) {
    let tok = s.get();
    if (tok === null) break;
    if (tok[0] !== "\\" || tok.length === 1) {
      addLiteral(tok);
      continue;
    }
    const c = tok.slice(1);
    if (c === "g") {
      if (!s.match("<")) throw s.error("missing <");
      const name = s.getUntil(">", "group name");
      let index: number;
      if (isIdentifier(Array.from(name, (ch) => ch.codePointAt(0)!))) {
        const g = groupIndex.get(name);
        if (g === undefined) throw new RegexError("RE_UNKNOWN_GROUP_NAME", `unknown group name ${pyRepr(name)}`, null, "IndexError");
        index = g;
      } else {
        const g = parseGroupNumber(name);
        if (g === null || g < 0) throw s.error(`bad character in group name ${pyRepr(name)}`, cpLen(name) + 1);
        if (g >= MAXGROUPS) throw s.error(`invalid group reference ${g}`, cpLen(name) + 1);
        index = g;
      }
      addGroup(index, cpLen(name) + 1);
    } else if (c === "0") {
      if (isOct(s.next)) {
        tok += s.get();
        if (isOct(s.next)) tok += s.get();
      }
      literal.push(Number.parseInt(tok.slice(1), 8) & 0xff);
    } else if (DIG.includes(c)) {
      let isOctal = false;
      if (isDig(s.next)) {
        tok += s.get();
        if (OCT.includes(c) && OCT.includes(tok[2]!) && isOct(s.next)) {
          tok += s.get();
          isOctal = true;
          const v = Number.parseInt(tok.slice(1), 8);
          if (v > 0o377) throw s.error(`octal escape value ${tok} outside of range 0-0o377`, tok.length);
          literal.push(v);
        }
      }
      if (!isOctal) addGroup(Number.parseInt(tok.slice(1), 10), tok.length - 1);
    } else {
      const e = ESCAPES[tok];
      if (e !== undefined) literal.push(e);
      else {
        if (/^[A-Za-z]$/.test(c)) throw s.error(`bad escape ${tok}`, cpLen(tok));
        addLiteral(tok);
      }
    }
  }
  if (literal.length > 0) parts.push(literal);
  return { parts };
}
