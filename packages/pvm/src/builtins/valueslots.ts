// The slot methods of int, str and float as Python-visible natives: `int.__add__`, `str.__len__`,
// `float.__repr__`, ... CPython exposes them in each type's __dict__, and subclasses reach them
// through `super().__add__(x)`, `int.__hash__(self)` or `__hash__ = int.__hash__`. Operators on
// exact values never come here (they keep their direct fast paths in ops.ts); these natives take
// `self` unboxed (a subclass instance's value) and answer NotImplemented for foreign operands,
// exactly as the slot wrappers do.
import type { Runtime } from "../runtime/context.js";
import { getIter } from "../runtime/iter.js";
import * as I from "../runtime/int.js";
import { PyByteArray, PyBytes, PyFloat, type Value, unbox } from "../runtime/object.js";
import { type BinOpName, type CmpOp, binop, float, hash, intBinop, repr, richCompare, tuple, typeOf, unaryop } from "../runtime/ops.js";
import { pyErr } from "../runtime/exceptions.js";
import { contains, getItem } from "../runtime/subscript.js";
import { bytesRepr, cpLength } from "../runtime/strings.js";
import { NotImplemented, T } from "../runtime/types.js";
import { formatValue } from "./format-builtin.js";
import { method as setMethod } from "./util.js";
import type { NativeFn, PyType } from "../runtime/object.js";

const ARITH: [string, BinOpName][] = [
  ["add", "Add"],
  ["sub", "Sub"],
  ["mul", "Mult"],
  ["truediv", "Div"],
  ["floordiv", "FloorDiv"],
  ["mod", "Mod"],
  ["pow", "Pow"],
];
const BITS: [string, BinOpName][] = [
  ["lshift", "LShift"],
  ["rshift", "RShift"],
  ["and", "BitAnd"],
  ["or", "BitOr"],
  ["xor", "BitXor"],
];
const CMP: [string, CmpOp][] = [
  ["eq", "Eq"],
  ["ne", "NotEq"],
  ["lt", "Lt"],
  ["le", "LtE"],
  ["gt", "Gt"],
  ["ge", "GtE"],
];

/** An exact int (bool included) from an operand, or undefined. */
function intOf(v: Value | undefined): I.Int | undefined {
  const u = v === undefined ? undefined : unbox(v);
  if (typeof u === "number" || typeof u === "bigint") return u;
  if (typeof u === "boolean") return u ? 1 : 0;
  return undefined;
}

function numOf(v: Value | undefined): number | undefined {
  if (v instanceof PyFloat) return v.v;
  const i = intOf(v);
  return i === undefined ? undefined : I.intToFloat(i);
}

function strOf(v: Value | undefined): string | undefined {
  const u = v === undefined ? undefined : unbox(v);
  return typeof u === "string" ? u : undefined;
}

/** Add a slot native unless the type already has a richer implementation of that name. */
function method(t: PyType, name: string, fn: NativeFn): void {
  if (!t.ns.has(name)) setMethod(t, name, fn);
}

function installInt(): void {
  const t = T.int;
  for (const [name, op] of [...ARITH, ...BITS]) {
    method(t, `__${name}__`, (rt, a) => {
      const x = intOf(a[0]);
      const y = intOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : intBinop(rt, op, x, y);
    });
    method(t, `__r${name}__`, (rt, a) => {
      const x = intOf(a[0]);
      const y = intOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : intBinop(rt, op, y, x);
    });
  }
  method(t, "__divmod__", (rt, a) => {
    const x = intOf(a[0]);
    const y = intOf(a[1]);
    return x === undefined || y === undefined ? NotImplemented : tuple([intBinop(rt, "FloorDiv", x, y), intBinop(rt, "Mod", x, y)]);
  });
  for (const [name, op] of CMP) {
    method(t, `__${name}__`, (rt, a) => {
      const x = intOf(a[0]);
      const y = intOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : richCompare(rt, op, x, y);
    });
  }
  method(t, "__neg__", (rt, a) => unaryop(rt, "USub", intOf(a[0]) as I.Int));
  method(t, "__pos__", (_rt, a) => intOf(a[0]) as I.Int);
  method(t, "__invert__", (rt, a) => unaryop(rt, "Invert", intOf(a[0]) as I.Int));
  method(t, "__abs__", (_rt, a) => {
    const x = intOf(a[0]) as I.Int;
    return I.big(x) < 0n ? I.intNeg(x) : x;
  });
  method(t, "__bool__", (_rt, a) => {
    const x = intOf(a[0]);
    return x !== 0 && x !== 0n;
  });
  for (const name of ["__int__", "__trunc__", "__floor__", "__ceil__"]) method(t, name, (_rt, a) => intOf(a[0]) as I.Int);
  method(t, "__round__", (rt, a) => {
    const x = intOf(a[0]) as I.Int;
    const nd = intOf(a[1]);
    if (nd === undefined || I.big(nd) >= 0n) return x;
    // round(x, -k): to the nearest multiple of 10**k, ties to even (CPython's long_round).
    const m = I.intPow(10, I.intNeg(nd));
    const q = I.intFloorDiv(x, m);
    const r = I.intMod(x, m);
    const twice = I.intMul(r, 2);
    const c = I.intCmp(twice, m);
    const up = c > 0 || (c === 0 && I.intMod(q, 2) !== 0);
    return intBinop(rt, "Mult", up ? I.intAdd(q, 1) : q, m);
  });
  method(t, "__float__", (_rt, a) => float(I.intToFloat(intOf(a[0]) as I.Int)));
  method(t, "__hash__", (rt, a) => hash(rt, intOf(a[0]) as I.Int));
  method(t, "__repr__", (rt, a) => repr(rt, intOf(a[0]) as I.Int));
  method(t, "__format__", (rt, a) => formatValue(rt, intOf(a[0]) as I.Int, strOf(a[1]) ?? ""));
}

function installFloat(): void {
  const t = T.float;
  for (const [name, op] of ARITH) {
    method(t, `__${name}__`, (rt, a) => {
      const x = numOf(a[0]);
      const y = numOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : binop(rt, op, float(x), float(y));
    });
    method(t, `__r${name}__`, (rt, a) => {
      const x = numOf(a[0]);
      const y = numOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : binop(rt, op, float(y), float(x));
    });
  }
  for (const [name, op] of CMP) {
    method(t, `__${name}__`, (rt, a) => {
      const x = a[0] instanceof PyFloat ? a[0].v : undefined;
      const y = a[1] === undefined ? undefined : a[1] instanceof PyFloat ? float(a[1].v) : intOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : richCompare(rt, op, float(x), y);
    });
  }
  method(t, "__neg__", (_rt, a) => float(-(numOf(a[0]) as number)));
  method(t, "__pos__", (_rt, a) => float(numOf(a[0]) as number));
  method(t, "__abs__", (_rt, a) => float(Math.abs(numOf(a[0]) as number)));
  method(t, "__bool__", (_rt, a) => numOf(a[0]) !== 0);
  method(t, "__float__", (_rt, a) => float(numOf(a[0]) as number));
  method(t, "__hash__", (rt, a) => hash(rt, float(numOf(a[0]) as number)));
  method(t, "__repr__", (rt, a) => repr(rt, float(numOf(a[0]) as number)));
  method(t, "__format__", (rt, a) => formatValue(rt, float(numOf(a[0]) as number), strOf(a[1]) ?? ""));
}

function installStr(): void {
  const t = T.str;
  method(t, "__add__", (rt, a) => {
    const x = strOf(a[0]);
    const y = strOf(a[1]);
    return x === undefined || y === undefined ? NotImplemented : binop(rt, "Add", x, y);
  });
  const repeat = (rt: Runtime, a: Value[]): Value => {
    const x = strOf(a[0]);
    const n = intOf(a[1]);
    return x === undefined || n === undefined ? NotImplemented : binop(rt, "Mult", x, n);
  };
  method(t, "__mul__", repeat);
  method(t, "__rmul__", repeat);
  method(t, "__mod__", (rt, a) => {
    const x = strOf(a[0]);
    return x === undefined ? NotImplemented : binop(rt, "Mod", x, a[1] as Value);
  });
  method(t, "__rmod__", () => NotImplemented);
  for (const [name, op] of CMP) {
    method(t, `__${name}__`, (rt, a) => {
      const x = strOf(a[0]);
      const y = strOf(a[1]);
      return x === undefined || y === undefined ? NotImplemented : richCompare(rt, op, x, y);
    });
  }
  method(t, "__hash__", (rt, a) => hash(rt, strOf(a[0]) as string));
  method(t, "__repr__", (rt, a) => repr(rt, strOf(a[0]) as string));
  method(t, "__str__", (_rt, a) => strOf(a[0]) as string);
  method(t, "__len__", (_rt, a) => cpLength(strOf(a[0]) as string));
  method(t, "__getitem__", (rt, a) => getItem(rt, strOf(a[0]) as string, a[1] as Value));
  method(t, "__contains__", (rt, a) => contains(rt, strOf(a[0]) as string, a[1] as Value));
  method(t, "__iter__", (rt, a) => getIter(rt, strOf(a[0]) as string));
  method(t, "__format__", (rt, a) => formatValue(rt, strOf(a[0]) as string, strOf(a[1]) ?? ""));
}

/** An exact bytes object from bytes, bytearray or a subclass instance of either, or undefined. */
function bytesOf(v: Value | undefined): PyBytes | undefined {
  if (v instanceof PyBytes) return v.cls === T.bytes ? v : new PyBytes(T.bytes, v.b);
  if (v instanceof PyByteArray) return new PyBytes(T.bytes, v.view());
  return undefined;
}

function installBytes(): void {
  const t = T.bytes;
  const me = (v: Value | undefined): PyBytes => {
    const b = v instanceof PyBytes ? bytesOf(v) : undefined;
    if (b === undefined) throw pyErr("TypeError", `descriptor requires a 'bytes' object but received a '${v === undefined ? "NoneType" : typeOf(v).name}'`);
    return b;
  };
  method(t, "__add__", (rt, a) => {
    const y = bytesOf(a[1]);
    return y === undefined ? NotImplemented : binop(rt, "Add", me(a[0]), y);
  });
  const repeat = (rt: Runtime, a: Value[]): Value => {
    const n = intOf(a[1]);
    return n === undefined ? NotImplemented : binop(rt, "Mult", me(a[0]), n);
  };
  method(t, "__mul__", repeat);
  method(t, "__rmul__", repeat);
  for (const [name, op] of CMP) {
    method(t, `__${name}__`, (rt, a) => {
      const y = bytesOf(a[1]);
      return y === undefined ? NotImplemented : richCompare(rt, op, me(a[0]), y);
    });
  }
  method(t, "__hash__", (rt, a) => hash(rt, me(a[0])));
  method(t, "__repr__", (_rt, a) => bytesRepr(me(a[0]).b));
  method(t, "__str__", (_rt, a) => bytesRepr(me(a[0]).b));
  method(t, "__len__", (_rt, a) => me(a[0]).b.length);
  method(t, "__getitem__", (rt, a) => getItem(rt, me(a[0]), a[1] as Value));
  method(t, "__contains__", (rt, a) => contains(rt, me(a[0]), a[1] as Value));
  method(t, "__iter__", (rt, a) => getIter(rt, me(a[0])));
  method(t, "__bytes__", (_rt, a) => me(a[0]));
}

/** Register the slot natives on int, float, str and bytes (once, with the other builtin methods). */
export function installValueSlots(): void {
  installInt();
  installFloat();
  installStr();
  installBytes();
}
