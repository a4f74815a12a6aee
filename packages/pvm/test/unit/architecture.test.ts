// ARCHITECTURE.md, checked: the folders import only what their row allows, and the only import
// cycles are the three the page documents (run-time imports; `import type` creates no cycle).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../../src/", import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Run-time imports between source files, as paths relative to src/. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const spec = /^(?:import|export)(\s+type)?\s[^;]*?from\s+"(\.[^"]+)"/gms;
  for (const f of files(src)) {
    const to = new Set<string>();
    for (const m of readFileSync(f, "utf8").matchAll(spec)) {
      if (m[1] !== undefined) continue;
      to.add(relative(src, normalize(join(dirname(f), m[2]!.replace(/\.js$/, ".ts")))));
    }
    graph.set(relative(src, f), to);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const folderOf = (f: string) => (f.includes("/") ? f.slice(0, f.indexOf("/")) : f);

/** Folders that may import nothing but themselves, and what the others must never import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  numeric: ["*"],
  "regex-engine": ["*"],
  "decimal-engine": ["*"],
  parser: ["*"],
  runtime: ["builtins", "compiler", "stdlib", "canonical", "actor", "parser", "api.ts"],
  builtins: ["compiler", "stdlib", "canonical", "actor", "parser", "api.ts"],
  canonical: ["builtins", "compiler", "stdlib", "actor", "api.ts"],
  stdlib: ["compiler", "actor", "canonical", "api.ts"],
};

describe("the package's import structure (ARCHITECTURE.md)", () => {
  const graph = importGraph();

  it("has only the documented import cycles", () => {
    expect(cycles(graph)).toEqual([
      ["compiler/acomp.ts", "compiler/classes.ts", "compiler/compiler.ts", "compiler/functions.ts", "compiler/generators.ts", "compiler/match.ts", "compiler/stmt.ts"],
      ["compiler/cond.ts", "compiler/expr.ts"],
      ["runtime/call.ts", "runtime/dict.ts", "runtime/iter.ts", "runtime/ops.ts", "runtime/percent-format.ts", "runtime/subscript.ts"],
    ]);
  });

  it("keeps each folder to the imports its row allows", () => {
    const broken: string[] = [];
    for (const [from, tos] of graph) {
      const forbidden = FORBIDDEN[folderOf(from)];
      if (forbidden === undefined) continue;
      for (const to of tos) {
        const target = folderOf(to);
        if (target === folderOf(from) || (folderOf(from) === "parser" && to === "ast.ts")) continue;
        if (forbidden.includes("*") || forbidden.includes(target)) broken.push(`${from} -> ${to}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
