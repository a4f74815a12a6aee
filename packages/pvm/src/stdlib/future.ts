// `__future__`: the feature records of CPython 3.11 (py/__future__.py), so `from __future__ import
// annotations` (common in annotated code) imports. Every feature is already the PVM's behaviour
// except one: annotations are evaluated lazily on first read of `__annotations__` (cips/pvm.md),
// not kept as strings (PEP 563).
import type { ModuleDef } from "../modules.js";
import { future_py } from "./py/sources.js";

/** The `__future__` module (Python source, metered like any other). */
export function futureModule(): ModuleDef {
  return { kind: "source", source: future_py, filename: "__future__.py" };
}
