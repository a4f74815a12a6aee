// class statements: metaclass selection, __prepare__, __mro_entries__, the class body, zero-arg
// super()'s __class__ cell; the class object itself is made by runtime/create-class.ts.
import type * as A from "../ast.js";
import { callMethod, callValue, getAttr, userDunder } from "../runtime/call.js";
import { getItem, setItem } from "../runtime/subscript.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyDict } from "../runtime/dict.js";
import { iterToArray } from "../runtime/iter.js";
import { Cell, PyTuple, PyType, type Value } from "../runtime/object.js";
import { tuple, typeOf } from "../runtime/ops.js";
import { T } from "../runtime/types.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { compileExpr } from "./expr.js";
import { Frame, NORMAL, type SF } from "./frame.js";
import { createClass, initSubclass } from "../runtime/create-class.js";
import { compileBlock } from "./stmt.js";

function mostDerivedMeta(explicit: PyType | null, bases: PyType[]): PyType {
  let meta = explicit ?? T.type;
  for (const b of bases) {
    const m = b.cls;
    if (m.isSubtypeOf(meta)) meta = m;
    else if (!meta.isSubtypeOf(m))
      throw pyErr("TypeError", "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases");
  }
  return meta;
}

/**
 * A metaclass's `__prepare__(name, bases, **kw)`: the mapping the class body runs in, or undefined
 * when the metaclass does not define one (type's own returns a fresh dict, which `ns` already is).
 */
function prepareNamespace(rt: Runtime, meta: PyType, name: string, bases: PyType[], kw: Map<string, Value> | null): Value | undefined {
  if (meta === T.type || userDunder(meta, "__prepare__") === undefined) return undefined;
  const ns = callValue(rt, getAttr(rt, meta, "__prepare__"), [name, tuple(bases)], kw);
  if (!(ns instanceof PyDict) && (typeof ns !== "object" || ns.cls.builtin || userDunder(ns.cls, "__getitem__") === undefined)) {
    throw pyErr("TypeError", `${meta.name}.__prepare__() must return a mapping, not ${typeOf(ns).name}`);
  }
  return ns;
}

/** The keys and values of a prepared class namespace, for the class itself. */
function namespaceMap(rt: Runtime, ns: Value): Map<string, Value> {
  const m = new Map<string, Value>();
  if (ns instanceof PyDict) {
    for (const e of ns.table.entries()) if (typeof e.k === "string") m.set(e.k, e.v);
    return m;
  }
  for (const k of iterToArray(rt, callMethod(rt, ns, "keys", [], null))) if (typeof k === "string") m.set(k, getItem(rt, ns, k));
  return m;
}

/** Build a class with metaclass `meta` (which may define __new__/__init__ in Python). */
function buildClass(
  rt: Runtime,
  meta: PyType,
  name: string,
  bases: PyType[],
  ns: Map<string, Value> | Value,
  kw: Map<string, Value> | null,
  module: string,
  qualname: string,
): Value {
  if (meta === T.type || (userDunder(meta, "__new__") === undefined && userDunder(meta, "__init__") === undefined && userDunder(meta, "__call__") === undefined)) {
    const cls = createClass(rt, meta, name, bases, ns instanceof Map ? ns : namespaceMap(rt, ns), module, qualname);
    initSubclass(rt, cls, kw);
    return cls;
  }
  if (!(ns instanceof Map)) return callValue(rt, meta, [name, tuple(bases), ns], kw);
  const d = new PyDict();
  for (const [k, v] of ns) d.set(rt, k, v);
  return callValue(rt, meta, [name, tuple(bases), d], kw);
}

/**
 * PEP 560: a base that is not a class may supply classes through `__mro_entries__(bases)` (how
 * typing.Generic[T] and friends become bases). Returns `orig` itself when every base is a class.
 */
function resolveBases(rt: Runtime, orig: Value[]): Value[] {
  if (orig.every((b) => b instanceof PyType)) return orig;
  const out: Value[] = [];
  for (const b of orig) {
    if (b instanceof PyType) {
      out.push(b);
      continue;
    }
    const entries = typeof b === "object" && !b.cls.builtin ? userDunder(b.cls, "__mro_entries__") : undefined;
    if (entries === undefined) throw pyErr("TypeError", `bases must be types, not ${typeOf(b).name}`);
    const r = callValue(rt, entries, [b, tuple(orig)], null);
    if (!(r instanceof PyTuple)) throw pyErr("TypeError", "__mro_entries__ must return a tuple");
    for (const x of r.items) {
      if (!(x instanceof PyType)) throw pyErr("TypeError", `bases must be types, not ${typeOf(x).name}`);
      out.push(x);
    }
  }
  return out;
}

export function compileClassDef(c: Compiler, s: ScopeCtx, st: A.ClassDef): SF {
  const rt = c.rt;
  const scope = c.scopeOf(st);
  const qualname = s.scope.kind === "module" ? st.name : s.scope.kind === "class" ? `${s.qualname}.${st.name}` : `${s.qualname}.<locals>.${st.name}`;
  const ctx: ScopeCtx = { scope, qualname, loop: 0, gen: false, weight: 0 };
  const body = compileBlock(c, ctx, st.body);
  const bases = st.bases.map((b) => compileExpr(c, s, b));
  const kws = st.keywords.map((k) => ({ name: k.arg, f: compileExpr(c, s, k.value) }));
  const decos = st.decorator_list.map((d) => compileExpr(c, s, d));
  const store = c.storeName(s, st.name, st);
  const freeSlots = [...scope.frees].map((n) => ({ inner: scope.slots.get(n) as number, outer: s.scope.slots.get(n) }));
  const module = c.globals.name;
  const doc = st.body[0]?.type === "Expr" && st.body[0].value.type === "Constant" && st.body[0].value.value.kind === "str" ? st.body[0].value.value.value : null;
  return (f) => {
    const ds = decos.map((d) => d(f));
    const orig = bases.map((b) => b(f));
    const bs = resolveBases(rt, orig);
    let metaArg: PyType | null = null;
    let kw: Map<string, Value> | null = null;
    for (const k of kws) {
      const v = k.f(f);
      if (k.name === "metaclass") {
        if (!(v instanceof PyType)) throw pyErr("TypeError", "metaclass must be a type in the PVM");
        metaArg = v;
      } else if (k.name !== null) (kw ??= new Map()).set(k.name, v);
    }
    const meta = mostDerivedMeta(metaArg, bs as PyType[]);
    const frame = new Frame(scope.nslots, f.fn, new Cell());
    frame.ns = new Map<string, Value>();
    const prepared = prepareNamespace(rt, meta, st.name, bs as PyType[], kw);
    if (prepared !== undefined) frame.nsObj = prepared;
    const initial: [string, Value][] = [
      ["__module__", module],
      ["__qualname__", qualname],
    ];
    if (doc !== null) initial.push(["__doc__", doc]);
    if (bs !== orig) initial.push(["__orig_bases__", tuple(orig)]);
    for (const [k, v] of initial) {
      if (prepared !== undefined) setItem(rt, prepared, k, v);
      else frame.ns.set(k, v);
    }
    for (const fs of freeSlots) frame.s[fs.inner] = fs.outer === undefined ? new Cell() : f.s[fs.outer];
    frame.line = st.lineno;
    frame.back = rt.top;
    rt.top = frame;
    try {
      body(frame);
    } finally {
      rt.top = frame.back;
    }
    let cls: Value = buildClass(rt, meta, st.name, bs as PyType[], prepared ?? frame.ns, kw, module, qualname);
    (frame.classCell as Cell).v = cls;
    for (let i = ds.length - 1; i >= 0; i--) cls = callValue(rt, ds[i] as Value, [cls], null);
    store(f, cls);
    return NORMAL;
  };
}
