// Statements → closures returning a completion code (NORMAL/BREAK/CONTINUE/RETURN). A block
// charges the static cost of all its statements once at entry (one subtraction, one comparison).
import { type AttrDict, NO_SHAPE, type Shape } from "../runtime/attrs.js";
import type * as A from "../ast.js";
import { callMethod, callValue, delAttr, getAttr, setAttr, slotNameAllowed, userDunder } from "../runtime/call.js";
import { addTraceback, E, PyBaseException, PyThrow, pyErr } from "../runtime/exceptions.js";
import { iterate, iterToArray } from "../runtime/iter.js";
import { PyFloat, PyList, type PyObject, PyRange, PyTuple, PyType, type Value } from "../runtime/object.js";
import { binop, type BinOpName, inplaceBinop, repr, str, truthy, typeOf } from "../runtime/ops.js";
import { delItem, getItem, setItem } from "../runtime/subscript.js";
import { PyDict } from "../runtime/dict.js";
import type { Runtime } from "../runtime/context.js";
import { None, T } from "../runtime/types.js";
import { type Compiler, makeRaise, prepLoad, type ScopeCtx } from "./compiler.js";
import { C } from "../runtime/costs.js";
import { stmtCost } from "./cost.js";
import { condOf, condTrue } from "./cond.js";
import { addValues, compileExpr, divValues, ld, mulValues, type Operand, operand, subValues } from "./expr.js";
import { BREAK, CONTINUE, type EF, type Frame, NORMAL, RETURN, type SF } from "./frame.js";
import { compileClassDef } from "./classes.js";
import { compileImport, compileImportFrom } from "./imports.js";
import { compileMatch } from "./match.js";

export type Store = (f: Frame, v: Value) => void;

/**
 * A block sets the current line before each statement (for tracebacks) and charges the static
 * cost of all its statements once at entry.
 */
export function compileBlock(c: Compiler, s: ScopeCtx, body: A.Stmt[]): SF {
  const rt = c.rt;
  const { fns, lines, cost } = blockParts(c, s, body);
  const n = fns.length;
  if (n === 0) return () => NORMAL;
  if (n === 1) {
    const a = fns[0] as SF;
    const la = lines[0] as number;
    return (f) => {
      if ((rt.budget -= cost) < 0) rt.overdrawn(cost);
      f.line = la;
      return a(f);
    };
  }
  if (n === 2) {
    const [a, b] = fns as [SF, SF];
    const [la, lb] = lines as [number, number];
    return (f) => {
      if ((rt.budget -= cost) < 0) rt.overdrawn(cost);
      f.line = la;
      const r = a(f);
      if (r !== NORMAL) return r;
      f.line = lb;
      return b(f);
    };
  }
  return (f) => {
    if ((rt.budget -= cost) < 0) rt.overdrawn(cost);
    for (let i = 0; i < n; i++) {
      f.line = lines[i] as number;
      const r = (fns[i] as SF)(f);
      if (r !== NORMAL) return r;
    }
    return NORMAL;
  };
}

/** A block's statements, their lines and its static cost, for loops that run their body inline. */
export interface BlockParts {
  readonly fns: SF[];
  readonly lines: number[];
  readonly cost: number;
}

function blockParts(c: Compiler, s: ScopeCtx, body: A.Stmt[]): BlockParts {
  const fns = body.map((st) => compileStmtBare(c, s, st));
  const lines = body.map((st) => st.lineno);
  let cost = 0;
  for (const st of body) cost += stmtCost(st);
  return { fns, lines, cost };
}

/**
 * Run a loop body given by its parts: what the block's own closure does (charge at entry, set each
 * line), inline in the loop's closure so an iteration makes one call fewer. `rt.budget` is charged
 * by the caller-visible rule of compileBlock: an empty body charges nothing.
 */
function runBody(rt: Runtime, f: Frame, p: BlockParts): number {
  const fns = p.fns;
  const n = fns.length;
  if (n === 0) return NORMAL;
  const cost = p.cost;
  if ((rt.budget -= cost) < 0) rt.overdrawn(cost);
  const lines = p.lines;
  for (let j = 0; j < n; j++) {
    f.line = lines[j] as number;
    const r = (fns[j] as SF)(f);
    if (r !== NORMAL) return r;
  }
  return NORMAL;
}

function compileStmtBare(c: Compiler, s: ScopeCtx, st: A.Stmt): SF {
  c.enterNode(st);
  try {
    return compileStmtInner(c, s, st);
  } finally {
    c.leaveNode();
  }
}

/** A single statement that sets its own line (used where statements are not in a block). */
export function compileStmt(c: Compiler, s: ScopeCtx, st: A.Stmt): SF {
  const inner = compileStmtBare(c, s, st);
  const line = st.lineno;
  return (f) => {
    f.line = line;
    return inner(f);
  };
}

export function unpackTo(c: Compiler, elts: A.Expr[], v: Value): Value[] {
  const rt = c.rt;
  const starAt = elts.findIndex((x) => x.type === "Starred");
  const items = v instanceof PyTuple || v instanceof PyList ? v.items : iterToArray(rt, v);
  if (starAt < 0) {
    if (items.length !== elts.length) {
      if (items.length > elts.length) throw pyErr("ValueError", `too many values to unpack (expected ${elts.length})`);
      throw pyErr("ValueError", `not enough values to unpack (expected ${elts.length}, got ${items.length})`);
    }
    return items as Value[];
  }
  const after = elts.length - starAt - 1;
  if (items.length < elts.length - 1) throw pyErr("ValueError", `not enough values to unpack (expected at least ${elts.length - 1}, got ${items.length})`);
  const out = items.slice(0, starAt) as Value[];
  out.push(new PyList(T.list, items.slice(starAt, items.length - after) as Value[]));
  for (const x of items.slice(items.length - after)) out.push(x);
  return out;
}

/**
 * Whether `obj.name = v` on an object of user class `ty` is a plain write to its attribute dict:
 * no class attribute of that name (so no descriptor), no __setattr__, allowed by __slots__.
 */
function plainAttrStore(obj: PyObject, ty: PyType, name: string): boolean {
  return (
    obj.dict !== null &&
    !ty.builtin &&
    !(obj instanceof PyType) &&
    !(obj instanceof PyBaseException) &&
    ty.lookup(name) === undefined &&
    userDunder(ty, "__setattr__") === undefined &&
    (ty.slots === null || ty.hasDict || slotNameAllowed(ty, name))
  );
}

export function compileStore(c: Compiler, s: ScopeCtx, t: A.Expr): Store {
  const rt = c.rt;
  switch (t.type) {
    case "Name":
      return c.storeName(s, t.id, t);
    case "Attribute": {
      const o = compileExpr(c, s, t.value);
      const name = t.attr;
      // These replace the storage or the class: never a plain dict store.
      if (name === "__dict__" || name === "__class__") return (f, v) => setAttr(rt, o(f), name, v);
      // Inline cache: the last user class (and version) for which a plain instance-dict store is
      // correct here (no class attribute of that name, so no descriptor; no __setattr__; allowed
      // by __slots__).
      // Shape caches (attrs.ts): `icShape` has the name at `icIndex` (an overwrite); adding the
      // name to a dict of shape `icFrom` leads to `icTo` (the stores of an __init__).
      let icType: PyType | null = null;
      let icVersion = -1;
      let icShape: Shape = NO_SHAPE;
      let icIndex = 0;
      let icFrom: Shape = NO_SHAPE;
      let icTo: Shape = NO_SHAPE;
      return (f, v) => {
        const obj = o(f);
        if (typeof obj === "object") {
          const ty = obj.cls;
          if ((ty === icType && ty.version === icVersion) || (plainAttrStore(obj, ty, name) && ((icType = ty), (icVersion = ty.version), true))) {
            const d = obj.dict as AttrDict;
            const sh = d.shape;
            if (sh === icShape) {
              d.vals[icIndex] = v;
              return;
            }
            if (sh === icFrom) {
              rt.alloc(16);
              d.vals.push(v);
              d.shape = icTo;
              return;
            }
            if (sh !== null) {
              const i = sh.indexOf(name);
              if (i >= 0) {
                d.vals[i] = v;
                icShape = sh;
                icIndex = i;
                return;
              }
            } else if (d.has(name)) {
              d.set(name, v);
              return;
            }
            rt.alloc(16);
            d.set(name, v);
            if (sh !== null && d.shape !== null) {
              icFrom = sh;
              icTo = d.shape;
            }
            return;
          }
        }
        setAttr(rt, obj, name, v);
      };
    }
    case "Subscript": {
      const { k: ok, f: o, i: oi, v: ov } = operand(c, s, t.value);
      const { k: kk, f: k, i: ki, v: kv } = operand(c, s, t.slice);
      return (f, v) => {
        const obj = ld(f, ok, o, oi, ov);
        const key = ld(f, kk, k, ki, kv);
        if (obj instanceof PyList && obj.cls === T.list && typeof key === "number" && key >= 0 && key < obj.items.length) obj.items[key] = v;
        else setItem(rt, obj, key, v);
      };
    }
    case "Tuple":
    case "List": {
      const subs = t.elts.map((x) => compileStore(c, s, x.type === "Starred" ? x.value : x));
      const elts = t.elts;
      // Targets that are fast locals are stored straight into their slots (no call per name).
      const slots = elts.map((x) => (x.type === "Name" && s.scope.resolve(x.id).kind === "fast" ? (s.scope.slots.get(x.id) as number) : -1));
      const n = subs.length;
      if (n === 2 && !elts.some((x) => x.type === "Starred")) {
        const [a, b] = subs as [Store, Store];
        return (f, v) => {
          if (v instanceof PyTuple && v.items.length === 2) {
            a(f, v.items[0] as Value);
            b(f, v.items[1] as Value);
            return;
          }
          const xs = unpackTo(c, elts, v);
          a(f, xs[0] as Value);
          b(f, xs[1] as Value);
        };
      }
      return (f, v) => {
        const xs = unpackTo(c, elts, v);
        const sl = f.s;
        for (let i = 0; i < n; i++) {
          const slot = slots[i] as number;
          if (slot >= 0) sl[slot] = xs[i] as Value;
          else (subs[i] as Store)(f, xs[i] as Value);
        }
      };
    }
    default:
      throw c.syntaxError(`cannot assign to ${t.type === "Call" ? "function call" : "expression"}`, t);
  }
}

function compileDelete(c: Compiler, s: ScopeCtx, t: A.Expr): (f: Frame) => void {
  const rt = c.rt;
  switch (t.type) {
    case "Name":
      return c.deleteName(s, t.id);
    case "Attribute": {
      const o = compileExpr(c, s, t.value);
      return (f) => delAttr(rt, o(f), t.attr);
    }
    case "Subscript": {
      const o = compileExpr(c, s, t.value);
      const k = compileExpr(c, s, t.slice);
      return (f) => delItem(rt, o(f), k(f));
    }
    case "Tuple":
    case "List": {
      const subs = t.elts.map((x) => compileDelete(c, s, x));
      return (f) => {
        for (const d of subs) d(f);
      };
    }
    default:
      throw c.syntaxError("cannot delete expression", t);
  }
}

function compileAugAssign(c: Compiler, s: ScopeCtx, st: A.AugAssign): SF {
  const rt = c.rt;
  const op = st.op as BinOpName;
  const t = st.target;
  const fast = t.type === "Name" ? s.scope.resolve(t.id) : null;
  if (t.type === "Name" && fast !== null && fast.kind === "fast" && (op === "Add" || op === "Sub")) {
    // `i += 1`: the value is read inline when it is a constant or a fast local (no child call).
    const { k: vk, f: vf, i: vi, v: vv } = operand(c, s, st.value);
    const load = c.loadName(s, t.id, t);
    const i = fast.slot;
    const add = op === "Add";
    return (f) => {
      const a = f.s[i];
      const b = ld(f, vk, vf, vi, vv);
      if (typeof a === "number" && typeof b === "number") {
        const x = add ? a + b : a - b;
        if (Number.isSafeInteger(x)) {
          f.s[i] = x;
          return NORMAL;
        }
      }
      // An unbound local (undefined) goes through load() for its UnboundLocalError.
      f.s[i] = a === undefined ? inplaceBinop(rt, op, load(f), b) : augValue(rt, op, a as Value, b);
      return NORMAL;
    };
  }
  const val = compileExpr(c, s, st.value);
  if (t.type === "Name") {
    const load = c.loadName(s, t.id, t);
    const store = c.storeName(s, t.id, t);
    return (f) => {
      store(f, inplaceBinop(rt, op, load(f), val(f)));
      return NORMAL;
    };
  }
  if (t.type === "Attribute") {
    const o = compileExpr(c, s, t.value);
    const name = t.attr;
    // Inline cache as for attribute loads and stores: `obj.name op= v` on a plain instance dict.
    let icType: PyType | null = null;
    let icVersion = -1;
    let icShape: Shape = NO_SHAPE;
    let icIndex = 0;
    return (f) => {
      const obj = o(f);
      if (typeof obj === "object") {
        const ty = obj.cls;
        const hit =
          (ty === icType && ty.version === icVersion) ||
          (plainAttrStore(obj, ty, name) && userDunder(ty, "__getattribute__") === undefined && ((icType = ty), (icVersion = ty.version), true));
        if (hit) {
          const d = obj.dict as AttrDict;
          const sh = d.shape;
          if (sh === icShape) {
            const r = augValue(rt, op, d.vals[icIndex] as Value, val(f));
            // The right-hand side may have changed the dict: then store by name.
            if (d.shape === sh) d.vals[icIndex] = r;
            else d.set(name, r);
            return NORMAL;
          }
          const cur = d.get(name);
          if (cur !== undefined) {
            if (sh !== null) {
              icShape = sh;
              icIndex = sh.indexOf(name);
            }
            d.set(name, augValue(rt, op, cur, val(f)));
            return NORMAL;
          }
        }
      }
      setAttr(rt, obj, name, inplaceBinop(rt, op, getAttr(rt, obj, name), val(f)));
      return NORMAL;
    };
  }
  const { k: ok, f: o, i: oi, v: ov } = operand(c, s, t.value);
  const { k: kk, f: k, i: ki, v: kv } = operand(c, s, t.slice);
  return (f) => {
    const obj = ld(f, ok, o, oi, ov);
    const key = ld(f, kk, k, ki, kv);
    if (obj instanceof PyList && obj.cls === T.list && typeof key === "number" && key >= 0 && key < obj.items.length) {
      const r = augValue(rt, op, obj.items[key] as Value, val(f));
      // The right-hand side may have shrunk or replaced the list: store as CPython would then.
      if (key < obj.items.length) obj.items[key] = r;
      else setItem(rt, obj, key, r);
      return NORMAL;
    }
    setItem(rt, obj, key, inplaceBinop(rt, op, getItem(rt, obj, key), val(f)));
    return NORMAL;
  };
}

/**
 * `a op= b` with the results binop gives for small ints and exact floats computed inline (no
 * Cycles are charged on these paths either way); everything else goes to inplaceBinop.
 */
function augValue(rt: Runtime, op: BinOpName, a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") {
    const x = op === "Add" ? a + b : op === "Sub" ? a - b : op === "Mult" ? a * b + 0 : Number.NaN;
    if (Number.isSafeInteger(x)) return x;
  } else if (a instanceof PyFloat && b instanceof PyFloat && a.cls === T.float && b.cls === T.float) {
    if (op === "Add") return new PyFloat(T.float, a.v + b.v);
    if (op === "Sub") return new PyFloat(T.float, a.v - b.v);
    if (op === "Mult") return new PyFloat(T.float, a.v * b.v);
  }
  return inplaceBinop(rt, op, a, b);
}

const FUSED: Partial<Record<string, number>> = { Add: 0, Sub: 1, Mult: 2, Div: 3 };

/**
 * `x = a + b` (also -, *, /) into a fast local: the operator is computed in the statement's own
 * closure, its operands read inline when they are fast locals or constants — one call fewer than
 * an assignment calling the operator's closure. Same values, errors and Cycles.
 */
function fusedAssign(c: Compiler, s: ScopeCtx, st: A.Assign): SF | null {
  const t = st.targets[0] as A.Expr;
  const e = st.value;
  if (st.targets.length !== 1 || t.type !== "Name" || e.type !== "BinOp") return null;
  const op = FUSED[e.op];
  const r = s.scope.resolve(t.id);
  if (op === undefined || r.kind !== "fast") return null;
  const rt = c.rt;
  const slot = r.slot;
  // The BinOp node counts for nesting depth (the frame's stack weight) as compileExpr would.
  c.enterNode(e);
  let a: Operand, b: Operand;
  try {
    a = operand(c, s, e.left);
    b = operand(c, s, e.right);
  } finally {
    c.leaveNode();
  }
  const { k: ak, f: af, i: ai, v: av } = a;
  const { k: bk, f: bf, i: bi, v: bv } = b;
  switch (op) {
    case 0:
      return (f) => {
        f.s[slot] = addValues(rt, ld(f, ak, af, ai, av), ld(f, bk, bf, bi, bv));
        return NORMAL;
      };
    case 1:
      return (f) => {
        f.s[slot] = subValues(rt, ld(f, ak, af, ai, av), ld(f, bk, bf, bi, bv));
        return NORMAL;
      };
    case 2:
      return (f) => {
        f.s[slot] = mulValues(rt, ld(f, ak, af, ai, av), ld(f, bk, bf, bi, bv));
        return NORMAL;
      };
    default:
      return (f) => {
        f.s[slot] = divValues(rt, ld(f, ak, af, ai, av), ld(f, bk, bf, bi, bv));
        return NORMAL;
      };
  }
}

function compileStmtInner(c: Compiler, s: ScopeCtx, st: A.Stmt): SF {
  const rt = c.rt;
  switch (st.type) {
    case "Expr": {
      const e = compileExpr(c, s, st.value);
      return (f) => {
        e(f);
        return NORMAL;
      };
    }
    case "Assign": {
      const fused = fusedAssign(c, s, st);
      if (fused !== null) return fused;
      const v = compileExpr(c, s, st.value);
      if (st.targets.length === 1) {
        const t = st.targets[0] as A.Expr;
        if (t.type === "Name") {
          const r = s.scope.resolve(t.id);
          if (r.kind === "fast") {
            const i = r.slot;
            return (f) => {
              f.s[i] = v(f);
              return NORMAL;
            };
          }
        }
        const store = compileStore(c, s, t);
        return (f) => {
          store(f, v(f));
          return NORMAL;
        };
      }
      const stores = st.targets.map((t) => compileStore(c, s, t));
      return (f) => {
        const x = v(f);
        for (const store of stores) store(f, x);
        return NORMAL;
      };
    }
    case "AugAssign":
      return compileAugAssign(c, s, st);
    case "AnnAssign": {
      // In class and module bodies, `name: T` records T in __annotations__ (dataclass-style code
      // relies on it); function-local annotations are not evaluated, as in CPython.
      const record =
        st.simple === 1 && st.target.type === "Name" && (s.scope.kind === "class" || s.scope.kind === "module")
          ? annotationRecorder(c, s, st.target.id, compileExpr(c, s, st.annotation))
          : null;
      const v = st.value === null ? null : compileExpr(c, s, st.value);
      const store = st.value === null ? null : compileStore(c, s, st.target);
      return (f) => {
        if (v !== null) (store as Store)(f, v(f));
        if (record !== null) record(f);
        return NORMAL;
      };
    }
    case "Pass":
      return () => NORMAL;
    case "Break":
      if (s.loop === 0) throw c.syntaxError("'break' outside loop", st);
      return () => BREAK;
    case "Continue":
      if (s.loop === 0) throw c.syntaxError("'continue' not properly in loop", st);
      return () => CONTINUE;
    case "Return": {
      if (s.scope.kind !== "function") throw c.syntaxError("'return' outside function", st);
      if (st.value === null)
        return (f) => {
          f.ret = None;
          return RETURN;
        };
      const v = compileExpr(c, s, st.value);
      return (f) => {
        f.ret = v(f);
        return RETURN;
      };
    }
    case "If": {
      const test = condOf(c, s, st.test);
      const body = compileBlock(c, s, st.body);
      const orelse = st.orelse.length > 0 ? compileBlock(c, s, st.orelse) : null;
      return (f) => {
        if (condTrue(rt, f, test)) return body(f);
        return orelse === null ? NORMAL : orelse(f);
      };
    }
    case "While": {
      const test = condOf(c, s, st.test);
      const testCost = C.step + (stmtCost({ ...st, type: "If", body: [], orelse: [] } as A.If) - C.step);
      s.loop++;
      const body = blockParts(c, s, st.body);
      s.loop--;
      const orelse = st.orelse.length > 0 ? compileBlock(c, s, st.orelse) : null;
      return (f) => {
        for (;;) {
          if ((rt.budget -= testCost) < 0) rt.overdrawn(testCost);
          if (!condTrue(rt, f, test)) break;
          const r = runBody(rt, f, body);
          if (r === BREAK) return NORMAL;
          if (r === RETURN) return r;
        }
        return orelse === null ? NORMAL : orelse(f);
      };
    }
    case "For": {
      const iter = compileExpr(c, s, st.iter);
      const store = compileStore(c, s, st.target);
      const fastSlot = st.target.type === "Name" && s.scope.resolve(st.target.id).kind === "fast" ? (s.scope.slots.get(st.target.id) as number) : -1;
      s.loop++;
      const body = blockParts(c, s, st.body);
      s.loop--;
      const orelse = st.orelse.length > 0 ? compileBlock(c, s, st.orelse) : null;
      const step = C.step;
      return (f) => {
        const it = iter(f);
        if (it instanceof PyRange && fastSlot >= 0 && it.step === 1n && it.start >= -(2n ** 52n) && it.stop <= 2n ** 52n) {
          const stop = Number(it.stop);
          for (let i = Number(it.start); i < stop; i++) {
            if ((rt.budget -= step) < 0) rt.overdrawn(step);
            f.s[fastSlot] = i;
            const r = runBody(rt, f, body);
            if (r === BREAK) return NORMAL;
            if (r === RETURN) return r;
          }
          return orelse === null ? NORMAL : orelse(f);
        }
        const next = iterate(rt, it);
        // The iterable is pinned while the loop runs: often nothing else holds it (`for x in
        // build():`), and the live-heap recount must see it. Safe as a stack: this body cannot
        // suspend (a loop containing `yield` is compiled by generators.ts, which keeps it on the frame).
        rt.pins.push(it);
        try {
          for (let x = next(); x !== undefined; x = next()) {
            if ((rt.budget -= step) < 0) rt.overdrawn(step);
            store(f, x);
            const r = runBody(rt, f, body);
            if (r === BREAK) return NORMAL;
            if (r === RETURN) return r;
          }
        } finally {
          rt.pins.pop();
        }
        return orelse === null ? NORMAL : orelse(f);
      };
    }
    case "Raise":
      return compileRaise(c, s, st);
    case "Try":
      return compileTry(c, s, st, false);
    case "TryStar":
      return compileTry(c, s, st, true);
    case "Assert": {
      const test = compileExpr(c, s, st.test);
      const msg = st.msg === null ? null : compileExpr(c, s, st.msg);
      return (f) => {
        const t = test(f);
        if (typeof t === "boolean" ? t : truthy(rt, t)) return NORMAL;
        const e = new PyBaseException(E.AssertionError, msg === null ? [] : [msg(f)]);
        attachContext(rt, e);
        throw new PyThrow(e);
      };
    }
    case "Delete": {
      const ds = st.targets.map((t) => compileDelete(c, s, t));
      return (f) => {
        for (const d of ds) d(f);
        return NORMAL;
      };
    }
    case "FunctionDef":
    case "AsyncFunctionDef": {
      const make = c.compileFunctionDef(s, st);
      const decos = st.decorator_list.map((d) => compileExpr(c, s, d));
      const store = c.storeName(s, st.name, st);
      return (f) => {
        const ds = decos.map((d) => d(f));
        let fn: Value = make(f);
        for (let i = ds.length - 1; i >= 0; i--) fn = callValue(rt, ds[i] as Value, [fn], null);
        store(f, fn);
        return NORMAL;
      };
    }
    case "ClassDef":
      return compileClassDef(c, s, st);
    case "With":
      return compileWith(c, s, st.items, st.body);
    case "Import":
      return compileImport(c, s, st);
    case "ImportFrom":
      return compileImportFrom(c, s, st);
    case "Global":
    case "Nonlocal":
      return () => NORMAL;
    case "Match":
      return compileMatch(c, s, st);
    case "AsyncFor":
    case "AsyncWith":
      throw c.syntaxError(`'${st.type === "AsyncFor" ? "async for" : "async with"}' outside async function`, st);
  }
}

/** Set __context__ of a newly raised exception to the one being handled, as CPython does. */
export function attachContext(rt: Compiler["rt"], e: PyBaseException): void {
  const h = rt.handling;
  if (h.length > 0) {
    const cur = h[h.length - 1] as PyBaseException;
    if (cur !== e && e.context === null) e.context = cur;
  }
}

function compileRaise(c: Compiler, s: ScopeCtx, st: A.Raise): SF {
  const rt = c.rt;
  if (st.exc === null) {
    return () => {
      const h = rt.handling;
      if (h.length === 0) throw pyErr("RuntimeError", "No active exception to reraise");
      throw new PyThrow(h[h.length - 1] as PyBaseException);
    };
  }
  const exc = compileExpr(c, s, st.exc);
  const cause = st.cause === null ? null : compileExpr(c, s, st.cause);
  return (f) => {
    const e = makeRaise(rt, exc(f));
    if (cause !== null) {
      const cv = cause(f);
      if (cv === None) e.cause = null;
      else e.cause = makeRaise(rt, cv);
      e.suppressContext = true;
    }
    attachContext(rt, e);
    throw new PyThrow(e);
  };
}

/** The frame that catches `e` is part of its traceback (CPython lists it with the line that raised). */
export function noteCatch(c: Compiler, f: Frame, e: PyBaseException): void {
  addTraceback(e, c.filename, f.line, f.fn === null ? "<module>" : f.fn.code.name, f);
}

export function matches(rt: Compiler["rt"], e: PyBaseException, t: Value): boolean {
  if (t instanceof PyTuple) return t.items.some((x) => matches(rt, e, x));
  if (typeof t !== "object" || !("mro" in t)) throw pyErr("TypeError", "catching classes that do not inherit from BaseException is not allowed");
  const cls = t as import("../runtime/object.js").PyType;
  if (!cls.isSubtypeOf(E.BaseException)) throw pyErr("TypeError", "catching classes that do not inherit from BaseException is not allowed");
  return e.cls.isSubtypeOf(cls);
}

interface Handler {
  type: EF | null;
  store: Store | null;
  del: ((f: Frame) => void) | null;
  body: SF;
}

function compileTry(c: Compiler, s: ScopeCtx, st: A.Try | A.TryStar, star: boolean): SF {
  const rt = c.rt;
  const body = compileBlock(c, s, st.body);
  const handlers: Handler[] = st.handlers.map((h) => ({
    type: h.type_ === null ? null : compileExpr(c, s, h.type_),
    store: h.name === null ? null : c.storeName(s, h.name, h),
    del: h.name === null ? null : c.deleteName(s, h.name),
    body: compileBlock(c, s, h.body),
  }));
  const orelse = st.orelse.length > 0 ? compileBlock(c, s, st.orelse) : null;
  const fin = st.finalbody.length > 0 ? compileBlock(c, s, st.finalbody) : null;
  const exceptCost = C.except;
  const finallyCost = C.finally;

  const runHandler = (f: Frame, h: Handler, e: PyBaseException): number => {
    if ((rt.budget -= exceptCost) < 0) rt.overdrawn(exceptCost);
    if (h.store !== null) h.store(f, e);
    rt.handling.push(e);
    try {
      return h.body(f);
    } catch (x) {
      if (x instanceof PyThrow && x.exc !== e && x.exc.context === null) x.exc.context = e;
      throw x;
    } finally {
      leaveHandler(rt, f, h.del);
    }
  };

  const tryPart = (f: Frame): number => {
    let r: number;
    try {
      r = body(f);
    } catch (x) {
      if (!(x instanceof PyThrow)) throw x;
      const e = x.exc;
      noteCatch(c, f, e);
      if (star) return runStarHandlers(c, f, handlers, e, runHandler);
      for (const h of handlers) {
        if (h.type === null || matches(rt, e, h.type(f))) return runHandler(f, h, e);
      }
      throw x;
    }
    if (r === NORMAL && orelse !== null) return orelse(f);
    return r;
  };

  if (fin === null) return tryPart;
  return (f) => {
    let r: number;
    try {
      r = tryPart(f);
    } catch (x) {
      if (!(x instanceof PyThrow)) throw x; // OutOfCycles and host errors unwind everything
      if ((rt.budget -= finallyCost) < 0) rt.overdrawn(finallyCost);
      rt.handling.push(x.exc);
      let fr: number;
      try {
        fr = fin(f);
      } catch (y) {
        if (y instanceof PyThrow && y.exc !== x.exc && y.exc.context === null) y.exc.context = x.exc;
        throw y;
      } finally {
        rt.handling.pop();
      }
      if (fr !== NORMAL) return fr; // return/break in finally swallows the exception
      throw x;
    }
    if ((rt.budget -= finallyCost) < 0) rt.overdrawn(finallyCost);
    const fr = fin(f);
    return fr !== NORMAL ? fr : r;
  };
}

/** After an except clause: stop handling its exception and unbind `as name` (if still bound). */
export function leaveHandler(rt: Runtime, f: Frame, del: ((f: Frame) => void) | null): void {
  rt.handling.pop();
  if (del === null) return;
  try {
    del(f);
  } catch {
    // already unbound by the handler body
  }
}

/** except*: split an exception group by handler type; unhandled parts are re-raised as a group. */
function runStarHandlers(c: Compiler, f: Frame, handlers: Handler[], e: PyBaseException, run: (f: Frame, h: Handler, e: PyBaseException) => number): number {
  const rt = c.rt;
  let rest: PyBaseException[] = e.exceptions !== null ? e.exceptions.slice() : [e];
  const isGroup = e.exceptions !== null;
  const raised: PyBaseException[] = [];
  for (const h of handlers) {
    if (rest.length === 0) break;
    const t = (h.type as EF)(f);
    const hit = rest.filter((x) => matches(rt, x, t));
    if (hit.length === 0) continue;
    rest = rest.filter((x) => !hit.includes(x));
    const sub = isGroup ? groupLike(e, hit) : (hit[0] as PyBaseException);
    try {
      run(f, h, isGroup ? sub : groupLike(null, hit));
    } catch (x) {
      if (x instanceof PyThrow) raised.push(x.exc);
      else throw x;
    }
  }
  return starOutcome(e, isGroup, rest, raised);
}

/**
 * The end of an except* statement: nothing left (NORMAL), the unmatched part of the group, the
 * original exception when nothing matched it, or the unmatched and newly raised ones as a group.
 */
export function starOutcome(e: PyBaseException, isGroup: boolean, rest: PyBaseException[], raised: PyBaseException[]): number {
  const left = [...rest, ...raised];
  if (left.length === 0) return NORMAL;
  if (rest.length > 0 && raised.length === 0 && isGroup) throw new PyThrow(groupLike(e, rest));
  if (!isGroup && raised.length === 0) throw new PyThrow(e);
  throw new PyThrow(groupLike(e, left));
}

export function groupLike(template: PyBaseException | null, excs: PyBaseException[]): PyBaseException {
  const msg = template !== null ? (template.args[0] ?? "") : "";
  const allExc = excs.every((x) => x.cls.isSubtypeOf(E.Exception));
  const g = new PyBaseException(template?.cls ?? (allExc ? E.ExceptionGroup : E.BaseExceptionGroup), [msg, new PyTuple(T.tuple, excs)]);
  g.exceptions = excs;
  return g;
}

function compileWith(c: Compiler, s: ScopeCtx, items: A.WithItem[], bodyStmts: A.Stmt[]): SF {
  if (items.length > 1) {
    const inner = compileWith(c, s, items.slice(1), bodyStmts);
    return withOne(c, s, items[0] as A.WithItem, inner);
  }
  return withOne(c, s, items[0] as A.WithItem, compileBlock(c, s, bodyStmts));
}

function withOne(c: Compiler, s: ScopeCtx, item: A.WithItem, body: SF): SF {
  const rt = c.rt;
  const ctxExpr = compileExpr(c, s, item.context_expr);
  const store = item.optional_vars === null ? null : compileStore(c, s, item.optional_vars);
  return (f) => {
    const mgr = ctxExpr(f);
    const t = typeOf(mgr);
    const enter = t.lookup("__enter__");
    const exit = t.lookup("__exit__");
    if (enter === undefined || exit === undefined) {
      throw pyErr("TypeError", `'${t.name}' object does not support the context manager protocol`);
    }
    const v = callMethod(rt, mgr, "__enter__", [], null);
    let r: number;
    try {
      if (store !== null) store(f, v);
      r = body(f);
    } catch (x) {
      if (!(x instanceof PyThrow)) throw x;
      const e = x.exc;
      rt.handling.push(e);
      let suppress: Value;
      try {
        suppress = callMethod(rt, mgr, "__exit__", [e.cls, e, None], null);
      } finally {
        rt.handling.pop();
      }
      if (truthy(rt, suppress)) return NORMAL;
      throw x;
    }
    callMethod(rt, mgr, "__exit__", [None, None, None], null);
    return r;
  };
}

export { binop, repr, str, getAttr };

function annotationRecorder(c: Compiler, s: ScopeCtx, name: string, ann: EF): (f: Frame) => void {
  const rt = c.rt;
  const isClass = s.scope.kind === "class";
  const binding = isClass ? null : c.globals.binding("__annotations__");
  return (f) => {
    const cur: Value | undefined = isClass
      ? f.nsObj !== undefined
        ? prepLoad(rt, f.nsObj, "__annotations__")
        : (f.ns as Map<string, Value>).get("__annotations__")
      : (binding as { v: Value | undefined }).v;
    let d: PyDict;
    if (cur instanceof PyDict) d = cur;
    else {
      d = new PyDict();
      if (isClass && f.nsObj !== undefined) setItem(rt, f.nsObj, "__annotations__", d);
      else if (isClass) (f.ns as Map<string, Value>).set("__annotations__", d);
      else (binding as { v: Value | undefined }).v = d;
    }
    d.set(rt, name, ann(f));
  };
}
