// BaseException (and ExceptionGroup): the constructor and the methods every exception inherits.
// The class hierarchy itself is runtime/exceptions.ts.
import type { Runtime } from "../runtime/context.js";
import { E, PyBaseException, pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
// biome-ignore lint/style/useImportType: a run-time import, kept so module evaluation order stays as it was (verbatimModuleSyntax)
import { PyType, type Value } from "../runtime/object.js";
import { tuple } from "../runtime/ops.js";
import { None } from "../runtime/types.js";
import { method } from "./util.js";

/** BaseException.__new__ (also ExceptionGroup's) and the methods of `BaseException`. */
export function installExceptions(): void {
  const excNew = (rt: Runtime, cls: PyType, a: Value[]) => {
    rt.alloc(96);
    const e = new PyBaseException(cls, a.slice());
    if (cls.isSubtypeOf(E.BaseExceptionGroup)) {
      const list = a[1] === undefined ? [] : iterToArray(rt, a[1]);
      if (typeof a[0] !== "string" || list.length === 0) throw pyErr("TypeError", "BaseExceptionGroup(msg, excs): msg must be str and excs a non-empty sequence");
      e.exceptions = list as PyBaseException[];
      e.args = [a[0], tuple(list)];
    }
    return e;
  };
  E.BaseException.newFn = excNew;
  E.ExceptionGroup.newFn = excNew;
  method(E.BaseException, "with_traceback", (_rt, a) => a[0] as Value);
  method(E.BaseException, "__init__", (_rt, a) => {
    const e = a[0];
    if (e instanceof PyBaseException) e.args = a.slice(1);
    return None;
  });
  method(E.BaseException, "add_note", () => None);
}
