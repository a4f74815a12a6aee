// Async generators (PEP 525) on the resumable-frame machinery. The body runs as a JS generator like
// a coroutine's: an `await` suspension yields the awaited object's value straight through to the
// event loop, while a `yield` hands out an AgYield box. The awaitables returned by `__anext__`,
// `asend`, `athrow` and `aclose` drive the body and tell the two apart: a box completes the
// awaitable with its value, anything else is passed up (and the loop's answer passed back down).
// Resuming charges no Cycles of its own, exactly like a generator resume (cips/pvm.md).
import type { Runtime } from "./context.js";
import { E, PyBaseException, PyThrow, pyErr } from "./exceptions.js";
import { PyGenerator } from "./function.js";
import { genResume } from "./iter.js";
import type { Value } from "./object.js";
import { None, T } from "./types.js";

/** A value produced by `yield` in an async generator body; never visible to Python code. */
class AgYield {
  readonly v: Value;
  constructor(v: Value) {
    this.v = v;
  }
}

/** Box a yielded value for the awaitable that is driving the body. */
export function agYield(v: Value): Value {
  return new AgYield(v) as unknown as Value;
}

export class PyAsyncGenerator extends PyGenerator {
  /** An asend/athrow awaitable is between its first step and its completion (ag_running_async). */
  awaiting = false;
  constructor(body: Generator<Value, Value, Value>, name: string) {
    super(T.async_generator, agenBody(body), name);
  }
}

/** StopIteration and StopAsyncIteration escaping the body become RuntimeError, as in CPython. */
function* agenBody(inner: Generator<Value, Value, Value>): Generator<Value, Value, Value> {
  try {
    return yield* inner;
  } catch (e) {
    if (e instanceof PyThrow && (e.exc.cls.isSubtypeOf(E.StopIteration) || e.exc.cls.isSubtypeOf(E.StopAsyncIteration))) {
      const err = new PyBaseException(E.RuntimeError, [`async generator raised ${e.exc.cls.name}`]);
      err.cause = e.exc;
      err.context = e.exc;
      err.suppressContext = true;
      throw new PyThrow(err);
    }
    throw e;
  }
}

export type AgenOp = "send" | "throw" | "close";

/** `__anext__` of async generators, which `async for` may step without building its awaitable. */
export function isBuiltinAnext(ait: Value, anext: Value): ait is PyAsyncGenerator {
  return ait instanceof PyAsyncGenerator && anext === T.async_generator.ns.get("__anext__");
}

/**
 * The awaitable of `ag.asend(v)` (`__anext__` is `asend(None)`), `ag.athrow(exc)` or `ag.aclose()`:
 * a coroutine-like object whose `await` runs the body up to its next `yield`.
 */
export function agenAwaitable(rt: Runtime, ag: PyAsyncGenerator, op: AgenOp, arg: Value | PyThrow): PyGenerator {
  const cls = op === "send" ? T.async_generator_asend : T.async_generator_athrow;
  return new PyGenerator(cls, agenStep(rt, ag, op, arg), ag.name);
}

export function* agenStep(rt: Runtime, ag: PyAsyncGenerator, op: AgenOp, arg: Value | PyThrow): Generator<Value, Value, Value> {
  if (ag.awaiting) throw pyErr("RuntimeError", `${op === "send" ? "anext" : op === "throw" ? "athrow" : "aclose"}(): asynchronous generator is already running`);
  if (op === "close" && (ag.finished || !ag.started)) {
    ag.finished = true;
    return None;
  }
  if (op === "send" && !ag.started && !ag.finished && arg !== None) throw pyErr("TypeError", "can't send non-None value to a just-started async generator");
  if (ag.finished) {
    // CPython 3.11: asend on a finished generator ends the iteration; athrow returns None.
    if (op === "send") throw pyErr("StopAsyncIteration");
    return None;
  }
  let mode: "next" | "throw" = op === "send" ? "next" : "throw";
  let a: Value | PyThrow = op === "close" ? new PyThrow(new PyBaseException(E.GeneratorExit, [])) : arg;
  ag.awaiting = true;
  try {
    for (;;) {
      let y: Value | undefined;
      try {
        y = genResume(rt, ag, mode, a);
      } catch (e) {
        if (op === "close" && e instanceof PyThrow && (e.exc.cls.isSubtypeOf(E.GeneratorExit) || e.exc.cls.isSubtypeOf(E.StopAsyncIteration))) return None;
        throw e;
      }
      if (y === undefined) {
        if (op === "close") return None;
        throw pyErr("StopAsyncIteration");
      }
      if ((y as unknown) instanceof AgYield) {
        if (op === "close") throw pyErr("RuntimeError", "async generator ignored GeneratorExit");
        return (y as unknown as AgYield).v;
      }
      try {
        a = yield y;
        mode = "next";
      } catch (e) {
        if (!(e instanceof PyThrow)) throw e;
        mode = "throw";
        a = e;
      }
    }
  } finally {
    ag.awaiting = false;
  }
}
