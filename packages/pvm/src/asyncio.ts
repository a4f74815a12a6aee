// A minimal, deterministic `asyncio`: `run(coro)` drives one coroutine to completion in FIFO order
// and `sleep(delay, result=None)` yields control once (time never passes in the PVM: the delay is
// only type-checked). There is no `gather`, no tasks, no event loop: nothing can run concurrently.
import type { ModuleDef } from "./modules.js";
import { fnValue } from "./builtins/util.js";
import { pyErr } from "./runtime/exceptions.js";
import { PyGenerator } from "./runtime/function.js";
import { genResume } from "./runtime/iter.js";
import { PyFloat, type Value } from "./runtime/object.js";
import { typeOf } from "./runtime/ops.js";
import { None, T } from "./runtime/types.js";

export function asyncioModuleDef(): ModuleDef {
  return {
    kind: "native",
    build: () => {
      const m = new Map<string, Value>();
      m.set(
        "run",
        fnValue("run", (rt, a) => {
          const co = a[0];
          if (!(co instanceof PyGenerator) || co.cls !== T.coroutine) throw pyErr("ValueError", `a coroutine was expected, got ${co === undefined ? "nothing" : typeOf(co).name}`);
          const out = { value: None as Value };
          // FIFO with a single task: resume until it returns; each suspension costs one step.
          while (genResume(rt, co, "next", None, out) !== undefined) rt.charge(1);
          return out.value;
        }),
      );
      m.set(
        "sleep",
        fnValue("sleep", (_rt, a) => {
          const d = a[0] ?? 0;
          if (!(typeof d === "number" || typeof d === "bigint" || d instanceof PyFloat)) throw pyErr("TypeError", `'${typeOf(d).name}' object cannot be interpreted as a delay`);
          const result = a[1] ?? None;
          const it = (function* (): Generator<Value, Value, Value> {
            yield None;
            return result;
          })();
          return new PyGenerator(T.coroutine, it, "sleep");
        }),
      );
      return m;
    },
  };
}
