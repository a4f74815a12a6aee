// `itertools` for actors: every function of CPython 3.11's module. Python source
// (src/stdlib/py/itertools.py) validates arguments with CPython's messages and holds the
// classes (count, repeat, cycle, groupby, tee); the element loops run natively
// (src/stdlib/itertools/native.ts) and charge per element. Iterators are lazy, so an infinite one
// costs Cycles only for the elements actually drawn (cips/pvm-stdlib-iter.md).
import type { ModuleDef } from "../modules.js";
import { itertoolsNatives } from "./itertools/native.js";
import { itertools_py } from "./py/sources.js";

/** The `itertools` module definition, for `ModuleRegistry.register("itertools", itertoolsModule())`. */
export function itertoolsModule(): ModuleDef {
  return { kind: "source", source: itertools_py, filename: "itertools.py", natives: itertoolsNatives };
}
