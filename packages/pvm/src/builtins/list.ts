// list: the constructor and every method (the item protocol a subclass reaches through super(),
// append/extend/pop/insert/remove/index/count/clear/copy/reverse and the stable sort).
import { callValue } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
import { PyList, type Value } from "../runtime/object.js";
import { eq, lessThan, repr, truthy } from "../runtime/ops.js";
import { cmpStr, hasHighUnits } from "../runtime/strings.js";
import { listDelItem, listGetItem, listSetItem, seqContains, toIndex } from "../runtime/subscript.js";
import { None, T } from "../runtime/types.js";
import { method, selfArg } from "./util.js";

function sortList(rt: Runtime, items: Value[], key: Value, reverse: boolean): void {
  const n = items.length;
  rt.charge(n * Math.max(1, Math.ceil(Math.log2(n + 1))));
  const keys = key === None ? items : items.map((x) => callValue(rt, key, [x], null));
  // Stable merge sort (Array.prototype.sort is stable); reverse keeps stability like CPython.
  const sign = reverse ? -1 : 1;
  const native = nativeOrder(keys);
  if (native !== undefined && key === None) {
    // Equal small ints or strs are indistinguishable: sort the items themselves, no index array.
    items.sort((a, b) => sign * native(a, b));
    return;
  }
  const idx = items.map((_x, i) => i);
  if (native !== undefined) idx.sort((i, j) => sign * native(keys[i] as Value, keys[j] as Value));
  else
    idx.sort((i, j) => {
      const a = keys[i] as Value;
      const b = keys[j] as Value;
      if (reverse) return lessThan(rt, b, a) ? -1 : lessThan(rt, a, b) ? 1 : 0;
      return lessThan(rt, a, b) ? -1 : lessThan(rt, b, a) ? 1 : 0;
    });
  const copy = items.slice();
  for (let i = 0; i < n; i++) items[i] = copy[idx[i] as number] as Value;
}

/**
 * A comparator equal to Python's order for keys that are all small ints or all strs (comparing them
 * costs nothing beyond the sort's own charge), else undefined. Strs without a unit from 0xD800 up
 * compare with JS `<`.
 */
function nativeOrder(keys: readonly Value[]): ((a: Value, b: Value) => number) | undefined {
  if (keys.every((k) => typeof k === "number")) return (a, b) => (a as number) - (b as number);
  if (!keys.every((k) => typeof k === "string")) return undefined;
  if ((keys as string[]).some(hasHighUnits)) return (a, b) => cmpStr(a as string, b as string);
  return (a, b) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0);
}

/** list.__new__ and the methods of `list`. */
export function installList(): void {
  T.list.newFn = (rt, cls, a) => new PyList(cls, a.length === 0 ? [] : iterToArray(rt, a[0] as Value));
  installListMethods();
}

function installListMethods(): void {
  const L = T.list;
  const me = (v: Value, n: string): PyList => (v instanceof PyList ? v : selfArg(v, PyList, L, n)); // constant instanceof: monomorphic
  // The layout's own item protocol, as a subclass reaches it through super() or list.__x__(self, …).
  method(L, "__getitem__", (rt, a) => listGetItem(rt, me(a[0] as Value, "__getitem__"), a[1] as Value));
  method(L, "__setitem__", (rt, a) => {
    listSetItem(rt, me(a[0] as Value, "__setitem__"), a[1] as Value, a[2] as Value);
    return None;
  });
  method(L, "__delitem__", (rt, a) => {
    listDelItem(rt, me(a[0] as Value, "__delitem__"), a[1] as Value);
    return None;
  });
  method(L, "__contains__", (rt, a) => seqContains(rt, me(a[0] as Value, "__contains__").items, a[1] as Value));
  method(L, "__len__", (_rt, a) => me(a[0] as Value, "__len__").items.length);
  method(L, "append", (rt, a) => {
    rt.alloc(8);
    me(a[0] as Value, "append").items.push(a[1] as Value);
    return None;
  });
  method(L, "extend", (rt, a) => {
    const l = me(a[0] as Value, "extend");
    const xs = iterToArray(rt, a[1] as Value);
    rt.alloc(8 * xs.length);
    for (const x of xs) l.items.push(x);
    return None;
  });
  method(L, "pop", (rt, a) => {
    const l = me(a[0] as Value, "pop");
    if (l.items.length === 0) throw pyErr("IndexError", "pop from empty list");
    if (a.length < 2) return l.items.pop() as Value;
    let i = Number(toIndex(rt, a[1] as Value));
    if (i < 0) i += l.items.length;
    if (i < 0 || i >= l.items.length) throw pyErr("IndexError", "pop index out of range");
    rt.charge(l.items.length - i);
    // shift() for the head (a queue's pop(0)), else move the tail down: no result array allocated.
    const items = l.items;
    const v = items[i] as Value;
    if (i === 0) items.shift();
    else {
      for (let j = i + 1; j < items.length; j++) items[j - 1] = items[j] as Value;
      items.length--;
    }
    return v;
  });
  method(L, "insert", (rt, a) => {
    const l = me(a[0] as Value, "insert");
    let i = Number(toIndex(rt, a[1] as Value));
    const n = l.items.length;
    if (i < 0) i = Math.max(0, i + n);
    if (i > n) i = n;
    rt.charge(n - i);
    rt.alloc(8);
    l.items.splice(i, 0, a[2] as Value);
    return None;
  });
  method(L, "remove", (rt, a) => {
    const l = me(a[0] as Value, "remove");
    for (let i = 0; i < l.items.length; i++) {
      rt.charge(1);
      if (eq(rt, l.items[i] as Value, a[1] as Value)) {
        l.items.splice(i, 1);
        return None;
      }
    }
    throw pyErr("ValueError", "list.remove(x): x not in list");
  });
  method(L, "index", (rt, a) => {
    const l = me(a[0] as Value, "index");
    for (let i = 0; i < l.items.length; i++) {
      rt.charge(1);
      if (eq(rt, l.items[i] as Value, a[1] as Value)) return i;
    }
    throw pyErr("ValueError", `${repr(rt, a[1] as Value)} is not in list`);
  });
  method(L, "count", (rt, a) => {
    const l = me(a[0] as Value, "count");
    rt.charge(l.items.length);
    return l.items.filter((x) => eq(rt, x, a[1] as Value)).length;
  });
  method(L, "__init__", (rt, a) => {
    const l = me(a[0] as Value, "__init__");
    l.items = a.length > 1 ? iterToArray(rt, a[1] as Value) : [];
    return None;
  });
  method(L, "clear", (_rt, a) => {
    me(a[0] as Value, "clear").items.length = 0;
    return None;
  });
  method(L, "copy", (rt, a) => {
    const l = me(a[0] as Value, "copy");
    rt.charge(l.items.length);
    rt.alloc(56 + 8 * l.items.length);
    return new PyList(T.list, l.items.slice());
  });
  method(L, "reverse", (rt, a) => {
    const l = me(a[0] as Value, "reverse");
    rt.charge(l.items.length);
    l.items.reverse();
    return None;
  });
  method(L, "sort", (rt, a, kw) => {
    if (a.length > 1) throw pyErr("TypeError", "sort() takes no positional arguments");
    const l = me(a[0] as Value, "sort");
    const items = l.items;
    // While it sorts, the list looks empty; any change to it is detected afterwards and refused, as CPython does,
    // unless the sort already failed (the key function's or a comparison's exception is the one reported).
    const scratch: Value[] = [];
    l.items = scratch;
    let modified = false;
    try {
      sortList(rt, items, kw?.get("key") ?? None, truthy(rt, kw?.get("reverse") ?? false));
    } finally {
      modified = l.items !== scratch || scratch.length > 0;
      l.items = items;
    }
    if (modified) throw pyErr("ValueError", "list modified during sort");
    return None;
  });
}
