// Native helpers of `collections` (the counterparts of CPython's C `_collections` pieces), bound
// into the module's globals before its Python source runs. Cost rule (cips/pvm-stdlib-iter.md):
// _count_elements charges per element what the equivalent Python loop body charges for its dict
// work (a draw, a get, an add, a set); a namedtuple field read charges one list access.
import { fnValue } from "../../builtins/util.js";
import { C } from "../../runtime/costs.js";
import { callValue, getAttr, userDunder } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { PyDict } from "../../runtime/dict.js";
import { pyErr } from "../../runtime/exceptions.js";
import { iterate } from "../../runtime/iter.js";
import { PyTuple, type Value } from "../../runtime/object.js";
import { binop, typeName } from "../../runtime/ops.js";
import { setItem } from "../../runtime/subscript.js";
import { None, T } from "../../runtime/types.js";

/** Cycles per element counted: draw + dict get + add + dict set. */
const COUNT_ELEMENT_COST = 1 + C.dict + C.arith + C.dict;

/** mapping[elem] = mapping.get(elem, 0) + 1 for every element, as CPython's _count_elements. */
function countElements(rt: Runtime, mapping: Value, iterable: Value): void {
  const next = iterate(rt, iterable);
  const t = mapping instanceof PyDict ? mapping.cls : null;
  // The direct table path only when get/__setitem__ are dict's own (a subclass may override them).
  if (mapping instanceof PyDict && t !== null && userDunder(t, "__setitem__") === undefined && t.lookup("get") === T.dict.lookup("get")) {
    for (let x = next(); x !== undefined; x = next()) {
      rt.charge(COUNT_ELEMENT_COST);
      const cur = mapping.get(rt, x);
      mapping.set(rt, x, cur === undefined ? 1 : binop(rt, "Add", cur, 1));
    }
    return;
  }
  const get = getAttr(rt, mapping, "get");
  for (let x = next(); x !== undefined; x = next()) {
    rt.charge(COUNT_ELEMENT_COST + C.call);
    setItem(rt, mapping, x, binop(rt, "Add", callValue(rt, get, [x, 0], null), 1));
  }
}

/** The getter of namedtuple field `index`: reads the tuple slot directly (CPython's _tuplegetter). */
function tupleItem(index: number): Value {
  return fnValue("_tuplegetter", (rt, a) => {
    const self = a[0];
    if (a.length !== 1 || !(self instanceof PyTuple)) {
      throw pyErr("TypeError", `descriptor for index '${index}' for tuple subclasses doesn't apply to '${self === undefined ? "nothing" : typeName(self)}' object`);
    }
    rt.charge(C.list);
    const v = self.items[index];
    if (v === undefined) throw pyErr("IndexError", "tuple index out of range");
    return v;
  });
}

/** The private helpers bound into the collections module before its source runs. */
export function collectionsNatives(): Map<string, Value> {
  const m = new Map<string, Value>();
  m.set(
    "_count_elements",
    fnValue("_count_elements", (rt, a) => {
      if (a.length !== 2) throw pyErr("TypeError", `_count_elements expected 2 arguments, got ${a.length}`);
      countElements(rt, a[0] as Value, a[1] as Value);
      return None;
    }),
  );
  m.set(
    "_tuple_item",
    fnValue("_tuple_item", (_rt, a) => {
      const i = a[0];
      if (typeof i !== "number" || !Number.isSafeInteger(i) || i < 0) throw pyErr("TypeError", "_tuple_item expects a non-negative int");
      return tupleItem(i);
    }),
  );
  return m;
}
