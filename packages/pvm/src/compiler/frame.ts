import type { PyFunction } from "../runtime/function.js";
import type { Cell, Value } from "../runtime/object.js";
import { None } from "../runtime/types.js";

/** Completion codes of compiled statements: control flow without exceptions. */
export const NORMAL = 0;
export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

/**
 * The activation record of one function call, class body or module body. Locals live in `s`
 * (slots resolved at compile time); a captured variable's slot holds its Cell.
 */
export class Frame {
  declare readonly s: (Value | Cell | undefined)[];
  declare line: number;
  declare ret: Value;
  /** The namespace of a class body being executed. */
  declare ns: Map<string, Value> | null;
  /**
   * The mapping a metaclass's `__prepare__` returned: class-body names go through its
   * __getitem__/__setitem__/__delitem__ instead of `ns`. Never set on function frames (so their
   * shape stays the same).
   */
  declare nsObj?: Value;
  /** Cell that will hold the class being defined, for zero-argument super(). */
  declare classCell: Cell | null;
  declare readonly fn: PyFunction | null;
  constructor(n: number, fn: PyFunction | null, classCell: Cell | null) {
    const s = new Array<Value | Cell | undefined>(n);
    // Start every slot array with generic (tagged) elements: `new Array(n)` begins as small-int
    // elements and would change kind on the first float, big int or object stored, so slot loads
    // in shared closures would see several array kinds (polymorphic) once a few programs have run.
    if (n > 0) s[0] = undefined;
    this.s = s;
    this.line = 0;
    this.ret = None;
    this.ns = null;
    this.fn = fn;
    this.classCell = classCell;
  }
}

export type EF = (f: Frame) => Value;
export type SF = (f: Frame) => number;
export type GEF = (f: Frame) => Generator<Value, Value, Value>;
export type GSF = (f: Frame) => Generator<Value, number, Value>;
