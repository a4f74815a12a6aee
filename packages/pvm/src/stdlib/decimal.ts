// The Python `decimal` module for the PVM: Decimal, Context, the signals and getcontext/
// setcontext/localcontext over the libmpdec-exact engine in src/decimal-engine/. Each operation charges
// the engine's `costOf` Cycles before it runs. The current context belongs to the run.
// Design and costs: cips/pvm-decimal.md and cips/pvm-re.md.
import * as D from "../decimal-engine/index.js";
import type { ModuleDef } from "../modules.js";
import { fnValue } from "../builtins/util.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyObject, type Value } from "../runtime/object.js";
import { None } from "../runtime/types.js";
import { type ContextField, FIELDS, contextType, setField, signalDictType } from "./decimal/context.js";
import { decimalTupleType, installDecimalMethods } from "./decimal/decmethods.js";
import { decimalType } from "./decimal/number.js";
import { PyContext, type DecState, signalClasses } from "./decimal/state.js";
import { bindArgs, def, nativeClass } from "./native-class.js";

/** The `decimal` module definition: register it as "decimal". */
export function decimalModule(): ModuleDef {
  return { kind: "native", build: buildDecimal };
}

class PyContextManager extends PyObject {
  saved: PyContext | null = null;
  constructor(
    cls: PyObject["cls"],
    readonly target: PyContext,
  ) {
    super(cls);
  }
}

function buildDecimal(rt: Runtime): Map<string, Value> {
  const m = new Map<string, Value>();
  // The classes need the state and the state needs the classes: they read it through `get`.
  // eslint-disable-next-line prefer-const
  let st: DecState;
  const get = (): DecState => st;
  const sigDict = signalDictType(get);
  const ctxT = contextType(get, () => sigDict);
  const decT = decimalType(get);
  const tupleT = decimalTupleType();
  installDecimalMethods(decT, get, tupleT);
  const signals = signalClasses();
  const make = (opts: D.ContextOptions): PyContext => new PyContext(ctxT, new D.Context(opts));
  const defaultContext = make({});
  const basicContext = make({ prec: 9, rounding: "ROUND_HALF_UP", traps: ["DivisionByZero", "Overflow", "InvalidOperation", "Clamped", "Underflow"] });
  const extendedContext = make({ prec: 9, traps: [] });
  const templates = new Set<PyContext>([defaultContext, basicContext, extendedContext]);
  st = { rt, decimalType: decT, contextType: ctxT, signals, current: new PyContext(ctxT, defaultContext.ctx.copy()) };

  /** setcontext: a template is copied with its flags cleared, as CPython does. */
  const setCurrent = (v: Value): void => {
    if (!(v instanceof PyContext)) throw pyErr("TypeError", "argument must be a context");
    if (templates.has(v)) {
      const c = v.ctx.copy();
      c.clearFlags();
      st.current = new PyContext(ctxT, c);
    } else st.current = v;
  };
  m.set(
    "getcontext",
    fnValue("getcontext", () => st.current),
  );
  m.set(
    "setcontext",
    fnValue("setcontext", (_rt, a, kw) => {
      const [c] = bindArgs("setcontext", a, kw, ["context"], 1, 1);
      setCurrent(c as Value);
      return None;
    }),
  );
  const cmT = nativeClass("_ContextManager", "decimal");
  def(cmT, "__enter__", (_rt, a) => {
    const cm = a[0] as PyContextManager;
    cm.saved = st.current;
    setCurrent(cm.target);
    return cm.target;
  });
  def(cmT, "__exit__", (_rt, a) => {
    const cm = a[0] as PyContextManager;
    if (cm.saved !== null) setCurrent(cm.saved);
    return false;
  });
  m.set(
    "localcontext",
    fnValue("localcontext", (r, a, kw) => {
      if (a.length > 1) throw pyErr("TypeError", `localcontext() takes at most 1 positional argument (${a.length} given)`);
      let base: Value = a[0] ?? None;
      const attrs: [string, Value][] = [];
      if (kw !== null) {
        for (const [k, v] of kw) {
          if (k === "ctx") base = v;
          else if ((FIELDS as readonly string[]).includes(k)) attrs.push([k, v]);
          else throw pyErr("TypeError", `'${k}' is an invalid keyword argument for this function`);
        }
      }
      if (base === None) base = st.current;
      if (!(base instanceof PyContext)) throw pyErr("TypeError", "optional argument must be a context");
      r.alloc(96);
      const target = new PyContext(ctxT, base.ctx.copy());
      for (const [k, v] of attrs) setField(st, target, k as ContextField, v);
      return new PyContextManager(cmT, target);
    }),
  );
  m.set("Decimal", decT);
  m.set("Context", ctxT);
  m.set("DecimalTuple", tupleT);
  m.set("DefaultContext", defaultContext);
  m.set("BasicContext", basicContext);
  m.set("ExtendedContext", extendedContext);
  for (const r of D.ROUNDINGS) m.set(r, r);
  for (const [name, cls] of signals) m.set(name, cls);
  m.set("MAX_PREC", D.MAX_PREC);
  m.set("MAX_EMAX", D.MAX_EMAX);
  m.set("MIN_EMIN", D.MIN_EMIN);
  m.set("MIN_ETINY", D.MIN_ETINY);
  m.set("HAVE_THREADS", false);
  m.set("HAVE_CONTEXTVAR", false);
  m.set("__version__", "1.70");
  m.set("__libmpdec_version__", "2.5.1");
  return m;
}
