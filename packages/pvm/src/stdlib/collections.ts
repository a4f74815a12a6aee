// `collections` and `collections.abc` for actors, written in Python (src/stdlib/py/collections/)
// and run by our interpreter, so every step is metered by the ordinary cost table: a call that
// iterates pays per element because its loop body runs once per element. Two hot pieces are
// native (collections/native.ts: Counter's element count, namedtuple field reads) and charge by
// the same rule (cips/pvm-stdlib-iter.md).
// `collections` imports `collections.abc`, which imports `abc`: register all three.
import type { ModuleDef } from "../modules.js";
import { collectionsNatives } from "./collections/native.js";
import { collections_abc_py, collections_py } from "./py/sources.js";

/** `collections`: deque, Counter, defaultdict, OrderedDict, namedtuple, ChainMap, UserDict, UserList, UserString. */
export function collectionsModule(): ModuleDef {
  return { kind: "source", source: collections_py, filename: "collections/__init__.py", natives: collectionsNatives };
}

/** `collections.abc`: the abstract base classes, with builtins registered as in CPython. */
export function collectionsAbcModule(): ModuleDef {
  return { kind: "source", source: collections_abc_py, filename: "collections/abc.py" };
}
