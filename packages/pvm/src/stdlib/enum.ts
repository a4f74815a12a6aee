// `enum` for actors: Enum, IntEnum, StrEnum, Flag, IntFlag, ReprEnum, auto, unique, member,
// nonmember, FlagBoundary (STRICT, CONFORM, EJECT, KEEP), EnumType/EnumMeta. Written in Python
// (src/stdlib/enum/source.ts) and run by our interpreter, so class creation, member lookup and
// every operator are metered by the ordinary cost table (cips/pvm-stdlib-classes.md).
import type { ModuleDef } from "../modules.js";
import { ENUM_PY } from "./enum/source.js";

/** The `enum` module definition, for `ModuleRegistry.register("enum", enumModule())`. */
export function enumModule(): ModuleDef {
  return { kind: "source", source: ENUM_PY, filename: "enum.py" };
}
