// Actor interfaces (cips/actors.md "Actor interfaces"): the ABI-like description of an actor's
// public methods — name, parameters with their defaults as source text, docstring, @payable —
// derived from its source without running it. Not consensus data: a node derives it at deploy and
// keeps it in its observation index; tools read it over RPC.
import { parse, type AsyncFunctionDef, type ClassDef, type FunctionDef, type PyExpr as Expr, type PyModule as Module, type PyStmt as Stmt } from "@cowboy/pvm";
import { isPublicMethodName } from "@cowboy/types/actor";

export interface InterfaceParam {
  readonly name: string;
  /** The default's source text (e.g. `0`, `None`, `"x"`), absent for a required parameter. */
  readonly default?: string;
  /** `*args` / `**kwargs` / keyword-only markers. */
  readonly kind?: "var_positional" | "keyword_only" | "var_keyword";
}

export interface InterfaceMethod {
  readonly name: string;
  readonly params: readonly InterfaceParam[];
  readonly doc: string | null;
  readonly payable: boolean;
}

export interface ActorInterface {
  /** The actor class's name. */
  readonly name: string;
  readonly doc: string | null;
  readonly methods: readonly InterfaceMethod[];
}

/** `@name` or `@module.name`. */
function decoratorName(e: Expr): string | null {
  if (e.type === "Name") return e.id;
  if (e.type === "Attribute") return e.attr;
  if (e.type === "Call") return decoratorName(e.func);
  return null;
}

function docOf(body: readonly Stmt[]): string | null {
  const first = body[0];
  if (first?.type !== "Expr") return null;
  const v = first.value;
  if (v.type !== "Constant" || v.value.kind !== "str") return null;
  return cleanDoc(v.value.value);
}

/** inspect.cleandoc: strips the common indentation of the lines after the first, and blank edges. */
function cleanDoc(doc: string): string {
  const lines = doc.replace(/\t/g, "        ").split("\n");
  const rest = lines.slice(1).filter((l) => l.trim() !== "");
  const indent = rest.length === 0 ? 0 : Math.min(...rest.map((l) => l.length - l.trimStart().length));
  const out = [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(indent).trimEnd())];
  while (out.length > 0 && out[0] === "") out.shift();
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.join("\n");
}

/** The actor class: the one decorated with @actor, else the class named Actor (as invoke's rule). */
function actorClass(module: Module): ClassDef | null {
  const classes = module.body.filter((s): s is ClassDef => s.type === "ClassDef");
  const marked = classes.filter((c) => c.decorator_list.some((d) => decoratorName(d) === "actor"));
  if (marked.length === 1) return marked[0]!;
  if (marked.length > 1) return null;
  return classes.find((c) => c.name === "Actor") ?? null;
}

/** The source text of a node (positions are 1-based lines, code-point columns). */
function textOf(lines: readonly string[][], e: Expr): string {
  if (e.lineno === e.end_lineno) return lines[e.lineno - 1]!.slice(e.col_offset, e.end_col_offset).join("");
  const parts = [lines[e.lineno - 1]!.slice(e.col_offset).join("")];
  for (let l = e.lineno; l < e.end_lineno - 1; l++) parts.push(lines[l]!.join(""));
  parts.push(lines[e.end_lineno - 1]!.slice(0, e.end_col_offset).join(""));
  return parts.join("\n");
}

function methodOf(lines: readonly string[][], f: FunctionDef | AsyncFunctionDef): InterfaceMethod {
  const a = f.args;
  const positional = [...a.posonlyargs, ...a.args];
  const firstDefault = positional.length - a.defaults.length;
  const params: InterfaceParam[] = [];
  // The first positional parameter is the instance (self).
  positional.forEach((p, i) => {
    if (i === 0) return;
    const d = i >= firstDefault ? a.defaults[i - firstDefault] : undefined;
    params.push({ name: p.arg, ...(d === undefined ? {} : { default: textOf(lines, d) }) });
  });
  if (a.vararg !== null) params.push({ name: a.vararg.arg, kind: "var_positional" });
  a.kwonlyargs.forEach((p, i) => {
    const d = a.kw_defaults[i];
    params.push({ name: p.arg, kind: "keyword_only", ...(d === null || d === undefined ? {} : { default: textOf(lines, d) }) });
  });
  if (a.kwarg !== null) params.push({ name: a.kwarg.arg, kind: "var_keyword" });
  return { name: f.name, params, doc: docOf(f.body), payable: f.decorator_list.some((d) => decoratorName(d) === "payable") };
}

/**
 * The public interface of the actor in `source`: every public method of its actor class (names a
 * transaction may call: a letter first, no leading underscore), in source order. Null when the
 * source does not parse or defines no actor class.
 */
export function actorInterface(source: string): ActorInterface | null {
  let module: Module;
  try {
    module = parse(source, "actor.py");
  } catch {
    return null;
  }
  const cls = actorClass(module);
  if (cls === null) return null;
  const lines = source.split("\n").map((l) => [...l]);
  const methods: InterfaceMethod[] = [];
  for (const s of cls.body) {
    if ((s.type === "FunctionDef" || s.type === "AsyncFunctionDef") && isPublicMethodName(s.name as unknown)) methods.push(methodOf(lines, s));
  }
  return { name: cls.name, doc: docOf(cls.body), methods };
}
