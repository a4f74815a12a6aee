// The Python `abc` module for the PVM, written in Python (py/abc.py) and run by our own interpreter
// (so every step is metered like actor code). CPython checks abstract methods inside object.__new__;
// the PVM has no such hook, so ABCMeta.__call__ performs the same check with CPython 3.11's message.
// The subclass registry is a plain list per ABC (no weak references, no caches): an isinstance
// check costs a walk of the registry, charged as ordinary bytecode. See cips/pvm-stdlib-classes.md.
import type { ModuleDef } from "../modules.js";
import { abc_py } from "./py/sources.js";

/** The `abc` module definition: register it as "abc". */
export function abcModule(): ModuleDef {
  return { kind: "source", source: abc_py, filename: "abc.py" };
}
