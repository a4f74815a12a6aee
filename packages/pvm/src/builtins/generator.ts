// The methods of generators and coroutines (and of the async-generator awaitables, which step the
// same way): send, __next__, throw, close, __iter__. Stepping is runtime/iter.ts's genResume.
import { callValue } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { closeGen } from "../runtime/delegate.js";
import { E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyGenerator } from "../runtime/function.js";
import { genResume } from "../runtime/iter.js";
import { PyType, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import { method, selfArg } from "./util.js";

/** send/__next__/throw/close/__iter__ on generator, coroutine and the async-generator awaitables. */
export function installGeneratorMethods(): void {
  for (const G of [T.generator, T.coroutine, T.async_generator_asend, T.async_generator_athrow, T.anext_awaitable]) {
    const gen = (v: Value) => selfArg(v, PyGenerator, G, "send");
    const finish = (_rt: Runtime, _g: PyGenerator, y: Value | undefined, out: { value: Value }): Value => {
      if (y !== undefined) return y;
      const e = new PyBaseException(E.StopIteration, out.value === None ? [] : [out.value]);
      throw new PyThrow(e);
    };
    method(G, "send", (rt, a) => {
      const g = gen(a[0] as Value);
      const out = { value: None as Value };
      return finish(rt, g, genResume(rt, g, "next", a[1] ?? None, out), out);
    });
    method(G, "__next__", (rt, a) => {
      const g = gen(a[0] as Value);
      const out = { value: None as Value };
      return finish(rt, g, genResume(rt, g, "next", None, out), out);
    });
    method(G, "throw", (rt, a) => {
      const g = gen(a[0] as Value);
      let exc = a[1] as Value;
      if (exc instanceof PyType) exc = callValue(rt, exc, a[2] !== undefined && a[2] !== None ? [a[2]] : [], null);
      if (!(exc instanceof PyBaseException)) throw pyErr("TypeError", "exceptions must derive from BaseException");
      const out = { value: None as Value };
      if (!g.started) {
        g.finished = true;
        throw new PyThrow(exc);
      }
      return finish(rt, g, genResume(rt, g, "throw", new PyThrow(exc), out), out);
    });
    method(G, "close", (rt, a) => {
      closeGen(rt, gen(a[0] as Value));
      return None;
    });
    method(G, "__iter__", (_rt, a) => a[0] as Value);
  }
}
