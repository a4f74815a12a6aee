// The methods of async generators and their awaitables, and the `aiter`/`anext` builtins, with
// CPython 3.11's messages. The stepping logic is in runtime/agen.ts.
import { delegate } from "../runtime/delegate.js";
import { agenAwaitable, type AgenOp, PyAsyncGenerator } from "../runtime/agen.js";
import { callValue } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyGenerator } from "../runtime/function.js";
import { type NativeFn, PyType, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import { method } from "./util.js";

function agen(v: Value | undefined, name: string): PyAsyncGenerator {
  if (!(v instanceof PyAsyncGenerator))
    throw pyErr("TypeError", `descriptor '${name}' for 'async_generator' objects doesn't apply to a '${v === undefined ? "NoneType" : typeOf(v).name}' object`);
  return v;
}

/** `throw(type[, value])` / `throw(instance)` arguments as an exception to raise inside the body. */
function thrownException(rt: Runtime, a: Value[]): PyThrow {
  let exc = a[0] as Value;
  if (exc instanceof PyType && exc.isSubtypeOf(E.BaseException)) exc = callValue(rt, exc, a[1] !== undefined && a[1] !== None ? [a[1]] : [], null);
  if (!(exc instanceof PyBaseException)) throw pyErr("TypeError", `exceptions must be classes or instances deriving from BaseException, not ${typeOf(exc).name}`);
  return new PyThrow(exc);
}

export function installAsyncGenMethods(): void {
  const G = T.async_generator;
  const op = (rt: Runtime, self: Value | undefined, name: string, kind: AgenOp, arg: Value | PyThrow) => agenAwaitable(rt, agen(self, name), kind, arg);
  method(G, "__aiter__", (_rt, a) => agen(a[0], "__aiter__"));
  method(G, "__anext__", (rt, a) => op(rt, a[0], "__anext__", "send", None));
  method(G, "asend", (rt, a) => op(rt, a[0], "asend", "send", a[1] ?? None));
  method(G, "athrow", (rt, a) => {
    const g = agen(a[0], "athrow");
    if (a.length < 2) throw pyErr("TypeError", `athrow expected at least 1 argument, got ${a.length - 1}`);
    return agenAwaitable(rt, g, "throw", thrownException(rt, a.slice(1)));
  });
  method(G, "aclose", (rt, a) => op(rt, a[0], "aclose", "close", None));
  // The awaitables are coroutine-like: __await__ (and __iter__) return themselves.
  for (const A of [T.async_generator_asend, T.async_generator_athrow, T.anext_awaitable]) {
    const self: NativeFn = (_rt, a) => {
      const v = a[0];
      if (!(v instanceof PyGenerator) || v.cls !== A)
        throw pyErr("TypeError", `descriptor '__await__' for '${A.name}' objects doesn't apply to a '${v === undefined ? "NoneType" : typeOf(v).name}' object`);
      return v;
    };
    method(A, "__await__", self);
  }
}

/** `aiter(x)`: x.__aiter__(), which must give an async iterator. */
export const aiterFn: NativeFn = (rt, a) => {
  if (a.length !== 1) throw pyErr("TypeError", `aiter() takes exactly one argument (${a.length} given)`);
  const x = a[0] as Value;
  const f = typeOf(x).lookup("__aiter__");
  if (f === undefined) throw pyErr("TypeError", `'${typeOf(x).name}' object is not an async iterable`);
  const it = callValue(rt, f, [x], null);
  if (typeOf(it).lookup("__anext__") === undefined) throw pyErr("TypeError", `aiter() returned not an async iterator of type '${typeOf(it).name}'`);
  return it;
};

/** `anext(it[, default])`: it.__anext__(); with a default, an awaitable that turns the end into it. */
export const anextFn: NativeFn = (rt, a) => {
  if (a.length < 1 || a.length > 2) throw pyErr("TypeError", `anext expected ${a.length < 1 ? "at least 1 argument" : "at most 2 arguments"}, got ${a.length}`);
  const x = a[0] as Value;
  const f = typeOf(x).lookup("__anext__");
  if (f === undefined) throw pyErr("TypeError", `'${typeOf(x).name}' object is not an async iterator`);
  const aw = callValue(rt, f, [x], null);
  if (a.length === 1) return aw;
  const dflt = a[1] as Value;
  const it = (function* (): Generator<Value, Value, Value> {
    try {
      return yield* delegate(rt, aw, true);
    } catch (e) {
      if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopAsyncIteration)) return dflt;
      throw e;
    }
  })();
  return new PyGenerator(T.anext_awaitable, it, "anext");
};
