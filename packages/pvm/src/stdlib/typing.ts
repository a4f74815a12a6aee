// `typing` for actors: the annotation vocabulary of CPython 3.11 (Any, Optional, Union, List,
// Dict, Callable, TypeVar, Generic, Protocol, NamedTuple, TypedDict, Literal, Final, ClassVar,
// Annotated, NewType, cast, overload, get_type_hints, ...). Written in Python (py/typing.py) and
// run by our interpreter, so importing it and every subscription are metered by the ordinary cost
// table (cips/pvm-stdlib-classes.md). It follows CPython's typing.py in behaviour with a smaller
// object model: one _GenericAlias class for every subscripted form, _SpecialForm for Any/Union/...
// As CPython's, it imports collections.abc (and so abc) at import time: its bare aliases (Mapping,
// Sequence, Iterable, ...) wrap collections.abc's classes, so the abstract collections have one source.
import type { ModuleDef } from "../modules.js";
import { typing_py } from "./py/sources.js";

/** The `typing` module definition, for `ModuleRegistry.register("typing", typingModule())`. */
export function typingModule(): ModuleDef {
  return { kind: "source", source: typing_py, filename: "typing.py" };
}
