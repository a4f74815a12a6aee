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
  readonly s: (Value | Cell | undefined)[];
  line = 0;
  ret: Value = None;
  /** The namespace of a class body being executed. */
  ns: Map<string, Value> | null = null;
  /** Cell that will hold the class being defined, for zero-argument super(). */
  classCell: Cell | null;
  readonly fn: PyFunction | null;
  constructor(n: number, fn: PyFunction | null, classCell: Cell | null) {
    this.s = new Array(n);
    this.fn = fn;
    this.classCell = classCell;
  }
}

export type EF = (f: Frame) => Value;
export type SF = (f: Frame) => number;
export type GEF = (f: Frame) => Generator<Value, Value, Value>;
export type GSF = (f: Frame) => Generator<Value, number, Value>;
