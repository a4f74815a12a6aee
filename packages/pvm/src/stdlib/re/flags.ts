// re.RegexFlag: Python's IntFlag values with their repr and bit operations. The PVM has no int
// subclasses, so RegexFlag is its own class that behaves as an int where `re` programs use one:
// `|`, `&`, `^`, `~` between flags (and with ints) give flags, `==` and `hash` match the int value,
// and `int()`, `__index__` and arithmetic fall back to the int.
import { def, nativeClass, prop } from "../native-class.js";
import { binop } from "../../runtime/ops.js";
import { PyObject, type PyType, type Value } from "../../runtime/object.js";
import { NotImplemented } from "../../runtime/types.js";

/** RegexFlag members in definition order (the order CPython 3.11's repr lists them in). */
export const FLAG_MEMBERS: ReadonlyArray<readonly [string, number]> = [
  ["ASCII", 256],
  ["IGNORECASE", 2],
  ["LOCALE", 4],
  ["UNICODE", 32],
  ["MULTILINE", 8],
  ["DOTALL", 16],
  ["VERBOSE", 64],
  ["TEMPLATE", 1],
  ["DEBUG", 128],
];
/** One-letter aliases exported by `re`. */
export const FLAG_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ["A", "ASCII"],
  ["I", "IGNORECASE"],
  ["L", "LOCALE"],
  ["U", "UNICODE"],
  ["M", "MULTILINE"],
  ["S", "DOTALL"],
  ["X", "VERBOSE"],
  ["T", "TEMPLATE"],
];
const ALL_FLAGS = 511;

export class PyRegexFlag extends PyObject {
  constructor(
    cls: PyType,
    readonly value: number,
  ) {
    super(cls);
  }
}

/** `re.IGNORECASE|re.MULTILINE|0x400`, `re.NOFLAG`. */
function flagRepr(v: number): string {
  if (v === 0) return "re.NOFLAG";
  const parts: string[] = [];
  let rest = v;
  for (const [n, b] of FLAG_MEMBERS) {
    if (v & b) {
      parts.push(`re.${n}`);
      rest &= ~b;
    }
  }
  if (rest !== 0) parts.push(`0x${rest.toString(16)}`);
  return parts.join("|");
}

/** Builds the per-run RegexFlag class. */
export function regexFlagType(): { type: PyType; make: (v: number) => PyRegexFlag } {
  const t = nativeClass("RegexFlag", "re");
  const make = (v: number): PyRegexFlag => new PyRegexFlag(t, v);
  const val = (v: Value): number | null => (v instanceof PyRegexFlag ? v.value : typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : null);
  const bit = (name: string, f: (a: number, b: number) => number) => {
    const fn = (a: Value[]): Value => {
      const x = val(a[0] as Value);
      const y = val(a[1] as Value);
      return x === null || y === null ? NotImplemented : make(f(x, y));
    };
    def(t, `__${name}__`, (_rt, a) => fn(a));
    def(t, `__r${name}__`, (_rt, a) => fn(a));
  };
  bit("or", (a, b) => a | b);
  bit("and", (a, b) => a & b);
  bit("xor", (a, b) => a ^ b);
  def(t, "__invert__", (_rt, a) => make(~(a[0] as PyRegexFlag).value & ALL_FLAGS));
  // Arithmetic goes through the int value, as for any IntFlag (re.I + 1 == 3).
  for (const op of ["Add", "Sub", "Mult", "FloorDiv", "Mod", "LShift", "RShift"] as const) {
    const dunder = { Add: "add", Sub: "sub", Mult: "mul", FloorDiv: "floordiv", Mod: "mod", LShift: "lshift", RShift: "rshift" }[op];
    def(t, `__${dunder}__`, (rt, a) => {
      const y = a[1] as Value;
      return typeof y === "number" || typeof y === "bigint" || y instanceof PyRegexFlag
        ? binop(rt, op, (a[0] as PyRegexFlag).value, y instanceof PyRegexFlag ? y.value : y)
        : NotImplemented;
    });
    def(t, `__r${dunder}__`, (rt, a) => {
      const y = a[1] as Value;
      return typeof y === "number" || typeof y === "bigint" ? binop(rt, op, y, (a[0] as PyRegexFlag).value) : NotImplemented;
    });
  }
  def(t, "__eq__", (_rt, a) => {
    const y = val(a[1] as Value);
    return y === null ? NotImplemented : (a[0] as PyRegexFlag).value === y;
  });
  def(t, "__ne__", (_rt, a) => {
    const y = val(a[1] as Value);
    return y === null ? NotImplemented : (a[0] as PyRegexFlag).value !== y;
  });
  def(t, "__hash__", (_rt, a) => (a[0] as PyRegexFlag).value);
  def(t, "__index__", (_rt, a) => (a[0] as PyRegexFlag).value);
  def(t, "__int__", (_rt, a) => (a[0] as PyRegexFlag).value);
  def(t, "__bool__", (_rt, a) => (a[0] as PyRegexFlag).value !== 0);
  def(t, "__repr__", (_rt, a) => flagRepr((a[0] as PyRegexFlag).value));
  def(t, "__str__", (_rt, a) => flagRepr((a[0] as PyRegexFlag).value));
  def(t, "__format__", (_rt, a) => flagRepr((a[0] as PyRegexFlag).value));
  prop(t, "value", (s) => (s as PyRegexFlag).value);
  prop(t, "name", (s) => {
    const v = (s as PyRegexFlag).value;
    for (const [n, b] of FLAG_MEMBERS) if (b === v) return n;
    return v === 0 ? "NOFLAG" : flagRepr(v).replaceAll("re.", "");
  });
  return { type: t, make };
}
