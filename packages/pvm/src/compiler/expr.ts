// Expressions → JS closures. Each closure takes the Frame and returns a Python value. Hot shapes
// (int arithmetic and comparisons, fast locals, list indexing, method calls) get monomorphic fast
// paths; everything else goes through the runtime's generic operations.
import { type AttrDict, NO_SHAPE, type Shape } from "../runtime/attrs.js";
import type * as A from "../ast.js";
import { callMethod, callValue, getAttr, PySuper, superGetAttr, userDunder } from "../runtime/call.js";
import { E, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { iterToArray } from "../runtime/iter.js";
import { Cell, PyBytes, PyFloat, PyList, PySlice, PyTuple, PyType, PyWrapper, type Value } from "../runtime/object.js";
import { PyFunction } from "../runtime/function.js";
import { binop, type BinOpName, intBinop, type CmpOp, eq, float, repr, richCompare, str, strConcat, strEq, truthy, typeOf, unaryop } from "../runtime/ops.js";
import { asciiReprOf } from "../runtime/strings.js";
import { contains, getItem, sliceValues, toIndex } from "../runtime/subscript.js";
import { Ellipsis, None, T } from "../runtime/types.js";
import type { Runtime } from "../runtime/context.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
// biome-ignore lint/style/useImportType: a run-time import, kept so module evaluation order stays as it was (verbatimModuleSyntax)
import { type EF, type Frame } from "./frame.js";
import { formatValue } from "../builtins/format-builtin.js";
import { EQ, floatCompare, GT, GTE, LT, LTE, NE } from "./cond.js";
import { strLenCp } from "../builtins/str.js";

const CMP: Record<string, CmpOp> = { Eq: "Eq", NotEq: "NotEq", Lt: "Lt", LtE: "LtE", Gt: "Gt", GtE: "GtE" };

export function constantValue(c: A.ConstantValue): Value {
  switch (c.kind) {
    case "None":
      return None;
    case "Ellipsis":
      return Ellipsis;
    case "bool":
      return c.value;
    case "int":
      return c.value >= BigInt(Number.MIN_SAFE_INTEGER) && c.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(c.value) : c.value;
    case "float":
      return new PyFloat(T.float, c.value);
    case "str":
      return c.value;
    case "bytes":
      return new PyBytes(T.bytes, c.value);
    case "complex":
      return new PyFloat(T.float, c.imag); // rejected at compile time, see compileExpr
  }
}

/** `is` is only meaningful on identities: the spec forbids it on str and numbers (cips/pvm.md). */
function identityOperand(v: Value): void {
  const t = typeof v;
  // Instances of user subclasses (IntEnum members, class F(float)) are allocated objects with an identity.
  if (t === "number" || t === "bigint" || t === "string" || ((v instanceof PyFloat || v instanceof PyBytes) && v.cls.builtin)) {
    throw pyErr("TypeError", `'is' is not allowed on ${typeOf(v).name} values in the PVM (use ==)`);
  }
}

export function isOp(a: Value, b: Value): boolean {
  if (typeof a === "boolean" || typeof b === "boolean" || a === None || b === None) return a === b;
  identityOperand(a);
  identityOperand(b);
  return a === b;
}

export function compileCompare(op: A.CmpOperator, a: Value, b: Value, c: Compiler): Value {
  switch (op) {
    case "Is":
      return isOp(a, b);
    case "IsNot":
      return !isOp(a, b);
    case "In":
      return contains(c.rt, b, a);
    case "NotIn":
      return !contains(c.rt, b, a);
    default:
      return richCompare(c.rt, CMP[op] as CmpOp, a, b);
  }
}

/**
 * An operand fetched inline by the operator's closure: a fast local (slot read), a constant, or
 * (otherwise) a call of the operand's closure. Operator closures are shared code, so a call of a
 * child closure is a megamorphic call site; reading a slot or a constant inline avoids it for the
 * commonest operands (`i < n`, `x * 0.5`, `self.x`).
 */
export interface Operand {
  /** 0: call `f`; 1: read slot `i`; 2: the constant `v`. */
  readonly k: 0 | 1 | 2;
  readonly f: EF;
  readonly i: number;
  readonly v: Value;
  readonly name: string;
}

export function operand(c: Compiler, s: ScopeCtx, e: A.Expr): Operand {
  if (e.type === "Constant" && e.value.kind !== "complex") {
    // Same nesting bookkeeping as compileExpr (the stack weight of the frame depends on it).
    c.enterNode(e);
    c.leaveNode();
    const v = constantValue(e.value);
    return { k: 2, f: () => v, i: 0, v, name: "" };
  }
  if (e.type === "Name") {
    const r = s.scope.resolve(e.id);
    if (r.kind === "fast") return { k: 1, f: compileExpr(c, s, e), i: r.slot, v: None, name: e.id };
  }
  return { k: 0, f: compileExpr(c, s, e), i: 0, v: None, name: "" };
}

/** Fetch an operand (small enough for V8 to inline into each operator closure). */
export function ld(f: Frame, k: number, fn: EF, i: number, v: Value): Value {
  if (k === 1) {
    const x = f.s[i];
    return x === undefined ? fn(f) : (x as Value);
  }
  return k === 2 ? v : fn(f);
}

export function compileExpr(c: Compiler, s: ScopeCtx, e: A.Expr): EF {
  const pre = c.precomputed.get(e);
  if (pre !== undefined) return pre;
  c.enterNode(e);
  try {
    return compileExprInner(c, s, e);
  } finally {
    c.leaveNode();
  }
}

function compileExprInner(c: Compiler, s: ScopeCtx, e: A.Expr): EF {
  const rt = c.rt;
  switch (e.type) {
    case "Constant": {
      if (e.value.kind === "complex") throw c.syntaxError("complex numbers are not supported in the PVM", e);
      const v = constantValue(e.value);
      return () => v;
    }
    case "Name":
      return c.loadName(s, e.id, e);
    case "BinOp":
      return binopClosure(c, e.op as BinOpName, operand(c, s, e.left), operand(c, s, e.right));
    case "UnaryOp": {
      const v = compileExpr(c, s, e.operand);
      const op = e.op;
      if (op === "Not")
        return (f) => {
          const x = v(f);
          return typeof x === "boolean" ? !x : !truthy(rt, x);
        };
      if (op === "USub")
        return (f) => {
          const x = v(f);
          return typeof x === "number" ? 0 - x : unaryop(rt, op, x);
        };
      return (f) => unaryop(rt, op, v(f));
    }
    case "BoolOp": {
      const vs = e.values.map((x) => compileExpr(c, s, x));
      const isAnd = e.op === "And";
      return (f) => {
        let r: Value = None;
        for (let i = 0; i < vs.length; i++) {
          r = (vs[i] as EF)(f);
          const t = typeof r === "boolean" ? r : truthy(rt, r);
          if (isAnd ? !t : t) return r;
        }
        return r;
      };
    }
    case "Compare":
      return compareClosure(c, s, e);
    case "IfExp": {
      const t = compileExpr(c, s, e.test);
      const b = compileExpr(c, s, e.body);
      const o = compileExpr(c, s, e.orelse);
      return (f) => {
        const x = t(f);
        return (typeof x === "boolean" ? x : truthy(rt, x)) ? b(f) : o(f);
      };
    }
    case "Attribute": {
      const { k: ok, f: o, i: oi, v: ov } = operand(c, s, e.value);
      const name = e.attr;
      // Inline cache: the last user class seen here (and its version) had no class attribute of
      // this name and no __getattribute__, so the instance dict answers directly.
      // And the last dict shape seen with the name, with its index (see attrs.ts).
      let icType: PyType | null = null;
      let icVersion = -1;
      let icShape: Shape = NO_SHAPE;
      let icIndex = 0;
      // A property of a user class (not a metaclass, no __getattribute__) whose getter is a plain
      // function: called directly, as getAttr would after its lookups (a property is a data
      // descriptor, so the instance dict never shadows it).
      let pType: PyType | null = null;
      let pVersion = -1;
      let pGet: PyFunction | null = null;
      const propertyGetter = (x: Value): PyFunction | null => {
        if (typeof x !== "object" || x instanceof PyType || x.cls.builtin || x.cls.isSubtypeOf(T.type)) return null;
        const t = x.cls;
        if (userDunder(t, "__getattribute__") !== undefined) return null;
        const a = t.lookup(name);
        if (!(a instanceof PyWrapper) || a.cls !== T.property || !(a.fget instanceof PyFunction)) return null;
        pType = t;
        pVersion = t.version;
        pGet = a.fget;
        return pGet;
      };
      return (f) => {
        const x = ld(f, ok, o, oi, ov);
        if (typeof x === "object") {
          const t = x.cls;
          if (t === pType && t.version === pVersion) {
            const g = pGet as PyFunction;
            return g.code.call(g, [x], null);
          }
          // icType is only ever a user class seen on a non-class instance, so a hit needs no
          // further instanceof checks.
          if (
            (t === icType && t.version === icVersion) ||
            (x.dict !== null &&
              !t.builtin &&
              !(x instanceof PyType) &&
              t.lookup(name) === undefined &&
              userDunder(t, "__getattribute__") === undefined &&
              ((icType = t), (icVersion = t.version), true))
          ) {
            const d = x.dict as AttrDict;
            const sh = d.shape;
            if (sh === icShape) return d.vals[icIndex] as Value;
            if (sh !== null) {
              const i = sh.indexOf(name);
              if (i >= 0) {
                icShape = sh;
                icIndex = i;
                return d.vals[i] as Value;
              }
            } else {
              const v = d.get(name);
              if (v !== undefined) return v;
            }
          }
        }
        if (x instanceof PySuper) return superGetAttr(rt, x, name);
        const g = propertyGetter(x);
        if (g !== null) return g.code.call(g, [x], null);
        return getAttr(rt, x, name);
      };
    }
    case "Subscript": {
      if (e.slice.type === "Slice") return sliceLoad(c, s, e.value, e.slice);
      const { k: ok, f: o, i: oi, v: ov } = operand(c, s, e.value);
      const { k: kk, f: k, i: ki, v: kv } = operand(c, s, e.slice);
      return (f) => {
        // Child closures called directly (no `ld` frame), as in binopClosure.
        const x = ok === 0 ? o(f) : ld(f, ok, o, oi, ov);
        const i = kk === 0 ? k(f) : ld(f, kk, k, ki, kv);
        if (x instanceof PyList && typeof i === "number" && x.cls === T.list) {
          const items = x.items;
          const j = i < 0 ? i + items.length : i;
          if (j >= 0 && j < items.length) return items[j] as Value;
        }
        return getItem(rt, x, i);
      };
    }
    case "Slice": {
      const lo = e.lower === null ? () => None : compileExpr(c, s, e.lower);
      const hi = e.upper === null ? () => None : compileExpr(c, s, e.upper);
      const st = e.step === null ? () => None : compileExpr(c, s, e.step);
      return (f) => new PySlice(T.slice, lo(f), hi(f), st(f));
    }
    case "Call":
      return c.compileCall(s, e);
    case "List":
    case "Tuple":
    case "Set": {
      if (e.type === "Tuple" && e.elts.length === 0) {
        const empty = new PyTuple(T.tuple, []);
        return () => empty;
      }
      const kind = e.type === "List" ? 0 : e.type === "Tuple" ? 1 : 2;
      const make = (items: Value[]): Value => {
        if (kind === 0) return new PyList(T.list, items);
        if (kind === 1) return new PyTuple(T.tuple, items);
        const st = new PySet(T.set, false);
        for (const x of items) st.add(rt, x);
        return st;
      };
      if (e.elts.some((x) => x.type === "Starred")) {
        const build = seqBuilder(c, s, e.elts);
        return (f) => make(build(f));
      }
      // Elements evaluated in this closure (no builder frame between nested displays and the host
      // stack); memory as seqBuilder accounts it (a pair is not charged).
      const fs = e.elts.map((x) => compileExpr(c, s, x));
      const n = fs.length;
      const bytes = n === 2 ? 0 : 8 * n;
      return (f) => {
        const out = new Array<Value>(n);
        for (let i = 0; i < n; i++) out[i] = (fs[i] as EF)(f);
        if (bytes !== 0) rt.alloc(bytes);
        return make(out);
      };
    }
    case "Dict": {
      const ks = e.keys.map((k) => (k === null ? null : compileExpr(c, s, k)));
      const vs = e.values.map((v) => compileExpr(c, s, v));
      return (f) => {
        const d = new PyDict();
        rt.alloc(64 + 24 * ks.length);
        for (let i = 0; i < ks.length; i++) {
          const k = ks[i];
          if (k === null || k === undefined) {
            const src = (vs[i] as EF)(f);
            mergeMapping(c, d, src);
          } else {
            const kv = k(f);
            d.table.set(rt, kv, (vs[i] as EF)(f));
          }
        }
        return d;
      };
    }
    case "JoinedStr": {
      const parts = e.values.map((v) =>
        v.type === "Constant" && v.value.kind === "str"
          ? (
              (x: string) => () =>
                x
            )(v.value.value)
          : compileExpr(c, s, v),
      );
      return (f) => {
        let out = "";
        for (let i = 0; i < parts.length; i++) out += (parts[i] as EF)(f) as string;
        rt.charge(out.length);
        rt.alloc(out.length);
        return out;
      };
    }
    case "FormattedValue": {
      const v = compileExpr(c, s, e.value);
      const spec = e.format_spec === null ? null : compileExpr(c, s, e.format_spec);
      const conv = e.conversion;
      return (f) => {
        let x = v(f);
        if (conv === 115) x = str(rt, x);
        else if (conv === 114) x = repr(rt, x);
        else if (conv === 97) x = asciiReprOf(repr(rt, x));
        const sp = spec === null ? "" : (spec(f) as string);
        return formatValue(rt, x, sp);
      };
    }
    case "Lambda":
      return c.compileLambda(s, e);
    case "NamedExpr": {
      const v = compileExpr(c, s, e.value);
      const store = c.storeName(s, e.target.id, e.target);
      return (f) => {
        const x = v(f);
        store(f, x);
        return x;
      };
    }
    case "ListComp":
    case "SetComp":
    case "DictComp":
    case "GeneratorExp":
      return c.compileComprehension(s, e);
    case "Starred":
      throw c.syntaxError("can't use starred expression here", e);
    case "Yield":
    case "YieldFrom":
    case "Await":
      throw c.syntaxError(`'${e.type === "Await" ? "await" : "yield"}' outside function`, e);
  }
}

export function mergeMapping(c: Compiler, d: PyDict, src: Value): void {
  const rt = c.rt;
  if (src instanceof PyDict) {
    d.update(rt, src);
    return;
  }
  const keys = callMethod(rt, src, "keys", [], null);
  for (const k of iterToArray(rt, keys)) d.set(rt, k, getItem(rt, src, k));
}

/** Evaluate a list of elements, expanding `*x` entries. */
export function seqBuilder(c: Compiler, s: ScopeCtx, elts: A.Expr[]): (f: Frame) => Value[] {
  const rt = c.rt;
  const hasStar = elts.some((x) => x.type === "Starred");
  if (!hasStar) {
    const fs = elts.map((x) => compileExpr(c, s, x));
    const n = fs.length;
    if (n === 2) {
      const [a, b] = fs as [EF, EF];
      return (f) => [a(f), b(f)];
    }
    return (f) => {
      const out = new Array<Value>(n);
      for (let i = 0; i < n; i++) out[i] = (fs[i] as EF)(f);
      rt.alloc(8 * n);
      return out;
    };
  }
  const parts = elts.map((x) => (x.type === "Starred" ? { star: true, f: compileExpr(c, s, x.value) } : { star: false, f: compileExpr(c, s, x) }));
  return (f) => {
    const out: Value[] = [];
    for (const p of parts) {
      if (p.star) for (const x of iterToArray(rt, p.f(f))) out.push(x);
      else out.push(p.f(f));
    }
    rt.alloc(8 * out.length);
    return out;
  };
}

/** Both operands are Python ints (not bool): `binop` would reach `intBinop` with no other charge. */
function bothInts(a: Value, b: Value): a is number | bigint {
  const ta = typeof a;
  const tb = typeof b;
  return (ta === "number" || ta === "bigint") && (tb === "number" || tb === "bigint");
}

// `a + b`, `a - b`, `a * b`, `a / b` with the results binop gives for small ints, str + str and
// exact floats computed inline (no Cycles are charged on these paths either way); small enough
// for V8 to inline into each operator's closure and into fused assignments (stmt.ts).
export function addValues(rt: Runtime, a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const x = a + b;
    if (Number.isSafeInteger(x)) return x;
  } else if (typeof a === "string" && typeof b === "string") return strConcat(rt, a, b);
  else if (a instanceof PyFloat && b instanceof PyFloat && a.cls === T.float && b.cls === T.float) return new PyFloat(T.float, a.v + b.v);
  if (bothInts(a, b)) return intBinop(rt, "Add", a, b as number | bigint);
  return binop(rt, "Add", a, b);
}

export function subValues(rt: Runtime, a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const x = a - b;
    if (Number.isSafeInteger(x)) return x;
  } else if (a instanceof PyFloat && b instanceof PyFloat && a.cls === T.float && b.cls === T.float) return new PyFloat(T.float, a.v - b.v);
  if (bothInts(a, b)) return intBinop(rt, "Sub", a, b as number | bigint);
  return binop(rt, "Sub", a, b);
}

export function mulValues(rt: Runtime, a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const x = a * b;
    if (Number.isSafeInteger(x)) return x + 0; // + 0 turns -0 into 0
  } else if (a instanceof PyFloat && b instanceof PyFloat && a.cls === T.float && b.cls === T.float) return new PyFloat(T.float, a.v * b.v);
  if (bothInts(a, b)) return intBinop(rt, "Mult", a, b as number | bigint);
  return binop(rt, "Mult", a, b);
}

export function divValues(rt: Runtime, a: Value, b: Value): Value {
  if (a instanceof PyFloat && b instanceof PyFloat && b.v !== 0 && a.cls === T.float && b.cls === T.float) return new PyFloat(T.float, a.v / b.v);
  return binop(rt, "Div", a, b);
}

// Operator closures call a child closure (operand kind 0) directly rather than through `ld`: before
// V8 optimizes them, each `ld` is a host frame of its own, and a deeply nested expression in a
// recursive function would need twice the host stack the stack weight budgets for.
function binopClosure(c: Compiler, op: BinOpName, lo: Operand, ro: Operand): EF {
  const rt = c.rt;
  const { k: lk, f: l, i: li, v: lv } = lo;
  const { k: rk, f: r, i: ri, v: rv } = ro;
  switch (op) {
    case "Add":
      return (f) => addValues(rt, lk === 0 ? l(f) : ld(f, lk, l, li, lv), rk === 0 ? r(f) : ld(f, rk, r, ri, rv));
    case "Sub":
      return (f) => subValues(rt, lk === 0 ? l(f) : ld(f, lk, l, li, lv), rk === 0 ? r(f) : ld(f, rk, r, ri, rv));
    case "Mult":
      return (f) => mulValues(rt, lk === 0 ? l(f) : ld(f, lk, l, li, lv), rk === 0 ? r(f) : ld(f, rk, r, ri, rv));
    case "Mod":
      return (f) => {
        const a = lk === 0 ? l(f) : ld(f, lk, l, li, lv);
        const b = rk === 0 ? r(f) : ld(f, rk, r, ri, rv);
        if (typeof a === "number" && typeof b === "number" && b > 0 && a >= 0) {
          // Typed as uint32, V8 emits an integer remainder instead of a call to fmod.
          const ua = a >>> 0;
          const ub = b >>> 0;
          return ua === a && ub === b ? ua % ub : a % b;
        }
        if (bothInts(a, b)) return intBinop(rt, op, a, b as number | bigint);
        return binop(rt, op, a, b);
      };
    case "FloorDiv":
      return (f) => {
        const a = lk === 0 ? l(f) : ld(f, lk, l, li, lv);
        const b = rk === 0 ? r(f) : ld(f, rk, r, ri, rv);
        if (typeof a === "number" && typeof b === "number" && b > 0 && a >= 0) {
          const ua = a >>> 0;
          const ub = b >>> 0;
          return ua === a && ub === b ? (ua / ub) >>> 0 : (a - (a % b)) / b;
        }
        if (bothInts(a, b)) return intBinop(rt, op, a, b as number | bigint);
        return binop(rt, op, a, b);
      };
    case "BitAnd":
      return (f) => {
        const a = lk === 0 ? l(f) : ld(f, lk, l, li, lv);
        const b = rk === 0 ? r(f) : ld(f, rk, r, ri, rv);
        if (typeof a === "number" && typeof b === "number" && (a | 0) === a && (b | 0) === b) return a & b;
        return binop(rt, op, a, b);
      };
    case "BitXor":
      return (f) => {
        const a = lk === 0 ? l(f) : ld(f, lk, l, li, lv);
        const b = rk === 0 ? r(f) : ld(f, rk, r, ri, rv);
        if (typeof a === "number" && typeof b === "number" && (a | 0) === a && (b | 0) === b) return a ^ b;
        return binop(rt, op, a, b);
      };
    case "Div":
      return (f) => divValues(rt, lk === 0 ? l(f) : ld(f, lk, l, li, lv), rk === 0 ? r(f) : ld(f, rk, r, ri, rv));
    default:
      return (f) => binop(rt, op, lk === 0 ? l(f) : ld(f, lk, l, li, lv), rk === 0 ? r(f) : ld(f, rk, r, ri, rv));
  }
}

function compareClosure(c: Compiler, s: ScopeCtx, e: A.Compare): EF {
  const rt = c.rt;
  if (e.ops.length === 1) {
    const op = e.ops[0] as A.CmpOperator;
    const { k: lk, f: left, i: li, v: lv } = operand(c, s, e.left);
    const { k: rk, f: right, i: ri, v: rv } = operand(c, s, e.comparators[0] as A.Expr);
    switch (op) {
      case "Lt":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a < b;
          return floatCompare(LT, a, b) ?? richCompare(rt, "Lt", a, b);
        };
      case "LtE":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a <= b;
          return floatCompare(LTE, a, b) ?? richCompare(rt, "LtE", a, b);
        };
      case "Gt":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a > b;
          return floatCompare(GT, a, b) ?? richCompare(rt, "Gt", a, b);
        };
      case "GtE":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a >= b;
          return floatCompare(GTE, a, b) ?? richCompare(rt, "GtE", a, b);
        };
      case "Eq":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a === b;
          if (typeof a === "string" && typeof b === "string") return strEq(rt, a, b);
          return floatCompare(EQ, a, b) ?? richCompare(rt, "Eq", a, b);
        };
      case "NotEq":
        return (f) => {
          const a = lk === 0 ? left(f) : ld(f, lk, left, li, lv);
          const b = rk === 0 ? right(f) : ld(f, rk, right, ri, rv);
          if (typeof a === "number" && typeof b === "number") return a !== b;
          if (typeof a === "string" && typeof b === "string") return !strEq(rt, a, b);
          return floatCompare(NE, a, b) ?? richCompare(rt, "NotEq", a, b);
        };
      default:
        return (f) => compileCompare(op, lk === 0 ? left(f) : ld(f, lk, left, li, lv), rk === 0 ? right(f) : ld(f, rk, right, ri, rv), c);
    }
  }
  const left = compileExpr(c, s, e.left);
  const ops = e.ops;
  const rights = e.comparators.map((x) => compileExpr(c, s, x));
  return (f) => {
    let a = left(f);
    let r: Value = true;
    for (let i = 0; i < ops.length; i++) {
      const b = (rights[i] as EF)(f);
      r = compileCompare(ops[i] as A.CmpOperator, a, b, c);
      if (!(typeof r === "boolean" ? r : truthy(rt, r))) return r;
      a = b;
    }
    return r;
  };
}

export { toIndex, eq, callValue, Cell, E, PyThrow, float, strLenCp };

/**
 * `x[a:b:c]` as a load: a list is sliced straight from the three bound values (no slice object;
 * slice objects are not metered, so the Cycles are the same); anything else gets the PySlice.
 */
function sliceLoad(c: Compiler, s: ScopeCtx, value: A.Expr, sl: A.Expr & { type: "Slice" }): EF {
  const rt = c.rt;
  const { k: ok, f: o, i: oi, v: ov } = operand(c, s, value);
  const none = () => None;
  // The Slice node counts for nesting depth (and so the function's stack weight) as before.
  c.enterNode(sl);
  let lo: EF, hi: EF, st: EF;
  try {
    lo = sl.lower === null ? none : compileExpr(c, s, sl.lower);
    hi = sl.upper === null ? none : compileExpr(c, s, sl.upper);
    st = sl.step === null ? none : compileExpr(c, s, sl.step);
  } finally {
    c.leaveNode();
  }
  return (f) => {
    const x = ld(f, ok, o, oi, ov);
    const a = lo(f);
    const b = hi(f);
    const k = st(f);
    if (x instanceof PyList && x.cls === T.list) return new PyList(T.list, sliceValues(rt, x.items, a, b, k));
    return getItem(rt, x, new PySlice(T.slice, a, b, k));
  };
}
