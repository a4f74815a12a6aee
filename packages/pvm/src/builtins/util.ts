import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { type NativeFn, PyNative, type PyType, type Value } from "../runtime/object.js";
import { T } from "../runtime/types.js";

/** Register a builtin method on a builtin type (args[0] is self). */
export function method(t: PyType, name: string, fn: NativeFn): void {
  const m = new PyNative(T.builtin_function_or_method, name, fn, true);
  m.owner = t;
  t.ns.set(name, m);
}

export function fnValue(name: string, fn: NativeFn): PyNative {
  return new PyNative(T.builtin_function_or_method, name, fn, false);
}

/** Check positional arity of a builtin: `name() takes ...` errors as CPython words them. */
export function arity(name: string, args: Value[], min: number, max: number, kw: Map<string, Value> | null, allowKw: readonly string[] = []): void {
  if (kw !== null) for (const k of kw.keys()) if (!allowKw.includes(k)) throw pyErr("TypeError", `${name}() takes no keyword arguments`);
  if (args.length < min || args.length > max) {
    if (min === max) throw pyErr("TypeError", `${name}() takes exactly ${min === 0 ? "no arguments" : `one argument`} (${args.length} given)`.replace("exactly one argument", min === 1 ? "exactly one argument" : `exactly ${min} arguments`));
    if (args.length < min) throw pyErr("TypeError", `${name} expected at least ${min} argument${min === 1 ? "" : "s"}, got ${args.length}`);
    throw pyErr("TypeError", `${name} expected at most ${max} argument${max === 1 ? "" : "s"}, got ${args.length}`);
  }
}

export type { Runtime };
