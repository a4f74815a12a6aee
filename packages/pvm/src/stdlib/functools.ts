// `functools` for actors: reduce, partial, wraps/update_wrapper, lru_cache/cache, cached_property,
// total_ordering, cmp_to_key, singledispatch. Written in Python (src/stdlib/functools/source.ts) and
// run by our interpreter, so every step is metered by the ordinary cost table: a call that iterates
// pays per element because its loop body runs once per element (cips/pvm-stdlib-iter.md).
import type { ModuleDef } from "../modules.js";
import { FUNCTOOLS_PY } from "./functools/source.js";

/** The `functools` module definition, for `ModuleRegistry.register("functools", functoolsModule())`. */
export function functoolsModule(): ModuleDef {
  return { kind: "source", source: FUNCTOOLS_PY, filename: "functools.py" };
}
