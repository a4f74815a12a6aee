// slice: the constructor (slice(stop), slice(start, stop[, step])). Applying a slice is the
// subscript protocol in runtime/subscript.ts.
import { PySlice, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";

/** slice.__new__. */
export function installSlice(): void {
  T.slice.newFn = (_rt, _cls, a) => (a.length === 1 ? new PySlice(T.slice, None, a[0] as Value, None) : new PySlice(T.slice, a[0] ?? None, a[1] ?? None, a[2] ?? None));
}
