// `dataclasses` for actors: @dataclass (init, repr, eq, order, frozen, unsafe_hash, match_args,
// kw_only, slots), field(), fields(), asdict(), astuple(), replace(), is_dataclass(),
// make_dataclass(), InitVar, KW_ONLY, FrozenInstanceError. Written in Python
// (src/stdlib/py/dataclasses.py) and run by our interpreter, so class decoration and every
// generated method are metered by the ordinary cost table (cips/pvm-stdlib-classes.md).
// CPython generates __init__/__repr__/__eq__ text and exec()s it; the PVM has no exec, so the
// generated methods are closures over the field list that bind arguments themselves and raise
// CPython 3.11's exact TypeError messages.
import type { ModuleDef } from "../modules.js";
import { dataclasses_py } from "./py/sources.js";

/** The `dataclasses` module definition, for `ModuleRegistry.register("dataclasses", dataclassesModule())`. */
export function dataclassesModule(): ModuleDef {
  return { kind: "source", source: dataclasses_py, filename: "dataclasses.py" };
}
