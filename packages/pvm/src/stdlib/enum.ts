// `enum` for actors: Enum, IntEnum, StrEnum, Flag, IntFlag, ReprEnum, auto, unique, member,
// nonmember, FlagBoundary (STRICT, CONFORM, EJECT, KEEP), EnumType/EnumMeta. Written in Python
// (src/stdlib/py/enum.py) and run by our interpreter, so class creation, member lookup and
// every operator are metered by the ordinary cost table (cips/pvm-stdlib-classes.md).
// Follows CPython 3.11's EnumType: a namespace from __prepare__ records members in definition
// order, the metaclass builds members, aliases and the value map, and calling the class looks a
// member up. IntEnum, IntFlag, StrEnum and (int|str, Enum) mixins are real subclasses of int and
// str, their members built by the data type's __new__ as in CPython.
import type { ModuleDef } from "../modules.js";
import { enum_py } from "./py/sources.js";

/** The `enum` module definition, for `ModuleRegistry.register("enum", enumModule())`. */
export function enumModule(): ModuleDef {
  return { kind: "source", source: enum_py, filename: "enum.py" };
}
