// `functools` for actors: reduce, partial, partialmethod, wraps/update_wrapper, lru_cache/cache,
// cached_property, total_ordering, cmp_to_key, singledispatch/singledispatchmethod. Written in
// Python (src/stdlib/py/functools.py) and run by our interpreter, so every step is metered by
// the ordinary cost table: a call that iterates pays per element because its loop body runs once
// per element. lru_cache's key builder is native (functools/native.ts) (cips/pvm-stdlib-iter.md).
import type { ModuleDef } from "../modules.js";
import { functoolsNatives } from "./functools/native.js";
import { functools_py } from "./py/sources.js";

/** The `functools` module definition, for `ModuleRegistry.register("functools", functoolsModule())`. */
export function functoolsModule(): ModuleDef {
  return { kind: "source", source: functools_py, filename: "functools.py", natives: functoolsNatives };
}
