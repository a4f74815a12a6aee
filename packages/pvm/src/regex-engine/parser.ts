/**
 * Python 3.11 `re` pattern syntax to the AST of ast.ts, following sre_parse step by step so that
 * every accepted pattern means the same thing and every rejected one fails with CPython's message
 * and position.
 */
import { type AtCode, type Category, Flag, MAXGROUPS, MAXREPEAT, type Node, type ParsedPattern, type Seq, type SetItem, seqWidth } from "./ast.js";
import { RegexError } from "./errors.js";
import { Tokenizer, cpLen } from "./tokenizer.js";
import { isAlphaCp, isIdentifier, pyRepr } from "./unicode.js";

const SPECIAL_CHARS = ".\\[{()*+?^$|";
const DIGITS = "0123456789";
const OCTDIGITS = "01234567";
const HEXDIGITS = "0123456789abcdefABCDEF";
const WHITESPACE = " \t\n\r\v\f";
/** Deepest group nesting the PVM accepts (see cips/pvm-re.md). */
export const MAX_NESTING = 200;
const isAsciiLetter = (c: string): boolean => /^[A-Za-z]$/.test(c);

const TYPE_FLAGS = Flag.ASCII | Flag.LOCALE | Flag.UNICODE;
const GLOBAL_FLAGS = Flag.DEBUG | Flag.TEMPLATE;
const FLAG_CHARS: Record<string, number> = {
  i: Flag.IGNORECASE,
  L: Flag.LOCALE,
  m: Flag.MULTILINE,
  s: Flag.DOTALL,
  x: Flag.VERBOSE,
  a: Flag.ASCII,
  t: Flag.TEMPLATE,
  u: Flag.UNICODE,
};

const ESCAPES: Record<string, number> = { "\\a": 7, "\\b": 8, "\\f": 12, "\\n": 10, "\\r": 13, "\\t": 9, "\\v": 11, "\\\\": 92 };
const CATEGORY_ESCAPES: Record<string, Category> = {
  "\\d": "digit",
  "\\D": "not_digit",
  "\\s": "space",
  "\\S": "not_space",
  "\\w": "word",
  "\\W": "not_word",
};
const AT_ESCAPES: Record<string, AtCode> = { "\\A": "beginning_string", "\\b": "boundary", "\\B": "non_boundary", "\\Z": "end_string" };

class State {
  flags = 0;
  readonly groupDict = new Map<string, number>();
  readonly groupWidths: ([number, number] | undefined)[] = [undefined];
  lookbehindGroups: number | null = null;
  readonly grouprefPos = new Map<number, number>();
  get groups(): number {
    return this.groupWidths.length;
  }
  openGroup(name: string | null, src: Tokenizer, offset: number): number {
    const gid = this.groups;
    this.groupWidths.push(undefined);
    if (this.groups > MAXGROUPS) throw src.error("too many groups", offset);
    if (name !== null) {
      const old = this.groupDict.get(name);
      if (old !== undefined) {
        throw src.error(`redefinition of group name ${pyRepr(name)} as group ${gid}; was group ${old}`, offset);
      }
      this.groupDict.set(name, gid);
    }
    return gid;
  }
  checkGroup(gid: number): boolean {
    return gid < this.groups && this.groupWidths[gid] !== undefined;
  }
  checkLookbehindGroup(gid: number, src: Tokenizer): void {
    if (this.lookbehindGroups !== null) {
      if (!this.checkGroup(gid)) throw src.error("cannot refer to an open group");
      if (gid >= this.lookbehindGroups) throw src.error("cannot refer to group defined in the same lookbehind subpattern");
    }
  }
}

type Code = { kind: "node"; node: Node } | { kind: "set"; item: SetItem };
const lit = (c: number): Code => ({ kind: "node", node: { op: "literal", c } });

function hexEscape(src: Tokenizer, esc: string, digits: number): number {
  const full = esc + src.getWhile(digits, HEXDIGITS);
  if (cpLen(full) !== digits + 2) throw src.error(`incomplete escape ${full}`, cpLen(full));
  return Number.parseInt(full.slice(2), 16);
}

function namedEscape(src: Tokenizer, esc: string): never {
  if (!src.match("{")) throw src.error("missing {");
  const name = src.getUntil("}", "character name");
  // Name lookup would need the whole Unicode name table; the PVM rejects it deterministically.
  throw src.error(`named Unicode escape \\N{${name}} is not supported`, cpLen(name) + cpLen(esc) + 2);
}

function classEscape(src: Tokenizer, esc: string): Code {
  const e = ESCAPES[esc];
  if (e !== undefined) return lit(e);
  const cat = CATEGORY_ESCAPES[esc];
  if (cat !== undefined) return { kind: "set", item: { t: "category", cat } };
  const c = esc.slice(1);
  if (c === "x") return lit(hexEscape(src, esc, 2));
  if (c === "u" && src.isText) return lit(hexEscape(src, esc, 4));
  if (c === "U" && src.isText) {
    const v = hexEscape(src, esc, 8);
    if (v > 0x10ffff) throw src.error(`bad escape ${esc}${src.chars.slice(src.tell() - 8, src.tell()).join("")}`, 10);
    return lit(v);
  }
  if (c === "N" && src.isText) namedEscape(src, esc);
  if (OCTDIGITS.includes(c)) {
    const full = esc + src.getWhile(2, OCTDIGITS);
    const v = Number.parseInt(full.slice(1), 8);
    if (v > 0o377) throw src.error(`octal escape value ${full} outside of range 0-0o377`, cpLen(full));
    return lit(v);
  }
  if (DIGITS.includes(c)) throw src.error(`bad escape ${esc}`, cpLen(esc));
  if (isAsciiLetter(c)) throw src.error(`bad escape ${esc}`, cpLen(esc));
  return lit(c.codePointAt(0)!);
}

function escapeInPattern(src: Tokenizer, esc: string, state: State): Node {
  const cat = CATEGORY_ESCAPES[esc];
  if (cat !== undefined) return { op: "in", items: [{ t: "category", cat }] };
  const at = AT_ESCAPES[esc];
  if (at !== undefined) return { op: "at", at };
  const e = ESCAPES[esc];
  if (e !== undefined) return { op: "literal", c: e };
  const c = esc.slice(1);
  if (c === "x") return { op: "literal", c: hexEscape(src, esc, 2) };
  if (c === "u" && src.isText) return { op: "literal", c: hexEscape(src, esc, 4) };
  if (c === "U" && src.isText) {
    const v = hexEscape(src, esc, 8);
    if (v > 0x10ffff) throw src.error(`bad escape ${esc}${src.chars.slice(src.tell() - 8, src.tell()).join("")}`, 10);
    return { op: "literal", c: v };
  }
  if (c === "N" && src.isText) namedEscape(src, esc);
  if (c === "0") {
    const full = esc + src.getWhile(2, OCTDIGITS);
    return { op: "literal", c: Number.parseInt(full.slice(1), 8) };
  }
  if (DIGITS.includes(c)) {
    // An octal escape or a decimal group reference, as sre decides it.
    let full = esc;
    if (src.next !== null && DIGITS.includes(src.next) && src.next.length === 1) {
      full += src.get();
      if (OCTDIGITS.includes(full[1]!) && OCTDIGITS.includes(full[2]!) && src.next !== null && src.next.length === 1 && OCTDIGITS.includes(src.next)) {
        full += src.get();
        const v = Number.parseInt(full.slice(1), 8);
        if (v > 0o377) throw src.error(`octal escape value ${full} outside of range 0-0o377`, full.length);
        return { op: "literal", c: v };
      }
    }
    const group = Number.parseInt(full.slice(1), 10);
    if (group < state.groups) {
      if (!state.checkGroup(group)) throw src.error("cannot refer to an open group", full.length);
      state.checkLookbehindGroup(group, src);
      return { op: "groupref", group };
    }
    throw src.error(`invalid group reference ${group}`, full.length - 1);
  }
  if (isAsciiLetter(c)) throw src.error(`bad escape ${esc}`, cpLen(esc));
  return { op: "literal", c: c.codePointAt(0)! };
}

function checkGroupName(src: Tokenizer, name: string, offset: number): void {
  if (!isIdentifier(Array.from(name, (ch) => ch.codePointAt(0)!))) {
    throw src.error(`bad character in group name ${pyRepr(name)}`, cpLen(name) + offset);
  }
}

/** Python's int() on a group-number string, restricted to ASCII forms; null if not an integer. */
export function parseGroupNumber(s: string): number | null {
  const m = /^[ \t\n\r\v\f]*([+-]?)(\d(?:_?\d)*)[ \t\n\r\v\f]*$/.exec(s);
  if (!m) return null;
  const v = Number(m[2]!.replaceAll("_", ""));
  return m[1] === "-" && v !== 0 ? -v : v;
}

function itemsEqual(a: Node, b: Node): boolean {
  if (a.op !== b.op) return false;
  switch (a.op) {
    case "literal":
    case "not_literal":
      return a.c === (b as typeof a).c;
    case "any":
      return true;
    case "at":
      return a.at === (b as typeof a).at;
    case "groupref":
      return a.group === (b as typeof a).group;
    case "in":
      return JSON.stringify(a.items) === JSON.stringify((b as typeof a).items);
    default:
      // Compound items hold SubPattern objects, which sre compares by identity.
      return a === b;
  }
}

function setItemKey(i: SetItem): string {
  return JSON.stringify(i);
}
function uniqItems(items: SetItem[]): SetItem[] {
  const seen = new Set<string>();
  const out: SetItem[] = [];
  for (const i of items) {
    const k = setItemKey(i);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(i);
    }
  }
  return out;
}

function parseSub(src: Tokenizer, state: State, verbose: boolean, nested: number): Seq {
  // Each group level adds two to `nested`. CPython hits RecursionError a little below 500 levels,
  // at a depth that depends on its C stack; the PVM fixes the limit so every node agrees.
  if (nested > 2 * MAX_NESTING) {
    throw new RegexError("RE_TOO_DEEP", `groups nested more than ${MAX_NESTING} deep`, src.tell(), "RecursionError");
  }
  const items: Seq[] = [];
  for (;;) {
    items.push(parseSeq(src, state, verbose, nested + 1, nested === 0 && items.length === 0));
    if (!src.match("|")) break;
    if (nested === 0) verbose = (state.flags & Flag.VERBOSE) !== 0;
  }
  if (items.length === 1) return items[0]!;
  const out: Seq = [];
  // Move a prefix common to every alternative out of the branch (measured first, then cut once,
  // so long shared prefixes cost linear time).
  const first = items[0]!;
  let k = 0;
  while (k < first.length && items.every((item) => k < item.length && itemsEqual(item[k]!, first[k]!))) k++;
  if (k > 0) {
    out.push(...first.slice(0, k));
    for (let i = 0; i < items.length; i++) items[i] = items[i]!.slice(k);
  }
  // Alternatives that are all single characters or sets become one set.
  const set: SetItem[] = [];
  let allSet = true;
  for (const item of items) {
    const n = item[0];
    if (item.length !== 1 || n === undefined) {
      allSet = false;
      break;
    }
    if (n.op === "literal") set.push({ t: "literal", c: n.c });
    else if (n.op === "in" && n.items[0]?.t !== "negate") set.push(...n.items);
    else {
      allSet = false;
      break;
    }
  }
  if (allSet) {
    out.push({ op: "in", items: uniqItems(set) });
    return out;
  }
  out.push({ op: "branch", alts: items });
  return out;
}

function parseSet(src: Tokenizer): Node {
  const here = src.tell() - 1;
  const set: SetItem[] = [];
  const negate = src.match("^");
  const toItem = (code: Code): SetItem => (code.kind === "set" ? code.item : { t: "literal", c: (code.node as { c: number }).c });
  for (;;) {
    const tok = src.get();
    if (tok === null) throw src.error("unterminated character set", src.tell() - here);
    if (tok === "]" && set.length > 0) break;
    const code1: Code = tok[0] === "\\" && tok.length > 1 ? classEscape(src, tok) : lit(tok.codePointAt(0)!);
    if (src.match("-")) {
      const that = src.get();
      if (that === null) throw src.error("unterminated character set", src.tell() - here);
      if (that === "]") {
        set.push(toItem(code1));
        set.push({ t: "literal", c: 0x2d });
        break;
      }
      const code2: Code = that[0] === "\\" && that.length > 1 ? classEscape(src, that) : lit(that.codePointAt(0)!);
      if (code1.kind !== "node" || code2.kind !== "node") {
        throw src.error(`bad character range ${tok}-${that}`, cpLen(tok) + 1 + cpLen(that));
      }
      const lo = (code1.node as { c: number }).c;
      const hi = (code2.node as { c: number }).c;
      if (hi < lo) throw src.error(`bad character range ${tok}-${that}`, cpLen(tok) + 1 + cpLen(that));
      set.push({ t: "range", lo, hi });
    } else set.push(toItem(code1));
  }
  const uniq = uniqItems(set);
  const only = uniq[0];
  if (uniq.length === 1 && only !== undefined && only.t === "literal") {
    return negate ? { op: "not_literal", c: only.c } : { op: "literal", c: only.c };
  }
  if (negate) uniq.unshift({ t: "negate" });
  return { op: "in", items: uniq };
}

function parseFlags(src: Tokenizer, state: State, first: string): [number, number] | null {
  let char: string | null = first;
  let add = 0;
  let del = 0;
  if (char !== "-") {
    for (;;) {
      const flag = FLAG_CHARS[char]!;
      if (src.isText) {
        if (char === "L") throw src.error("bad inline flags: cannot use 'L' flag with a str pattern");
      } else if (char === "u") throw src.error("bad inline flags: cannot use 'u' flag with a bytes pattern");
      add |= flag;
      if (flag & TYPE_FLAGS && (add & TYPE_FLAGS) !== flag) {
        throw src.error("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
      }
      char = src.get();
      if (char === null) throw src.error("missing -, : or )");
      if (char === ")" || char === "-" || char === ":") break;
      if (FLAG_CHARS[char] === undefined) {
        throw src.error(isAlpha(char) ? "unknown flag" : "missing -, : or )", cpLen(char));
      }
    }
  }
  if (char === ")") {
    state.flags |= add;
    return null;
  }
  if (add & GLOBAL_FLAGS) throw src.error("bad inline flags: cannot turn on global flag", 1);
  if (char === "-") {
    char = src.get();
    if (char === null) throw src.error("missing flag");
    if (FLAG_CHARS[char] === undefined) throw src.error(isAlpha(char) ? "unknown flag" : "missing flag", cpLen(char));
    for (;;) {
      const flag = FLAG_CHARS[char]!;
      if (flag & TYPE_FLAGS) throw src.error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      del |= flag;
      char = src.get();
      if (char === null) throw src.error("missing :");
      if (char === ":") break;
      if (FLAG_CHARS[char] === undefined) throw src.error(isAlpha(char) ? "unknown flag" : "missing :", cpLen(char));
    }
  }
  if (del & GLOBAL_FLAGS) throw src.error("bad inline flags: cannot turn off global flag", 1);
  if (add & del) throw src.error("bad inline flags: flag turned on and off", 1);
  return [add, del];
}

// str.isalpha of the token after a flag letter (a two-character escape token is never alphabetic).
const isAlpha = (s: string): boolean => cpLen(s) === 1 && isAlphaCp(s.codePointAt(0)!);

function parseSeq(src: Tokenizer, state: State, verboseIn: boolean, nested: number, first: boolean): Seq {
  let verbose = verboseIn;
  const seq: Seq = [];
  for (;;) {
    const tok = src.next;
    if (tok === null || tok === "|" || tok === ")") break;
    src.get();
    if (verbose) {
      if (WHITESPACE.includes(tok)) continue;
      if (tok === "#") {
        for (;;) {
          const t = src.get();
          if (t === null || t === "\n") break;
        }
        continue;
      }
    }
    if (tok[0] === "\\" && tok.length > 1) {
      seq.push(escapeInPattern(src, tok, state));
    } else if (!SPECIAL_CHARS.includes(tok)) {
      seq.push({ op: "literal", c: tok.codePointAt(0)! });
    } else if (tok === "[") {
      seq.push(parseSet(src));
    } else if (tok === "*" || tok === "+" || tok === "?" || tok === "{") {
      const here = src.tell();
      let min = 0;
      let max = MAXREPEAT;
      if (tok === "?") max = 1;
      else if (tok === "+") min = 1;
      else if (tok === "{") {
        if (src.next === "}") {
          seq.push({ op: "literal", c: 0x7b });
          continue;
        }
        let lo = "";
        let hi = "";
        while (src.next !== null && src.next.length === 1 && DIGITS.includes(src.next)) lo += src.get();
        if (src.match(",")) {
          while (src.next !== null && src.next.length === 1 && DIGITS.includes(src.next)) hi += src.get();
        } else hi = lo;
        if (!src.match("}")) {
          seq.push({ op: "literal", c: 0x7b });
          src.seek(here);
          continue;
        }
        if (lo) {
          min = Number(lo);
          if (min >= MAXREPEAT) throw new RegexError("RE_OVERFLOW", "the repetition number is too large", null, "OverflowError");
        }
        if (hi) {
          max = Number(hi);
          if (max >= MAXREPEAT) throw new RegexError("RE_OVERFLOW", "the repetition number is too large", null, "OverflowError");
          if (max < min) throw src.error("min repeat greater than max repeat", src.tell() - here);
        }
      }
      const last = seq[seq.length - 1];
      if (last === undefined || last.op === "at") throw src.error("nothing to repeat", src.tell() - here + cpLen(tok));
      if (last.op === "repeat") throw src.error("multiple repeat", src.tell() - here + cpLen(tok));
      const body: Seq = last.op === "subpattern" && last.group === null && last.addFlags === 0 && last.delFlags === 0 ? last.body : [last];
      const kind = src.match("?") ? "min" : src.match("+") ? "possessive" : "max";
      seq[seq.length - 1] = { op: "repeat", kind, min, max, body };
    } else if (tok === ".") {
      seq.push({ op: "any" });
    } else if (tok === "(") {
      const r = parseGroup(src, state, verbose, nested, first && seq.length === 0);
      if (r === "verbose-changed") verbose = (state.flags & Flag.VERBOSE) !== 0;
      else if (r !== null) seq.push(r);
    } else if (tok === "^") {
      seq.push({ op: "at", at: "beginning" });
    } else if (tok === "$") {
      seq.push({ op: "at", at: "end" });
    }
  }
  // Unpack non-capturing groups without flags into the enclosing sequence.
  for (let i = seq.length - 1; i >= 0; i--) {
    const n = seq[i]!;
    if (n.op === "subpattern" && n.group === null && n.addFlags === 0 && n.delFlags === 0) seq.splice(i, 1, ...n.body);
  }
  return seq;
}

/** Parses after "(": returns the node, null for a comment, or "verbose-changed" for global flags. */
function parseGroup(src: Tokenizer, state: State, verbose: boolean, nested: number, first: boolean): Node | null | "verbose-changed" {
  const start = src.tell() - 1;
  let capture = true;
  let atomic = false;
  let name: string | null = null;
  let addFlags = 0;
  let delFlags = 0;
  if (src.match("?")) {
    const char = src.get();
    if (char === null) throw src.error("unexpected end of pattern");
    if (char === "P") {
      if (src.match("<")) {
        name = src.getUntil(">", "group name");
        checkGroupName(src, name, 1);
      } else if (src.match("=")) {
        const ref = src.getUntil(")", "group name");
        checkGroupName(src, ref, 1);
        const gid = state.groupDict.get(ref);
        if (gid === undefined) throw src.error(`unknown group name ${pyRepr(ref)}`, cpLen(ref) + 1);
        if (!state.checkGroup(gid)) throw src.error("cannot refer to an open group", cpLen(ref) + 1);
        state.checkLookbehindGroup(gid, src);
        return { op: "groupref", group: gid };
      } else {
        const c = src.get();
        if (c === null) throw src.error("unexpected end of pattern");
        throw src.error(`unknown extension ?P${c}`, cpLen(c) + 2);
      }
    } else if (char === ":") {
      capture = false;
    } else if (char === "#") {
      for (;;) {
        if (src.next === null) throw src.error("missing ), unterminated comment", src.tell() - start);
        if (src.get() === ")") break;
      }
      return null;
    } else if (char === "=" || char === "!" || char === "<") {
      let kind = char;
      let behind = false;
      let outerLookbehind: number | null = null;
      if (char === "<") {
        const c = src.get();
        if (c === null) throw src.error("unexpected end of pattern");
        if (c !== "=" && c !== "!") throw src.error(`unknown extension ?<${c}`, cpLen(c) + 2);
        kind = c;
        behind = true;
        outerLookbehind = state.lookbehindGroups;
        if (outerLookbehind === null) state.lookbehindGroups = state.groups;
      }
      const body = parseSub(src, state, verbose, nested + 1);
      if (behind && outerLookbehind === null) state.lookbehindGroups = null;
      if (!src.match(")")) throw src.error("missing ), unterminated subpattern", src.tell() - start);
      return { op: "assert", negate: kind === "!", behind, body };
    } else if (char === "(") {
      const condName = src.getUntil(")", "group name");
      let condGroup: number;
      if (isIdentifier(Array.from(condName, (ch) => ch.codePointAt(0)!))) {
        const g = state.groupDict.get(condName);
        if (g === undefined) throw src.error(`unknown group name ${pyRepr(condName)}`, cpLen(condName) + 1);
        condGroup = g;
      } else {
        const g = parseGroupNumber(condName);
        if (g === null || g < 0) throw src.error(`bad character in group name ${pyRepr(condName)}`, cpLen(condName) + 1);
        if (g === 0) throw src.error("bad group number", cpLen(condName) + 1);
        if (g >= MAXGROUPS) throw src.error(`invalid group reference ${g}`, cpLen(condName) + 1);
        if (!state.grouprefPos.has(g)) state.grouprefPos.set(g, src.tell() - cpLen(condName) - 1);
        condGroup = g;
      }
      state.checkLookbehindGroup(condGroup, src);
      const yes = parseSeq(src, state, verbose, nested + 1, false);
      let no: Seq | null = null;
      if (src.match("|")) {
        no = parseSeq(src, state, verbose, nested + 1, false);
        if (src.next === "|") throw src.error("conditional backref with more than two branches");
      }
      if (!src.match(")")) throw src.error("missing ), unterminated subpattern", src.tell() - start);
      return { op: "groupref_exists", group: condGroup, yes, no };
    } else if (char === ">") {
      capture = false;
      atomic = true;
    } else if (FLAG_CHARS[char] !== undefined || char === "-") {
      const flags = parseFlags(src, state, char);
      if (flags === null) {
        if (!first) throw src.error("global flags not at the start of the expression", src.tell() - start);
        return "verbose-changed";
      }
      [addFlags, delFlags] = flags;
      capture = false;
    } else {
      throw src.error(`unknown extension ?${char}`, cpLen(char) + 1);
    }
  }
  const group = capture ? state.openGroup(name, src, name === null ? 0 : cpLen(name) + 1) : null;
  const subVerbose = (verbose || (addFlags & Flag.VERBOSE) !== 0) && (delFlags & Flag.VERBOSE) === 0;
  const body = parseSub(src, state, subVerbose, nested + 1);
  if (!src.match(")")) throw src.error("missing ), unterminated subpattern", src.tell() - start);
  if (group !== null) state.groupWidths[group] = seqWidth(body, state.groupWidths);
  if (atomic) return { op: "atomic", body };
  return { op: "subpattern", group, addFlags, delFlags, body };
}

/**
 * Parses a pattern given as code points (str) or byte values (bytes) with Python flag bits.
 * Throws `RegexError` with CPython's message and position for anything `re.compile` rejects.
 */
export function parsePattern(pattern: readonly number[], flags: number, isBytes: boolean): ParsedPattern {
  const src = new Tokenizer(pattern, !isBytes, "RE_BAD_PATTERN");
  const state = new State();
  state.flags = flags;
  const seq = parseSub(src, state, (flags & Flag.VERBOSE) !== 0, 0);
  let f = state.flags;
  if (!isBytes) {
    if (f & Flag.LOCALE) throw new RegexError("RE_BAD_FLAGS", "cannot use LOCALE flag with a str pattern", null, "ValueError");
    if (!(f & Flag.ASCII)) f |= Flag.UNICODE;
    else if (f & Flag.UNICODE) throw new RegexError("RE_BAD_FLAGS", "ASCII and UNICODE flags are incompatible", null, "ValueError");
  } else {
    if (f & Flag.UNICODE) throw new RegexError("RE_BAD_FLAGS", "cannot use UNICODE flag with a bytes pattern", null, "ValueError");
    if (f & Flag.LOCALE && f & Flag.ASCII) throw new RegexError("RE_BAD_FLAGS", "ASCII and LOCALE flags are incompatible", null, "ValueError");
  }
  if (f & Flag.LOCALE) {
    // Locale-dependent matching would make results depend on the node's C locale.
    throw new RegexError("RE_BAD_FLAGS", "the LOCALE flag is not supported by the PVM", null, "ValueError");
  }
  if (src.next !== null) throw src.error("unbalanced parenthesis");
  for (const [g, pos] of state.grouprefPos) {
    if (g >= state.groups) throw new RegexError("RE_BAD_PATTERN", `invalid group reference ${g}`, pos);
  }
  const groupWidths = state.groupWidths.map((w) => w ?? ([0, 0] as [number, number]));
  checkLookbehinds(seq, groupWidths);
  return { seq, flags: f, groups: state.groups - 1, groupIndex: state.groupDict, groupWidths, isBytes };
}

/** sre_compile rejects a lookbehind whose width is not fixed (after parsing succeeded; no position). */
function checkLookbehinds(seq: readonly Node[], widths: readonly (readonly [number, number])[]): void {
  for (const n of seq) {
    switch (n.op) {
      case "assert":
        if (n.behind) {
          const [lo, hi] = seqWidth(n.body, widths);
          if (lo !== hi) throw new RegexError("RE_BAD_PATTERN", "look-behind requires fixed-width pattern", null);
        }
        checkLookbehinds(n.body, widths);
        break;
      case "repeat":
      case "subpattern":
      case "atomic":
        checkLookbehinds(n.body, widths);
        break;
      case "branch":
        for (const a of n.alts) checkLookbehinds(a, widths);
        break;
      case "groupref_exists":
        checkLookbehinds(n.yes, widths);
        if (n.no) checkLookbehinds(n.no, widths);
        break;
      default:
        break;
    }
  }
}
