// `itertools` for actors: every function of CPython 3.11's module, written in Python
// (src/stdlib/itertools/source.ts) and run by our interpreter. Iterators are lazy generators, so an
// infinite one costs Cycles only for the elements actually drawn (cips/pvm-stdlib-iter.md).
import type { ModuleDef } from "../modules.js";
import { ITERTOOLS_PY } from "./itertools/source.js";

/** The `itertools` module definition, for `ModuleRegistry.register("itertools", itertoolsModule())`. */
export function itertoolsModule(): ModuleDef {
  return { kind: "source", source: ITERTOOLS_PY, filename: "itertools.py" };
}
