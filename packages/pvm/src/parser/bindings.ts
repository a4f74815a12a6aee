// Name bindings per scope, as much of CPython's symbol table as the compile-time checks need:
// `global`/`nonlocal` declarations against earlier uses, and `nonlocal` resolution.

import type { Pos } from "../ast.js";

export const USE = 1;
export const LOCAL = 2;
export const PARAM = 4;
export const ANNOT = 8;
export const GLOBAL = 16;
export const NONLOCAL = 32;
/** A comprehension's iteration variable. */
export const ITER = 64;

export type BindingKind = "module" | "function" | "lambda" | "class" | "comprehension";

export class Bindings {
  readonly kind: BindingKind;
  readonly parent: Bindings | null;
  private readonly flags = new Map<string, number>();
  /** `nonlocal` declarations in source order, resolved once the whole module is seen. */
  readonly nonlocals: { name: string; at: Pos }[] = [];
  /** Where each name was declared `global`, for the "nonlocal and global" message. */
  readonly globalAt = new Map<string, Pos>();

  constructor(kind: BindingKind, parent: Bindings | null) {
    this.kind = kind;
    this.parent = parent;
  }

  add(name: string, flag: number): void {
    this.flags.set(name, (this.flags.get(name) ?? 0) | flag);
  }

  get(name: string): number {
    return this.flags.get(name) ?? 0;
  }

  /** Whether this scope binds `name` itself (so an inner `nonlocal name` can refer to it). */
  binds(name: string): boolean {
    const f = this.get(name);
    return (f & GLOBAL) === 0 && (f & (LOCAL | PARAM | ANNOT | NONLOCAL)) !== 0;
  }
}

/** CPython's wording when a `global`/`nonlocal` declaration follows other uses of the name. */
export function declarationConflict(name: string, flags: number, what: "global" | "nonlocal"): string | null {
  if ((flags & PARAM) !== 0) return `name '${name}' is parameter and ${what}`;
  if ((flags & USE) !== 0) return `name '${name}' is used prior to ${what} declaration`;
  if ((flags & ANNOT) !== 0) return `annotated name '${name}' can't be ${what}`;
  if ((flags & LOCAL) !== 0) return `name '${name}' is assigned to before ${what} declaration`;
  return null;
}

/**
 * The first `nonlocal` (scopes in creation order, declarations in source order) with no binding
 * in an enclosing function scope; class scopes are skipped, as in CPython.
 */
export function unresolvedNonlocal(scopes: readonly Bindings[]): { name: string; at: Pos } | null {
  for (const scope of scopes) {
    for (const decl of scope.nonlocals) {
      let found = false;
      for (let p = scope.parent; p !== null && p.kind !== "module"; p = p.parent) {
        if (p.kind === "class") continue;
        if ((p.get(decl.name) & GLOBAL) !== 0) break;
        if (p.binds(decl.name)) {
          found = true;
          break;
        }
      }
      if (!found) return decl;
    }
  }
  return null;
}
