// The builtin types and singletons. They are immutable after module initialization (Python code
// cannot set attributes on builtin types), so sharing them between runs is safe.
import { type Layout, PyObject, PyType } from "./object.js";
import { computeMro } from "./mro.js";

function mk(meta: PyType | null, name: string, bases: PyType[], layout: Layout): PyType {
  const t = new PyType(meta, name, bases, new Map(), layout, true);
  t.mro = bases.length === 0 ? [t] : computeMro(t);
  return t;
}

const typeT = mk(null, "type", [], "type");
const objectT = mk(typeT, "object", [], "object");
typeT.bases = [objectT];
typeT.mro = [typeT, objectT];

function b(name: string, layout: Layout = "other", base: PyType = objectT): PyType {
  return mk(typeT, name, [base], layout);
}

const intT = b("int", "int");

/** Builtin types by name, shared and immutable. */
export const T = {
  type: typeT,
  object: objectT,
  int: intT,
  bool: b("bool", "bool", intT),
  float: b("float", "float"),
  str: b("str", "str"),
  bytes: b("bytes", "bytes"),
  bytearray: b("bytearray", "bytearray"),
  list: b("list", "list"),
  tuple: b("tuple", "tuple"),
  dict: b("dict", "dict"),
  set: b("set", "set"),
  frozenset: b("frozenset", "frozenset"),
  range: b("range"),
  slice: b("slice"),
  NoneType: b("NoneType"),
  NotImplementedType: b("NotImplementedType"),
  ellipsis: b("ellipsis"),
  function: b("function", "function"),
  builtin_function_or_method: b("builtin_function_or_method"),
  method: b("method"),
  classmethod: b("classmethod"),
  staticmethod: b("staticmethod"),
  property: b("property"),
  generator: b("generator"),
  coroutine: b("coroutine"),
  async_generator: b("async_generator"),
  /** The awaitables of an async generator's `__anext__`/`asend` and `athrow`/`aclose`. */
  async_generator_asend: b("async_generator_asend"),
  async_generator_athrow: b("async_generator_athrow"),
  /** `anext(ait, default)`'s awaitable. */
  anext_awaitable: b("anext_awaitable"),
  module: b("module"),
  iterator: b("iterator"),
  dict_keys: b("dict_keys"),
  dict_values: b("dict_values"),
  dict_items: b("dict_items"),
  super: b("super"),
  cell: b("cell"),
  /** `int | None` (PEP 604): types.UnionType. */
  UnionType: b("UnionType"),
} as const;

export const None = new PyObject(T.NoneType);
export const NotImplemented = new PyObject(T.NotImplementedType);
export const Ellipsis = new PyObject(T.ellipsis);
