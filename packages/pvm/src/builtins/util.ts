// Helpers every builtin type's file uses: registering a method, a bare native function, the receiver
// check of a method descriptor, and the instances a user subclass of a builtin gets.
import { AttrDict } from "../runtime/attrs.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import type * as I from "../runtime/int.js";
import { type NativeFn, PyBoxed, PyNative, type PyObject, type PyType, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
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
    if (min === max)
      throw pyErr(
        "TypeError",
        `${name}() takes exactly ${min === 0 ? "no arguments" : `one argument`} (${args.length} given)`.replace(
          "exactly one argument",
          min === 1 ? "exactly one argument" : `exactly ${min} arguments`,
        ),
      );
    if (args.length < min) throw pyErr("TypeError", `${name} expected at least ${min} argument${min === 1 ? "" : "s"}, got ${args.length}`);
    throw pyErr("TypeError", `${name} expected at most ${max} argument${max === 1 ? "" : "s"}, got ${args.length}`);
  }
}

export type { Runtime };

/** A native function value; `isMethod` makes it a method descriptor (binds self when found on a type). */
export function nativeFn(name: string, fn: NativeFn, isMethod = false): PyNative {
  return new PyNative(T.builtin_function_or_method, name, fn, isMethod);
}

/** The receiver of a method descriptor of type `t`, or CPython's "descriptor ... doesn't apply" TypeError. */
export function selfArg<X>(v: Value, cls: abstract new (...a: never[]) => X, t: PyType, name: string): X {
  if (!(v instanceof cls)) throw pyErr("TypeError", `descriptor '${name}' for '${t.name}' objects doesn't apply to a '${typeOf(v).name}' object`);
  return v;
}

/** An instance of a user subclass of int or str: the exact value in a box with its attributes. */
export function boxedInstance(rt: Runtime, cls: PyType, v: I.Int | string): PyBoxed {
  rt.alloc(56);
  return new PyBoxed(cls, v);
}

/** A float/bytes/bytearray of a user subclass carries the subclass's attribute dict. */
export function withDict<X extends PyObject>(rt: Runtime, cls: PyType, o: X): X {
  rt.alloc(56);
  if (cls.hasDict || cls.slots !== null) o.dict = new AttrDict(cls);
  return o;
}
