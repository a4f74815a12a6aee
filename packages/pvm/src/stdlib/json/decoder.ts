// The JSON scanner: CPython 3.11's C scanner (Modules/_json.c) rule for rule, so that every
// accepted document, every value and every error message and position agree. Positions handed to
// JSONDecodeError are in code points (Python's indices), converted only when an error is raised.
import { callValue } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { PyBaseException, PyThrow, pyErr } from "../../runtime/exceptions.js";
import { PyDict } from "../../runtime/dict.js";
import * as I from "../../runtime/int.js";
import type { Value } from "../../runtime/object.js";
import { float, list, tuple } from "../../runtime/ops.js";
import { cpLength, hasSurrogates } from "../../runtime/strings.js";
import { None } from "../../runtime/types.js";
import { JSON_COSTS } from "./costs.js";

/** Hooks of json.loads; `None` means the default behaviour. */
export interface DecodeOptions {
  readonly strict: boolean;
  readonly objectHook: Value;
  readonly objectPairsHook: Value;
  readonly parseFloat: Value;
  readonly parseInt: Value;
  readonly parseConstant: Value;
  /** The JSONDecodeError class: called as cls(msg, doc, pos). */
  readonly errorClass: Value;
}

const NUMBER = /(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const HEX = /^[0-9a-fA-F]{4}$/;

/** Thrown inside the scanner where CPython raises StopIteration(idx): "Expecting value". */
class Stop {
  constructor(readonly idx: number) {}
}

class Scanner {
  readonly len: number;
  constructor(
    readonly rt: Runtime,
    readonly s: string,
    readonly o: DecodeOptions,
  ) {
    this.len = s.length;
  }

  fail(msg: string, idx: number): never {
    const s = this.s;
    const pos = hasSurrogates(s) ? cpLength(s.slice(0, idx)) : idx;
    const e = callValue(this.rt, this.o.errorClass, [msg, s, pos], null);
    if (!(e instanceof PyBaseException)) throw pyErr("TypeError", "JSONDecodeError must be an exception");
    throw new PyThrow(e);
  }

  ws(i: number): number {
    const s = this.s;
    while (i < this.len) {
      const c = s.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      i++;
    }
    return i;
  }

  /** Index just past the term the last scan* call read. */
  end = 0;

  /** Return `v`, recording where its text ended. */
  at(v: Value, end: number): Value {
    this.end = end;
    return v;
  }

  /** Nesting levels entered (each counted once in rt.enter; unwound by decodeDocument on error). */
  depth = 0;

  nest(what: string): void {
    this.rt.enter(what);
    this.depth++;
  }

  unnest(): void {
    this.rt.leave();
    this.depth--;
  }

  /** One JSON term at idx; its end is left in this.end. */
  scanOnce(idx: number): Value {
    const s = this.s;
    if (idx >= this.len) throw new Stop(idx);
    switch (s.charCodeAt(idx)) {
      case 0x22: // "
        return this.scanString(idx + 1);
      case 0x7b: {
        // {
        this.nest(" while decoding a JSON object from a unicode string");
        const r = this.scanObject(idx + 1);
        this.unnest();
        return r;
      }
      case 0x5b: {
        // [
        this.nest(" while decoding a JSON array from a unicode string");
        const r = this.scanArray(idx + 1);
        this.unnest();
        return r;
      }
      case 0x6e: // n
        if (s.startsWith("null", idx)) return this.at(None, idx + 4);
        break;
      case 0x74: // t
        if (s.startsWith("true", idx)) return this.at(true, idx + 4);
        break;
      case 0x66: // f
        if (s.startsWith("false", idx)) return this.at(false, idx + 5);
        break;
      case 0x4e: // N
        if (s.startsWith("NaN", idx)) return this.at(this.constant("NaN", NaN), idx + 3);
        break;
      case 0x49: // I
        if (s.startsWith("Infinity", idx)) return this.at(this.constant("Infinity", Infinity), idx + 8);
        break;
      case 0x2d: // -
        if (s.startsWith("-Infinity", idx)) return this.at(this.constant("-Infinity", -Infinity), idx + 9);
        break;
    }
    return this.scanNumber(idx);
  }

  constant(name: string, v: number): Value {
    if (this.o.parseConstant === None) return float(v);
    return callValue(this.rt, this.o.parseConstant, [name], null);
  }

  scanNumber(idx: number): Value {
    NUMBER.lastIndex = idx;
    const m = NUMBER.exec(this.s);
    if (m === null) throw new Stop(idx);
    const text = m[0];
    const end = idx + text.length;
    const rt = this.rt;
    if (m[2] !== undefined || m[3] !== undefined) {
      if (this.o.parseFloat !== None) return this.at(callValue(rt, this.o.parseFloat, [text], null), end);
      // ECMAScript's Number() of a decimal literal is correctly rounded, like CPython's float().
      return this.at(float(Number(text)), end);
    }
    if (this.o.parseInt !== None) return this.at(callValue(rt, this.o.parseInt, [text], null), end);
    if (text.length < 16) return this.at(Number(text), end);
    rt.charge(Math.ceil(text.length / 8));
    const b = BigInt(text);
    if (I.bitLength(b) > I.MAX_INT_BITS) I.overflow();
    return this.at(I.norm(b), end);
  }

  scanString(end: number): string {
    const s = this.s;
    const len = this.len;
    const begin = end - 1;
    const strict = this.o.strict;
    let out = "";
    for (;;) {
      let next = end;
      let c = 0;
      for (; next < len; next++) {
        c = s.charCodeAt(next);
        if (c === 0x22 || c === 0x5c) break;
        if (c <= 0x1f && strict) this.fail("Invalid control character at", next);
      }
      if (next >= len || !(c === 0x22 || c === 0x5c)) this.fail("Unterminated string starting at", begin);
      if (next !== end) out += s.slice(end, next);
      next++;
      if (c === 0x22) {
        end = next;
        break;
      }
      if (next === len) this.fail("Unterminated string starting at", begin);
      const e = s[next];
      if (e !== "u") {
        end = next + 1;
        const simple = ESCAPES[e as string];
        if (simple === undefined) this.fail("Invalid \\escape", end - 2);
        out += simple;
        continue;
      }
      next++;
      end = next + 4;
      if (end >= len) this.fail("Invalid \\uXXXX escape", next - 1);
      const h = s.slice(next, end);
      if (!HEX.test(h)) this.fail("Invalid \\uXXXX escape", end - 5);
      let cp = parseInt(h, 16);
      next = end;
      // A high surrogate followed by \uXXXX: join if the second is a low surrogate.
      if (cp >= 0xd800 && cp <= 0xdbff && end + 6 < len && s[next] === "\\" && s[next + 1] === "u") {
        const h2 = s.slice(next + 2, next + 6);
        if (!HEX.test(h2)) this.fail("Invalid \\uXXXX escape", end + 1);
        const c2 = parseInt(h2, 16);
        if (c2 >= 0xdc00 && c2 <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (c2 - 0xdc00);
          end += 6;
        }
      }
      out += String.fromCodePoint(cp);
    }
    this.rt.alloc(out.length);
    this.end = end;
    return out;
  }

  scanObject(start: number): Value {
    const rt = this.rt;
    const s = this.s;
    const pairs: [string, Value][] = [];
    let idx = this.ws(start);
    if (idx >= this.len || s[idx] !== "}") {
      for (;;) {
        if (idx >= this.len || s[idx] !== '"') this.fail("Expecting property name enclosed in double quotes", idx);
        const key = this.scanString(idx + 1);
        idx = this.ws(this.end);
        if (idx >= this.len || s[idx] !== ":") this.fail("Expecting ':' delimiter", idx);
        idx = this.ws(idx + 1);
        const val = this.scanOnce(idx);
        rt.charge(JSON_COSTS.perMember);
        pairs.push([key, val]);
        idx = this.ws(this.end);
        if (idx < this.len && s[idx] === "}") break;
        if (idx >= this.len || s[idx] !== ",") this.fail("Expecting ',' delimiter", idx);
        idx = this.ws(idx + 1);
      }
    }
    const end = idx + 1;
    if (this.o.objectPairsHook !== None) {
      rt.alloc(JSON_COSTS.containerBytes + 8 * pairs.length);
      const items = list(pairs.map(([k, v]) => tuple([k, v])));
      return this.at(callValue(rt, this.o.objectPairsHook, [items], null), end);
    }
    const d = new PyDict();
    rt.alloc(JSON_COSTS.containerBytes);
    for (const [k, v] of pairs) d.set(rt, k, v);
    return this.at(this.o.objectHook !== None ? callValue(rt, this.o.objectHook, [d], null) : d, end);
  }

  scanArray(start: number): Value {
    const rt = this.rt;
    const s = this.s;
    const items: Value[] = [];
    let idx = this.ws(start);
    if (idx >= this.len || s[idx] !== "]") {
      for (;;) {
        const val = this.scanOnce(idx);
        rt.charge(JSON_COSTS.perMember);
        items.push(val);
        idx = this.ws(this.end);
        if (idx < this.len && s[idx] === "]") break;
        if (idx >= this.len || s[idx] !== ",") this.fail("Expecting ',' delimiter", idx);
        idx = this.ws(idx + 1);
      }
    }
    rt.alloc(JSON_COSTS.containerBytes + 8 * items.length);
    return this.at(list(items), idx + 1);
  }
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** json.loads on a str (BOM and bytes handled by the caller): the whole document or an error. */
export function decodeDocument(rt: Runtime, s: string, o: DecodeOptions): Value {
  rt.charge(JSON_COSTS.call + s.length * JSON_COSTS.perInputChar);
  const sc = new Scanner(rt, s, o);
  let value: Value;
  let end: number;
  try {
    value = sc.scanOnce(sc.ws(0));
    end = sc.end;
  } catch (e) {
    for (; sc.depth > 0; sc.depth--) rt.leave();
    if (e instanceof Stop) sc.fail("Expecting value", e.idx);
    throw e;
  }
  end = sc.ws(end);
  if (end !== s.length) sc.fail("Extra data", end);
  return value;
}
