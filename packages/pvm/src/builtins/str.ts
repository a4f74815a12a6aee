// str: the constructor (str(x), str(bytes, encoding)) and every method. Every method charges 1 Cycle per
// character scanned or produced (CIP-3). The slot wrappers (str.__add__, ...) are in valueslots.ts.
import { C } from "../runtime/costs.js";
import { pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
import { PyBoxed, PyBytes, PyList, PyTuple, type Value } from "../runtime/object.js";
import { asInt, str, typeOf } from "../runtime/ops.js";
import { cpArray, cpLength, hasSurrogates, isPySpace, utf8Encode } from "../runtime/strings.js";
import { None, T } from "../runtime/types.js";
import { formatValue } from "./format-builtin.js";
import { getItem, toIndex } from "../runtime/subscript.js";
import { getAttr } from "../runtime/call.js";
import { PyDict } from "../runtime/dict.js";
import { boxedInstance, fnValue, method } from "./util.js";
import { utf8Decode } from "../runtime/strings.js";
import { PyByteArray } from "../runtime/object.js";
import { PyWrapper } from "../runtime/object.js";
import type { Runtime } from "../runtime/context.js";

function allocList(rt: Runtime, items: string[]): PyList {
  rt.alloc(56 + 8 * items.length);
  return new PyList(T.list, items);
}

export function strLenCp(s: string): number {
  return cpLength(s);
}

function self(v: Value, name: string): string {
  if (v instanceof PyBoxed && typeof v.v === "string") return v.v;
  if (typeof v !== "string") throw pyErr("TypeError", `descriptor '${name}' requires a 'str' object but received a '${typeOf(v).name}'`);
  return v;
}

function argStr(v: Value | undefined, what: string): string {
  if (v instanceof PyBoxed && typeof v.v === "string") return v.v;
  if (typeof v !== "string") throw pyErr("TypeError", `${what} must be str, not ${v === undefined ? "None" : typeOf(v).name}`);
  return v;
}

function stripChars(s: string, chars: Value | undefined, left: boolean, right: boolean): string {
  // Fast path on UTF-16 code units: whitespace and any set of stripped characters without
  // surrogates are single code units, and a surrogate half never matches one, so scanning code
  // units strips exactly the code points CPython strips.
  if (chars !== undefined && chars !== None && typeof chars !== "string") throw pyErr("TypeError", "strip arg must be None or str");
  const set = chars === undefined || chars === None ? null : (chars as string);
  if (set === null || !hasSurrogates(set)) {
    let i = 0;
    let j = s.length;
    if (set === null) {
      if (left) while (i < j && isPySpace(s[i] as string)) i++;
      if (right) while (j > i && isPySpace(s[j - 1] as string)) j--;
    } else {
      if (left) while (i < j && set.includes(s[i] as string)) i++;
      if (right) while (j > i && set.includes(s[j - 1] as string)) j--;
    }
    return i === 0 && j === s.length ? s : s.slice(i, j);
  }
  const cs = set === null ? null : new Set(cpArray(set));
  const arr = cpArray(s);
  let i = 0;
  let j = arr.length;
  const test = (c: string) => (cs === null ? isPySpace(c) : cs.has(c));
  if (left) while (i < j && test(arr[i] as string)) i++;
  if (right) while (j > i && test(arr[j - 1] as string)) j--;
  return arr.slice(i, j).join("");
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

function isAsciiWs(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
}

function splitWhitespace(s: string, maxsplit: number): string[] {
  if (maxsplit < 0 && ASCII_ONLY.test(s)) {
    // Fast path: ASCII text, no limit.
    const out: string[] = [];
    let i = 0;
    const n = s.length;
    while (i < n) {
      while (i < n && isAsciiWs(s.charCodeAt(i))) i++;
      if (i >= n) break;
      let j = i;
      while (j < n && !isAsciiWs(s.charCodeAt(j))) j++;
      out.push(s.slice(i, j));
      i = j;
    }
    return out;
  }
  const out: string[] = [];
  const arr = cpArray(s);
  let i = 0;
  while (i < arr.length) {
    while (i < arr.length && isPySpace(arr[i] as string)) i++;
    if (i >= arr.length) break;
    if (maxsplit >= 0 && out.length === maxsplit) {
      let rest = arr.slice(i).join("");
      rest = rest.replace(/[\s\x1c-\x1f\x85]+$/u, "");
      out.push(rest);
      return out;
    }
    let j = i;
    while (j < arr.length && !isPySpace(arr[j] as string)) j++;
    out.push(arr.slice(i, j).join(""));
    i = j;
  }
  return out;
}

/** Resolve optional start/end arguments to code-unit offsets (fast path: no surrogates). */
function range(rt: Runtime, s: string, start: Value | undefined, end: Value | undefined): [number, number] {
  const n = s.length;
  const norm = (v: Value | undefined, d: number) => {
    if (v === undefined || v === None) return d;
    let x = Number(toIndex(rt, v, "slice indices must be integers or None or have an __index__ method"));
    if (x < 0) x = Math.max(0, x + n);
    return Math.min(x, n);
  };
  return [norm(start, 0), norm(end, n)];
}

function kwOr(kw: Map<string, Value> | null, name: string, v: Value | undefined): Value | undefined {
  return kw?.get(name) ?? v;
}

function strFormat(rt: Runtime, fmt: string, args: Value[], kw: Map<string, Value> | null): string {
  let auto = 0;
  let out = "";
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i] as string;
    if (ch === "{") {
      if (fmt[i + 1] === "{") {
        out += "{";
        i += 2;
        continue;
      }
      let depth = 1;
      let j = i + 1;
      while (j < fmt.length && depth > 0) {
        if (fmt[j] === "{") depth++;
        else if (fmt[j] === "}") depth--;
        if (depth > 0) j++;
      }
      if (depth !== 0) throw pyErr("ValueError", "expected '}' before end of string");
      const field = fmt.slice(i + 1, j);
      i = j + 1;
      const m = /^([^!:]*)(?:!([rsa]))?(?::(.*))?$/s.exec(field);
      if (m === null) throw pyErr("ValueError", "bad format field");
      const [, name = "", conv, specRaw] = m;
      const first = /^[^.[]*/.exec(name)?.[0] ?? "";
      let v: Value;
      if (first === "") {
        if (auto < 0) throw pyErr("ValueError", "cannot switch from manual field specification to automatic field numbering");
        if (auto >= args.length) throw pyErr("IndexError", `Replacement index ${auto} out of range for positional args tuple`);
        v = args[auto++] as Value;
      } else if (/^\d+$/.test(first)) {
        const k = Number(first);
        if (k >= args.length) throw pyErr("IndexError", `Replacement index ${k} out of range for positional args tuple`);
        v = args[k] as Value;
      } else {
        const got = kw?.get(first);
        if (got === undefined) throw pyErr("KeyError", `'${first}'`);
        v = got;
      }
      let rest = name.slice(first.length);
      while (rest.length > 0) {
        const a = /^\.([A-Za-z_]\w*)/.exec(rest);
        if (a !== null) {
          v = getAttr(rt, v, a[1] as string);
          rest = rest.slice(a[0].length);
          continue;
        }
        const b = /^\[([^\]]*)\]/.exec(rest);
        if (b === null) throw pyErr("ValueError", "bad format field");
        const key = b[1] as string;
        v = getItem(rt, v, /^\d+$/.test(key) ? Number(key) : key);
        rest = rest.slice(b[0].length);
      }
      if (conv === "r") v = reprOf(rt, v);
      else if (conv === "s") v = str(rt, v);
      else if (conv === "a") v = asciiReprOf(reprOf(rt, v));
      const spec = specRaw === undefined ? "" : strFormat(rt, specRaw, args, kw);
      out += formatValue(rt, v, spec);
      continue;
    }
    if (ch === "}") {
      if (fmt[i + 1] === "}") {
        out += "}";
        i += 2;
        continue;
      }
      throw pyErr("ValueError", "Single '}' encountered in format string");
    }
    out += ch;
    i++;
  }
  rt.charge(out.length);
  return out;
}

import { repr as reprOf } from "../runtime/ops.js";
import { asciiReprOf } from "../runtime/strings.js";

/** str.splitlines' boundaries: \n \x0b \x0c \r, \x1c–\x1e, \x85, \u2028, \u2029 (\r\n is one). */
function isLineBreak(c: number): boolean {
  return (c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function countOf(s: string, sub: string): number {
  if (sub.length === 0) return cpLength(s) + 1;
  let n = 0;
  let i = s.indexOf(sub);
  while (i >= 0) {
    n++;
    i = s.indexOf(sub, i + sub.length);
  }
  return n;
}

/** Code-unit offset → code-point index (for find/index results on strings with surrogates). */
function cpIndex(s: string, unit: number): number {
  return hasSurrogates(s) ? cpLength(s.slice(0, unit)) : unit;
}

function predicate(re: RegExp) {
  // The class of each ASCII character, from the same expression: all-ASCII strings (the usual
  // case, one character at a time in tokenisers) are decided by table, others by the expression.
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  return (rt: Runtime, a: Value[]): Value => {
    const s = self(a[0] as Value, "is");
    rt.charge(s.length);
    const n = s.length;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) break;
      if (ascii[c] === 0) return false;
    }
    if (i === n) return n > 0;
    return re.test(s);
  };
}

function installStrMethods(): void {
  const S = T.str;
  method(S, "join", (rt, a) => {
    const sep = self(a[0] as Value, "join");
    const items = iterToArray(rt, a[1] as Value);
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (it instanceof PyBoxed && typeof it.v === "string") items[i] = it.v;
      if (typeof items[i] !== "string") throw pyErr("TypeError", `sequence item ${i}: expected str instance, ${typeOf(items[i] as Value).name} found`);
    }
    const out = (items as string[]).join(sep);
    rt.charge(out.length);
    rt.alloc(out.length);
    return out;
  });
  method(S, "split", (rt, a, kw) => {
    const s = self(a[0] as Value, "split");
    const sep = kwOr(kw, "sep", a[1]);
    const max = Number(asInt(kwOr(kw, "maxsplit", a[2]) ?? -1) ?? -1);
    rt.charge(s.length);
    // Charged: the pieces' characters plus a list slot each.
    rt.alloc(s.length);
    if (sep === undefined || sep === None) return allocList(rt, splitWhitespace(s, max));
    const sp = argStr(sep, "sep");
    if (sp === "") throw pyErr("ValueError", "empty separator");
    const parts = s.split(sp);
    if (max >= 0 && parts.length > max + 1) return allocList(rt, [...parts.slice(0, max), parts.slice(max).join(sp)]);
    return allocList(rt, parts);
  });
  method(S, "rsplit", (rt, a, kw) => {
    const s = self(a[0] as Value, "rsplit");
    const sep = kwOr(kw, "sep", a[1]);
    const max = Number(asInt(kwOr(kw, "maxsplit", a[2]) ?? -1) ?? -1);
    rt.charge(s.length);
    if (sep === undefined || sep === None) {
      if (max < 0) return new PyList(T.list, splitWhitespace(s, -1));
      const rev = splitWhitespace(Array.from(s).reverse().join(""), max).map((x) => Array.from(x).reverse().join(""));
      return new PyList(T.list, rev.reverse());
    }
    const sp = argStr(sep, "sep");
    if (sp === "") throw pyErr("ValueError", "empty separator");
    const parts = s.split(sp);
    if (max >= 0 && parts.length > max + 1) return new PyList(T.list, [parts.slice(0, parts.length - max).join(sp), ...parts.slice(parts.length - max)]);
    return new PyList(T.list, parts);
  });
  method(S, "splitlines", (rt, a) => {
    const s = self(a[0] as Value, "splitlines");
    rt.charge(s.length);
    const keep = a[1] === true;
    const out: string[] = [];
    let last = 0;
    for (let i = 0; i < s.length; i++) {
      if (!isLineBreak(s.charCodeAt(i))) continue;
      const end = s.charCodeAt(i) === 0x0d && s.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
      out.push(s.slice(last, keep ? end : i));
      last = end;
      i = end - 1;
    }
    if (last < s.length) out.push(s.slice(last));
    return new PyList(T.list, out);
  });
  method(S, "strip", (rt, a) => (rt.charge((a[0] as string).length), stripChars(self(a[0] as Value, "strip"), a[1], true, true)));
  method(S, "lstrip", (rt, a) => (rt.charge((a[0] as string).length), stripChars(self(a[0] as Value, "lstrip"), a[1], true, false)));
  method(S, "rstrip", (rt, a) => (rt.charge((a[0] as string).length), stripChars(self(a[0] as Value, "rstrip"), a[1], false, true)));
  method(S, "replace", (rt, a) => {
    const s = self(a[0] as Value, "replace");
    const old = argStr(a[1], "replace() argument 1");
    const nw = argStr(a[2], "replace() argument 2");
    const count = a[3] === undefined ? -1 : Number(asInt(a[3] as Value) ?? -1);
    const n = old === "" ? cpLength(s) + 1 : countOf(s, old);
    const k = count < 0 ? n : Math.min(count, n);
    const size = s.length + k * (nw.length - old.length);
    rt.charge(s.length + size);
    rt.alloc(size);
    if (count < 0) return old === "" ? [...cpArray(s).map((c) => nw + c), nw].join("") : s.split(old).join(nw);
    let out = s;
    let pos = 0;
    for (let i = 0; i < k; i++) {
      const at = out.indexOf(old, pos);
      if (at < 0) break;
      out = out.slice(0, at) + nw + out.slice(at + old.length);
      pos = at + nw.length + (old === "" ? 1 : 0);
    }
    return out;
  });
  const affix = (name: string, starts: boolean) =>
    method(S, name, (rt, a) => {
      const s = self(a[0] as Value, name);
      const [st, en] = range(rt, s, a[2], a[3]);
      const sub = s.slice(st, en);
      const p = a[1] as Value;
      const cands = p instanceof PyTuple ? p.items : [p];
      rt.charge(cands.length);
      for (const c of cands) {
        if (typeof c !== "string") throw pyErr("TypeError", `${name} first arg must be str or a tuple of str, not ${typeOf(c).name}`);
        rt.charge(C.compareUnits(c.length));
        // slice + === compares flat strings in bulk; startsWith/endsWith walk them ~10x slower.
        if (c.length <= sub.length && (starts ? sub.slice(0, c.length) : sub.slice(sub.length - c.length)) === c) return true;
      }
      return false;
    });
  affix("startswith", true);
  affix("endswith", false);
  const finder = (name: string, rev: boolean, raise: boolean) =>
    method(S, name, (rt, a) => {
      const s = self(a[0] as Value, name);
      const sub = argStr(a[1], "must be str,");
      const [st, en] = range(rt, s, a[2], a[3]);
      rt.charge(en - st);
      let i: number;
      if (rev) {
        i = s.slice(st, en).lastIndexOf(sub);
        if (i >= 0) i += st;
      } else {
        i = s.slice(st, en).indexOf(sub);
        if (i >= 0) i += st;
      }
      if (i < 0 && raise) throw pyErr("ValueError", "substring not found");
      return i < 0 ? -1 : cpIndex(s, i);
    });
  finder("find", false, false);
  finder("rfind", true, false);
  finder("index", false, true);
  finder("rindex", true, true);
  method(S, "count", (rt, a) => {
    const s = self(a[0] as Value, "count");
    const [st, en] = range(rt, s, a[2], a[3]);
    rt.charge(en - st);
    return countOf(s.slice(st, en), argStr(a[1], "must be str,"));
  });
  const mapper = (name: string, f: (s: string) => string) =>
    method(S, name, (rt, a) => {
      const s = self(a[0] as Value, name);
      rt.charge(s.length);
      return f(s);
    });
  mapper("upper", (s) => s.toUpperCase());
  mapper("lower", (s) => s.toLowerCase());
  mapper("casefold", (s) => s.toLowerCase());
  mapper("swapcase", (s) => Array.from(s, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(""));
  mapper("capitalize", (s) => (s.length === 0 ? s : (s[0] as string).toUpperCase() + s.slice(1).toLowerCase()));
  mapper("title", (s) => s.toLowerCase().replace(/(^|[^\p{L}\p{N}'])(\p{L})|(')(\p{L})/gu, (_m, p1, p2, p3, p4) => (p2 !== undefined ? p1 + p2.toUpperCase() : p3 + p4)));
  predicate(/./);
  method(S, "isdigit", predicate(/^[0-9\u00b2\u00b3\u00b9\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]+$/u));
  method(S, "isdecimal", predicate(/^\p{Nd}+$/u));
  method(S, "isnumeric", predicate(/^[\p{Nd}\p{Nl}\p{No}]+$/u));
  method(S, "isalpha", predicate(/^\p{L}+$/u));
  method(S, "isalnum", predicate(/^[\p{L}\p{Nd}\p{Nl}\p{No}]+$/u));
  method(S, "isspace", predicate(/^[\s\x1c-\x1f\x85]+$/u));
  method(S, "isupper", (rt, a) => {
    const s = self(a[0] as Value, "isupper");
    rt.charge(s.length);
    return /\p{Lu}/u.test(s) && !/\p{Ll}/u.test(s);
  });
  method(S, "islower", (rt, a) => {
    const s = self(a[0] as Value, "islower");
    rt.charge(s.length);
    return /\p{Ll}/u.test(s) && !/\p{Lu}/u.test(s);
  });
  method(S, "isidentifier", (_rt, a) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(self(a[0] as Value, "isidentifier")));
  method(S, "isascii", (_rt, a) => /^[\x00-\x7f]*$/.test(self(a[0] as Value, "isascii")));
  const padder = (name: string, f: (s: string, w: number, fill: string) => string) =>
    method(S, name, (rt, a) => {
      const s = self(a[0] as Value, name);
      const w = Number(toIndex(rt, a[1] as Value));
      const fill = a[2] === undefined ? " " : argStr(a[2], `${name}() argument 2`);
      if (cpLength(fill) !== 1) throw pyErr("TypeError", "The fill character must be exactly one character long");
      const n = cpLength(s);
      if (w <= n) return s;
      rt.alloc(w);
      rt.charge(w);
      return f(s, w - n, fill);
    });
  padder("ljust", (s, p, c) => s + c.repeat(p));
  padder("rjust", (s, p, c) => c.repeat(p) + s);
  padder("center", (s, p, c) => {
    const left = Math.floor(p / 2) + (p & cpLength(s) & 1);
    return c.repeat(left) + s + c.repeat(p - left);
  });
  method(S, "zfill", (rt, a) => {
    const s = self(a[0] as Value, "zfill");
    const w = Number(toIndex(rt, a[1] as Value));
    const n = cpLength(s);
    if (w <= n) return s;
    rt.alloc(w);
    const sign = s[0] === "+" || s[0] === "-" ? (s[0] as string) : "";
    return sign + "0".repeat(w - n) + s.slice(sign.length);
  });
  method(S, "format", (rt, a, kw) => strFormat(rt, self(a[0] as Value, "format"), a.slice(1), kw));
  method(S, "format_map", (rt, a) => {
    const m = a[1];
    const kw = new Map<string, Value>();
    if (m instanceof PyDict) for (const e of m.table.entries()) if (typeof e.k === "string") kw.set(e.k, e.v);
    return strFormat(rt, self(a[0] as Value, "format_map"), [], kw);
  });
  method(S, "encode", (rt, a, kw) => {
    const s = self(a[0] as Value, "encode");
    const enc = (kwOr(kw, "encoding", a[1]) ?? "utf-8") as string;
    const errors = (kwOr(kw, "errors", a[2]) ?? "strict") as string;
    if (!/^utf[-_]?8$/i.test(enc)) throw pyErr("LookupError", `unknown encoding: ${enc} (the PVM only supports utf-8)`);
    if (errors !== "strict") throw pyErr("ValueError", "the PVM only supports errors='strict'");
    rt.charge(10 + s.length);
    const b = utf8Encode(s);
    if (b === null) throw pyErr("UnicodeEncodeError", "'utf-8' codec can't encode character: surrogates not allowed");
    rt.alloc(b.length);
    return new PyBytes(T.bytes, b);
  });
  method(S, "partition", (rt, a) => {
    const s = self(a[0] as Value, "partition");
    const sep = argStr(a[1], "must be str,");
    if (sep === "") throw pyErr("ValueError", "empty separator");
    rt.charge(s.length);
    const i = s.indexOf(sep);
    return new PyTuple(T.tuple, i < 0 ? [s, "", ""] : [s.slice(0, i), sep, s.slice(i + sep.length)]);
  });
  method(S, "rpartition", (rt, a) => {
    const s = self(a[0] as Value, "rpartition");
    const sep = argStr(a[1], "must be str,");
    if (sep === "") throw pyErr("ValueError", "empty separator");
    rt.charge(s.length);
    const i = s.lastIndexOf(sep);
    return new PyTuple(T.tuple, i < 0 ? ["", "", s] : [s.slice(0, i), sep, s.slice(i + sep.length)]);
  });
  method(S, "removeprefix", (_rt, a) => {
    const s = self(a[0] as Value, "removeprefix");
    const p = argStr(a[1], "removeprefix() argument");
    return p !== "" && p.length <= s.length && s.slice(0, p.length) === p ? s.slice(p.length) : s;
  });
  method(S, "removesuffix", (_rt, a) => {
    const s = self(a[0] as Value, "removesuffix");
    const p = argStr(a[1], "removesuffix() argument");
    return p !== "" && p.length <= s.length && s.slice(s.length - p.length) === p ? s.slice(0, s.length - p.length) : s;
  });
  method(S, "expandtabs", (rt, a) => {
    const s = self(a[0] as Value, "expandtabs");
    const size = a[1] === undefined ? 8 : Number(asInt(a[1] as Value));
    let col = 0;
    let out = "";
    for (const c of s) {
      if (c === "\t") {
        const n = size > 0 ? size - (col % size) : 0;
        out += " ".repeat(n);
        col += n;
      } else {
        out += c;
        col = c === "\n" || c === "\r" ? 0 : col + 1;
      }
    }
    rt.charge(out.length);
    return out;
  });
  S.ns.set(
    "maketrans",
    new PyWrapper(
      T.staticmethod,
      fnValue("maketrans", (rt, a) => {
        const d = new PyDict();
        if (a.length === 1) {
          const m = a[0];
          if (!(m instanceof PyDict)) throw pyErr("TypeError", "if you give only one argument to maketrans it must be a dict");
          for (const e of m.table.entries()) d.set(rt, typeof e.k === "string" ? (e.k.codePointAt(0) as number) : e.k, e.v);
          return d;
        }
        const x = cpArray(argStr(a[0], "maketrans() argument 1"));
        const y = cpArray(argStr(a[1], "maketrans() argument 2"));
        if (x.length !== y.length) throw pyErr("ValueError", "the first two maketrans arguments must have equal length");
        x.forEach((c, i) => {
          d.set(rt, c.codePointAt(0) as number, (y[i] as string).codePointAt(0) as number);
        });
        if (a[2] !== undefined) for (const c of cpArray(argStr(a[2], "maketrans() argument 3"))) d.set(rt, c.codePointAt(0) as number, None);
        return d;
      }),
    ),
  );
  method(S, "translate", (rt, a) => {
    const s = self(a[0] as Value, "translate");
    const table = a[1] as Value;
    let out = "";
    for (const ch of s) {
      const cp = ch.codePointAt(0) as number;
      let r: Value | undefined;
      try {
        r = getItem(rt, table, cp);
      } catch (e) {
        if (
          e !== null &&
          typeof e === "object" &&
          "exc" in e &&
          ((e as { exc: { cls: { name: string } } }).exc.cls.name === "LookupError" ||
            (e as { exc: { cls: { name: string } } }).exc.cls.name === "KeyError" ||
            (e as { exc: { cls: { name: string } } }).exc.cls.name === "IndexError")
        )
          r = undefined;
        else throw e;
      }
      if (r === undefined) out += ch;
      else if (r === None) continue;
      else if (typeof r === "string") out += r;
      else out += String.fromCodePoint(Number(asInt(r)));
    }
    rt.charge(s.length + out.length);
    return out;
  });
  method(S, "__len__", (_rt, a) => cpLength(self(a[0] as Value, "__len__")));
  method(S, "__contains__", (_rt, a) => self(a[0] as Value, "__contains__").includes(argStr(a[1], "'in <string>' requires string as left operand, not")));
}

/** str.__new__ and the methods of `str`. */
export function installStr(): void {
  T.str.newFn = (rt, cls, a, kw) => {
    const s = strNew(rt, a, kw);
    return cls === T.str ? s : boxedInstance(rt, cls, s);
  };
  const strNew = (rt: Runtime, a: Value[], kw: Map<string, Value> | null): string => {
    if (a.length === 0) return "";
    const v = a[0] as Value;
    if ((a.length > 1 || kw !== null) && (v instanceof PyBytes || v instanceof PyByteArray)) {
      const b = v instanceof PyBytes ? v.b : v.view();
      rt.charge(10 + b.length);
      const s = utf8Decode(b);
      if (s === null) throw pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid data");
      return s;
    }
    return str(rt, v);
  };
  installStrMethods();
}
