// Per-run state of the `decimal` module: the Decimal, Context and signal classes of this run and
// its current context. Built when a run first imports `decimal`; never shared between runs, so one
// program's `getcontext().prec = 5` cannot leak into another's.
import { type Context as EngineContext, type Dec, DecimalError, DecimalSignal, type SignalName } from "../../decimal-engine/index.js";
import type { Runtime } from "../../runtime/context.js";
import { E, PyBaseException, PyThrow, pyErr } from "../../runtime/exceptions.js";
import { PyObject, type PyType } from "../../runtime/object.js";
import { list } from "../../runtime/ops.js";
import { nativeClass } from "../native-class.js";

export class PyDecimal extends PyObject {
  constructor(
    cls: PyType,
    readonly d: Dec,
  ) {
    super(cls);
  }
}

export class PyContext extends PyObject {
  constructor(
    cls: PyType,
    readonly ctx: EngineContext,
  ) {
    super(cls);
  }
}

/** The nine signals and the four InvalidOperation conditions, CPython's class names. */
export type SignalClassName = SignalName | "DecimalException" | "ConversionSyntax" | "DivisionImpossible" | "DivisionUndefined" | "InvalidContext";

export interface DecState {
  readonly rt: Runtime;
  readonly decimalType: PyType;
  readonly contextType: PyType;
  readonly signals: ReadonlyMap<SignalClassName, PyType>;
  /** The run's current context (getcontext/setcontext/localcontext). */
  current: PyContext;
}

/** CPython's signal class hierarchy (Lib/_pydecimal.py), built per run. */
export function signalClasses(): Map<SignalClassName, PyType> {
  const m = new Map<SignalClassName, PyType>();
  const mk = (name: SignalClassName, bases: PyType[]): PyType => {
    const t = nativeClass(name, "decimal", bases, "exception");
    t.hasDict = true;
    m.set(name, t);
    return t;
  };
  const base = mk("DecimalException", [E.ArithmeticError]);
  mk("Clamped", [base]);
  const invalid = mk("InvalidOperation", [base]);
  mk("ConversionSyntax", [invalid]);
  mk("DivisionByZero", [base, E.ZeroDivisionError]);
  mk("DivisionImpossible", [invalid]);
  mk("DivisionUndefined", [invalid, E.ZeroDivisionError]);
  const inexact = mk("Inexact", [base]);
  mk("InvalidContext", [invalid]);
  const rounded = mk("Rounded", [base]);
  const subnormal = mk("Subnormal", [base]);
  mk("Overflow", [inexact, rounded]);
  mk("Underflow", [inexact, rounded, subnormal]);
  mk("FloatOperation", [base, E.TypeError]);
  return m;
}

/**
 * Engine errors as Python exceptions: a trapped signal raises its class with the list of raised
 * conditions as its argument (`[<class 'decimal.DivisionByZero'>]`), a DecimalError the builtin
 * class its code names. Anything else passes through.
 */
export function translate(st: DecState, e: unknown): unknown {
  if (e instanceof DecimalSignal) {
    const cls = st.signals.get(e.signal)!;
    const classes = e.conditions.map((n) => st.signals.get(n as SignalClassName)!);
    return new PyThrow(new PyBaseException(cls, [list(classes)]));
  }
  if (e instanceof DecimalError) {
    switch (e.code) {
      case "TYPE_ERROR":
        return pyErr("TypeError", e.message);
      case "OVERFLOW_ERROR":
        return pyErr("OverflowError", e.message);
      case "PRECISION_CAP":
        return pyErr("ValueError", e.message);
      default:
        return pyErr("ValueError", e.message);
    }
  }
  return e;
}

/** Runs engine code, translating its errors. */
export function guard<R>(st: DecState, f: () => R): R {
  try {
    return f();
  } catch (e) {
    throw translate(st, e);
  }
}
