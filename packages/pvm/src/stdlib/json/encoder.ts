// The JSON encoder: CPython 3.11's json.encoder rules (type order, key coercion, float and int
// spelling, escapes, indentation, circular-reference detection), producing text in one pass and
// charging per character produced, so an indentation or escape bomb runs out of Cycles, not memory.
import { callValue } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { PyDict } from "../../runtime/dict.js";
import { pyErr } from "../../runtime/exceptions.js";
import { HeldBytes } from "../../runtime/heap.js";
import { PyBoxed, PyFloat, PyList, type PyObject, PyTuple, type Value } from "../../runtime/object.js";
import { floatRepr, intStr, typeName } from "../../runtime/ops.js";
import { TextBuilder } from "../../runtime/strings.js";
import { None } from "../../runtime/types.js";
import { JSON_COSTS } from "./costs.js";

export interface EncodeOptions {
  readonly skipkeys: boolean;
  readonly ensureAscii: boolean;
  readonly checkCircular: boolean;
  readonly allowNan: boolean;
  /** The indentation unit, or null for single-line output. */
  readonly indent: string | null;
  readonly itemSeparator: string;
  readonly keySeparator: string;
  /** Called on objects JSON cannot represent; None raises CPython's TypeError. */
  readonly default: Value;
  /** When not None: called with the dict, returns its items as a list of (key, value) tuples, sorted. */
  readonly sortItems: Value;
}

// biome-ignore lint/complexity/useSimpleNumberKeys: hex code points read as the characters they escape
const SHORT: Record<number, string> = { 0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0c: "\\f" };
const NEEDS_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;
const NEEDS = /["\\\u0000-\u001f]/;

function hex4(c: number): string {
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

/** A JSON string literal for `s` (json.encoder's encode_basestring[_ascii]). */
export function quote(s: string, ensureAscii: boolean): string {
  if (!(ensureAscii ? NEEDS_ASCII : NEEDS).test(s)) return `"${s}"`;
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0x7f || !ensureAscii)) continue;
    if (i > from) out += s.slice(from, i);
    from = i + 1;
    // UTF-16 code units are exactly the \u escapes CPython writes (astral chars as surrogate pairs).
    out += SHORT[c] ?? hex4(c);
  }
  return out + s.slice(from) + '"';
}

class Encoder {
  /** The output so far (chunked: see TextBuilder). */
  readonly out = new TextBuilder();
  /** The charged length of the output, pinned for the live-heap recount while encoding. */
  readonly held = new HeldBytes();
  readonly markers = new Set<PyObject>();
  constructor(
    readonly rt: Runtime,
    readonly o: EncodeOptions,
  ) {}

  emit(s: string): void {
    this.rt.charge(s.length * JSON_COSTS.perOutputChar);
    this.rt.alloc(s.length);
    this.out.add(s);
    this.held.bytes += s.length;
  }

  floatStr(x: number): string {
    let text: string;
    if (Number.isNaN(x)) text = "NaN";
    else if (x === Infinity) text = "Infinity";
    else if (x === -Infinity) text = "-Infinity";
    else return floatRepr(x);
    if (!this.o.allowNan) throw pyErr("ValueError", `Out of range float values are not JSON compliant${this.o.indent === null ? "" : `: ${floatRepr(x)}`}`);
    return text;
  }

  mark(v: PyObject): void {
    if (!this.o.checkCircular) return;
    if (this.markers.has(v)) throw pyErr("ValueError", "Circular reference detected");
    this.markers.add(v);
  }

  value(v: Value, level: number): void {
    if (typeof v === "string") return this.emit(quote(v, this.o.ensureAscii));
    if (v === None) return this.emit("null");
    if (v === true) return this.emit("true");
    if (v === false) return this.emit("false");
    if (typeof v === "number" || typeof v === "bigint") return this.emit(intStr(v));
    if (v instanceof PyFloat) return this.emit(this.floatStr(v.v));
    if (v instanceof PyList || v instanceof PyTuple) return this.array(v, v.items, level);
    if (v instanceof PyDict) return this.object(v, level);
    // int and str subclasses (IntEnum members included) encode as their values, as CPython's int.__repr__/str.
    if (v instanceof PyBoxed) return this.value(v.v, level);
    if (this.o.default === None) throw pyErr("TypeError", `Object of type ${typeName(v)} is not JSON serializable`);
    this.mark(v);
    this.rt.enter(" while encoding a JSON object");
    try {
      this.value(callValue(this.rt, this.o.default, [v], null), level);
    } finally {
      this.rt.leave();
    }
    this.markers.delete(v);
  }

  open(level: number, bracket: string): string | null {
    if (this.o.indent === null) {
      this.emit(bracket);
      return null;
    }
    const nl = `\n${this.o.indent.repeat(level + 1)}`;
    this.emit(bracket + nl);
    return nl;
  }

  close(level: number, nl: string | null, bracket: string): void {
    if (nl === null) this.emit(bracket);
    else this.emit(`\n${(this.o.indent as string).repeat(level)}${bracket}`);
  }

  array(v: PyObject, items: readonly Value[], level: number): void {
    if (items.length === 0) return this.emit("[]");
    this.mark(v);
    this.rt.enter(" while encoding a JSON object");
    try {
      const nl = this.open(level, "[");
      const sep = nl === null ? this.o.itemSeparator : this.o.itemSeparator + nl;
      for (let i = 0; i < items.length; i++) {
        if (i > 0) this.emit(sep);
        this.rt.charge(JSON_COSTS.perMember);
        this.value(items[i] as Value, level + 1);
      }
      this.close(level, nl, "]");
    } finally {
      this.rt.leave();
    }
    this.markers.delete(v);
  }

  key(k: Value): string | null {
    if (typeof k === "string") return k;
    if (k instanceof PyFloat) return this.floatStr(k.v);
    if (k === true) return "true";
    if (k === false) return "false";
    if (k === None) return "null";
    if (typeof k === "number" || typeof k === "bigint") return intStr(k);
    if (k instanceof PyBoxed) return this.key(k.v);
    if (this.o.skipkeys) return null;
    throw pyErr("TypeError", `keys must be str, int, float, bool or None, not ${typeName(k)}`);
  }

  object(d: PyDict, level: number): void {
    if (d.table.size === 0) return this.emit("{}");
    this.mark(d);
    this.rt.enter(" while encoding a JSON object");
    try {
      let entries: [Value, Value][];
      if (this.o.sortItems !== None) {
        const sorted = callValue(this.rt, this.o.sortItems, [d], null);
        if (!(sorted instanceof PyList)) throw pyErr("TypeError", "sort_keys helper must return a list");
        entries = sorted.items.map((t) => (t as PyTuple).items as [Value, Value]);
      } else {
        entries = [];
        for (const e of d.table.entries()) entries.push([e.k, e.v]);
      }
      const nl = this.open(level, "{");
      const sep = nl === null ? this.o.itemSeparator : this.o.itemSeparator + nl;
      let first = true;
      for (const [k, v] of entries) {
        const key = this.key(k);
        if (key === null) continue;
        if (!first) this.emit(sep);
        first = false;
        this.rt.charge(JSON_COSTS.perMember);
        this.emit(quote(key, this.o.ensureAscii) + this.o.keySeparator);
        this.value(v, level + 1);
      }
      this.close(level, nl, "}");
    } finally {
      this.rt.leave();
    }
    this.markers.delete(d);
  }
}

/** json.dumps: the text of `v` under `o`. */
export function encodeDocument(rt: Runtime, v: Value, o: EncodeOptions): string {
  rt.charge(JSON_COSTS.call);
  const enc = new Encoder(rt, o);
  rt.pins.push(enc.held);
  try {
    enc.value(v, 0);
  } finally {
    rt.pins.pop();
  }
  return enc.out.text();
}
