// The activation record of a call, class body, module body or comprehension (cips/pvm.md,
// "Memory accounting": the chain of running frames is a root of the live-heap recount).
import type { PyFunction } from "./function.js";
import type { Cell, Value } from "./object.js";
import { None } from "./types.js";

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
  /**
   * The iterables of the running `for` loops of a resumable body (a generator's or coroutine's),
   * innermost last: a root of the live-heap recount. Never set on other frames.
   */
  declare held?: Value[];
  /** Cell that will hold the class being defined, for zero-argument super(). */
  declare classCell: Cell | null;
  declare readonly fn: PyFunction | null;
  /**
   * The frame that was running when this one started (`Runtime.top` is the innermost): the live-heap
   * recount walks this chain. Set only while the frame runs (generators: while resumed).
   */
  declare back: Frame | null;
  /** `slots`: an array of `n` slots the caller already filled with the arguments (see FunctionCode.enter). */
  constructor(n: number, fn: PyFunction | null, classCell: Cell | null, slots?: (Value | Cell | undefined)[]) {
    this.s = slots ?? new Array<Value | Cell | undefined>(n);
    this.line = 0;
    this.ret = None;
    this.ns = null;
    this.fn = fn;
    this.classCell = classCell;
    this.back = null;
  }
}
