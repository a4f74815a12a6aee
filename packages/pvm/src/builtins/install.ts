// Installs the constructors and methods of every builtin type (one file per type in this folder);
// api.ts calls it once, when the interpreter is loaded. The order matters only
// within a type: a type's __dict__ keeps insertion order, so valueslots (the dunder slot wrappers)
// comes after the named methods, and bytearray's decode/hex reuse the bytes methods installed first.
import { installAsyncGenMethods } from "./agen.js";
import { installBytes } from "./bytes.js";
import { installDescriptors } from "./descriptors.js";
import { installDict } from "./dict.js";
import { installExceptions } from "./exceptions.js";
import { installFloat } from "./float.js";
import { installGeneratorMethods } from "./generator.js";
import { installInt } from "./int.js";
import { installList } from "./list.js";
import { installObject } from "./object.js";
import { installRange } from "./range.js";
import { installSet } from "./set.js";
import { installSlice } from "./slice.js";
import { installStr } from "./str.js";
import { installTuple } from "./tuple.js";
import { installType } from "./type.js";
import { installValueSlots } from "./valueslots.js";

/** Fills in the builtin types' constructors and methods (T.int.newFn, list.append, ...). */
export function installBuiltinTypes(): void {
  installObject();
  installInt();
  installFloat();
  installStr();
  installBytes();
  installList();
  installTuple();
  installDict();
  installSet();
  installRange();
  installSlice();
  installType();
  installDescriptors();
  installExceptions();
  installGeneratorMethods();
  installAsyncGenMethods();
  installValueSlots();
}
