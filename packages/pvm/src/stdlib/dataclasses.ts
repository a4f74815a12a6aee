// `dataclasses` for actors: @dataclass (init, repr, eq, order, frozen, unsafe_hash, match_args,
// kw_only, slots), field(), fields(), asdict(), astuple(), replace(), is_dataclass(),
// make_dataclass(), InitVar, KW_ONLY, FrozenInstanceError. Written in Python
// (src/stdlib/dataclasses/source.ts) and run by our interpreter, so class decoration and every
// generated method are metered by the ordinary cost table (cips/pvm-stdlib-classes.md).
import type { ModuleDef } from "../modules.js";
import { DATACLASSES_PY } from "./dataclasses/source.js";

/** The `dataclasses` module definition, for `ModuleRegistry.register("dataclasses", dataclassesModule())`. */
export function dataclassesModule(): ModuleDef {
  return { kind: "source", source: DATACLASSES_PY, filename: "dataclasses.py" };
}
