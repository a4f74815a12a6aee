// `typing` for actors: the annotation vocabulary of CPython 3.11 (Any, Optional, Union, List,
// Dict, Callable, TypeVar, Generic, Protocol, NamedTuple, TypedDict, Literal, Final, ClassVar,
// Annotated, NewType, cast, overload, get_type_hints, ...). Written in Python (src/stdlib/typing/)
// and run by our interpreter, so importing it and every subscription are metered by the ordinary
// cost table (cips/pvm-stdlib-classes.md). It imports no other module: the collections.abc
// classes its aliases point at are self-contained stand-ins.
import type { ModuleDef } from "../modules.js";
import { TYPING_ABCS_PY } from "./typing/abcs.js";
import { TYPING_CLASSES_PY } from "./typing/classes.js";
import { TYPING_PY } from "./typing/source.js";

/** The whole Python text of the module (three parts, executed in order). */
export const TYPING_SOURCE: string = TYPING_PY + TYPING_ABCS_PY + TYPING_CLASSES_PY;

/** The `typing` module definition, for `ModuleRegistry.register("typing", typingModule())`. */
export function typingModule(): ModuleDef {
  return { kind: "source", source: TYPING_SOURCE, filename: "typing.py" };
}
