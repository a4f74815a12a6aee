// `json` for actors: dumps/loads with CPython 3.11's options, output and errors (JSONDecodeError
// with msg/doc/pos/lineno/colno). Argument handling is Python source (py/json/__init__.py); scanning and
// encoding are native and charge per character read or written (cips/pvm-stdlib-data.md §2).
import { fnValue } from "../builtins/util.js";
import type { ModuleDef } from "../modules.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyBoxed, PyByteArray, PyBytes, type Value } from "../runtime/object.js";
import { typeName } from "../runtime/ops.js";
import { None } from "../runtime/types.js";
import { decodeJsonBytes } from "./json/bytes.js";
import { JSON_COSTS } from "./json/costs.js";
import { decodeDocument } from "./json/decoder.js";
import { encodeDocument } from "./json/encoder.js";
import { json_py } from "./py/sources.js";

export { JSON_COSTS };

function str(v: Value | undefined, what: string): string {
  if (v instanceof PyBoxed && typeof v.v === "string") return v.v;
  if (typeof v !== "string") throw pyErr("TypeError", `${what} must be str, not ${v === undefined ? "nothing" : typeName(v)}`);
  return v;
}

function natives(): Map<string, Value> {
  const m = new Map<string, Value>();
  m.set(
    "_scan",
    fnValue("_scan", (rt, a) => {
      const s = str(a[0], "the JSON document");
      return decodeDocument(rt, s, {
        errorClass: a[1] as Value,
        strict: a[2] === true,
        objectHook: a[3] ?? None,
        objectPairsHook: a[4] ?? None,
        parseFloat: a[5] ?? None,
        parseInt: a[6] ?? None,
        parseConstant: a[7] ?? None,
      });
    }),
  );
  m.set(
    "_encode",
    fnValue("_encode", (rt, a) => {
      const indent = a[5] ?? None;
      return encodeDocument(rt, a[0] as Value, {
        skipkeys: a[1] === true,
        ensureAscii: a[2] === true,
        checkCircular: a[3] === true,
        allowNan: a[4] === true,
        indent: indent === None ? null : str(indent, "indent"),
        itemSeparator: str(a[6], "item_separator"),
        keySeparator: str(a[7], "key_separator"),
        default: a[8] ?? None,
        sortItems: a[9] ?? None,
      });
    }),
  );
  m.set(
    "_decode_bytes",
    fnValue("_decode_bytes", (rt, a) => {
      const v = a[0];
      const b = v instanceof PyBytes ? v.b : v instanceof PyByteArray ? v.view() : null;
      if (b === null) throw pyErr("TypeError", "_decode_bytes expects bytes");
      rt.charge(JSON_COSTS.call + b.length * JSON_COSTS.perInputChar);
      const s = decodeJsonBytes(b);
      rt.alloc(s.length);
      return s;
    }),
  );
  return m;
}

/** The `json` module definition, for `ModuleRegistry.register("json", jsonModule())`. */
export function jsonModule(): ModuleDef {
  return { kind: "source", source: json_py, filename: "json/__init__.py", natives };
}
