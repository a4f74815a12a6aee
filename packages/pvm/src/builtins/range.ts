// range: the constructor (range(stop), range(start, stop[, step]) with CPython's argument errors).
// Iteration, len, indexing and containment are the layout's own protocol in runtime/.
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { PyRange } from "../runtime/object.js";
import { toIndex } from "../runtime/subscript.js";
import { T } from "../runtime/types.js";

/** range.__new__. */
export function installRange(): void {
  T.range.newFn = (rt, _cls, a) => {
    const ints = a.map((x) => I.big(toIndex(rt, x, "'%s' object cannot be interpreted as an integer")));
    if (ints.length === 0) throw pyErr("TypeError", "range expected at least 1 argument, got 0");
    if (ints.length > 3) throw pyErr("TypeError", `range expected at most 3 arguments, got ${ints.length}`);
    const [start, stop, step] = ints.length === 1 ? [0n, ints[0] as bigint, 1n] : [ints[0] as bigint, ints[1] as bigint, (ints[2] ?? 1n) as bigint];
    if (step === 0n) throw pyErr("ValueError", "range() arg 3 must not be zero");
    return new PyRange(T.range, start, stop, step);
  };
}
