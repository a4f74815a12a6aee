// The generator protocol shared by compiled code and the builtin methods: `yield from` / `await`
// delegation to a sub-generator or awaitable, `close()` (GeneratorExit), and one `async for` step.
// Runtime-only: the compiler and builtins/ both import it, it imports neither.
import { callValue } from "./call.js";
import type { Runtime } from "./context.js";
import { E, PyBaseException, PyThrow, pyErr } from "./exceptions.js";
import { PyGenerator } from "./function.js";
import { agenStep, isBuiltinAnext, type PyAsyncGenerator } from "./agen.js";
import { genResume, iterate } from "./iter.js";
// biome-ignore lint/style/useImportType: a run-time import, kept so module evaluation order stays as it was (verbatimModuleSyntax)
import { type Value } from "./object.js";
import { typeOf } from "./ops.js";
import { userDunder } from "./call.js";
import { None, T } from "./types.js";

export function closeGen(rt: Runtime, g: PyGenerator): void {
  if (g.finished || !g.started) {
    g.finished = true;
    return;
  }
  try {
    const y = genResume(rt, g, "throw", new PyThrow(new PyBaseException(E.GeneratorExit, [])));
    if (y !== undefined) throw pyErr("RuntimeError", "generator ignored GeneratorExit");
  } catch (e) {
    if (e instanceof PyThrow && (e.exc.cls.isSubtypeOf(E.GeneratorExit) || e.exc.cls.isSubtypeOf(E.StopIteration))) return;
    throw e;
  }
}

/** A coroutine or one of the async-generator awaitables: awaited by direct delegation. */
function isNativeAwaitable(v: Value): boolean {
  if (!(v instanceof PyGenerator)) return false;
  const t = v.cls;
  return t === T.coroutine || t === T.async_generator_asend || t === T.async_generator_athrow || t === T.anext_awaitable;
}

/** An `async for`'s iterator: `src.__aiter__()` and its `__anext__` (CPython's TypeErrors). */
export interface AsyncIter {
  ait: Value;
  anext: Value;
  /** An async generator with the builtin __anext__: stepped directly, its awaitable never built. */
  agen: PyAsyncGenerator | null;
}

export function asyncIter(rt: Runtime, src: Value): AsyncIter {
  const aiter = typeOf(src).lookup("__aiter__");
  if (aiter === undefined) throw pyErr("TypeError", `'async for' requires an object with __aiter__ method, got ${typeOf(src).name}`);
  const ait = callValue(rt, aiter, [src], null);
  const anext = typeOf(ait).lookup("__anext__");
  if (anext === undefined) throw pyErr("TypeError", `'async for' received an object from __aiter__ that does not implement __anext__: ${typeOf(ait).name}`);
  return { ait, anext, agen: isBuiltinAnext(ait, anext) ? ait : null };
}

/** One `async for` step: await `__anext__()`; undefined when it raises StopAsyncIteration. */
export function* asyncNext(rt: Runtime, it: AsyncIter): Generator<Value, Value | undefined, Value> {
  try {
    if (it.agen !== null) return yield* agenStep(rt, it.agen, "send", None);
    const aw = callValue(rt, it.anext, [it.ait], null);
    if (!isNativeAwaitable(aw) && userDunder(typeOf(aw), "__await__") === undefined)
      throw pyErr("TypeError", `'async for' received an invalid object from __anext__: ${typeOf(aw).name}`);
    return yield* delegate(rt, aw, true);
  } catch (e) {
    if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopAsyncIteration)) return undefined;
    throw e;
  }
}

/** `yield from src` / `await src`: delegate next/send/throw to a sub-generator. */
export function* delegate(rt: Runtime, src: Value, isAwait: boolean): Generator<Value, Value, Value> {
  let target = src;
  if (isAwait && !isNativeAwaitable(src)) {
    const aw = userDunder(typeOf(src), "__await__");
    if (aw === undefined) throw pyErr("TypeError", `object ${typeOf(src).name} can't be used in 'await' expression`);
    target = callValue(rt, aw, [src], null);
  }
  if (!(target instanceof PyGenerator)) {
    const next = iterate(rt, target);
    for (let x = next(); x !== undefined; x = next()) yield x;
    return None;
  }
  const out = { value: None as Value };
  let mode: "next" | "throw" = "next";
  let arg: Value | PyThrow = None;
  for (;;) {
    const y = genResume(rt, target, mode, arg, out);
    if (y === undefined) return out.value;
    try {
      arg = yield y;
      mode = "next";
    } catch (e) {
      if (!(e instanceof PyThrow)) throw e;
      if (e.exc.cls.isSubtypeOf(E.GeneratorExit)) {
        closeGen(rt, target);
        throw e;
      }
      mode = "throw";
      arg = e;
    }
  }
}
