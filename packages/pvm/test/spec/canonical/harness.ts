// Shared by the canonical-encoding tests: the vectors file, and a script runner with a `canon`
// module exposing encodeValue/decodeValue to Python.
import { readVector } from "@cowboy/checks/vectors";
import { fnValue } from "../../../src/builtins/util.js";
import { decodeValue, encodeValue } from "../../../src/canonical/index.js";
import { ModuleRegistry, runScript } from "../../../src/index.js";
import type { ModuleDef } from "../../../src/modules.js";
import { pyErr } from "../../../src/runtime/exceptions.js";
import { PyBytes, type Value } from "../../../src/runtime/object.js";
import { T } from "../../../src/runtime/types.js";

export interface ValidVector {
  python: string;
  value: unknown;
  json?: string;
  hex: string;
}
export interface InvalidVector {
  hex: string;
  why: string;
  code: string;
  reason: string;
  offset: number;
}

export const vectors = readVector<{
  version: number;
  valid: ValidVector[];
  invalid: InvalidVector[];
}>("cbor/canonical.json");

function canonModule(): ModuleDef {
  return {
    kind: "native",
    build: () =>
      new Map<string, Value>([
        ["encode", fnValue("encode", (rt, a) => new PyBytes(T.bytes, encodeValue(rt, a[0]!)))],
        [
          "decode",
          fnValue("decode", (rt, a) => {
            const b = a[0];
            if (!(b instanceof PyBytes)) throw pyErr("TypeError", "decode() takes bytes");
            return decodeValue(rt, b.b);
          }),
        ],
      ]),
  };
}

/** Runs `src` with `canon` importable; returns stdout, or throws with the traceback. */
export function run(src: string, cyclesLimit = 50_000_000): string {
  const modules = new ModuleRegistry().register("canon", canonModule());
  let out = "";
  const r = runScript(src, { modules, stdout: (s) => (out += s), cyclesLimit });
  if (r.error !== undefined) throw new Error(r.error.traceback ?? r.error.message);
  return out;
}
