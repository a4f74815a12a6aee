// No file of src/ may import (even for types only) a file that imports it back, directly or through
// others: every module can be read, tested and loaded on its own.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Each file's relative imports and re-exports (type-only ones included), as paths relative to src/. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const specifiers = [...readFileSync(file, "utf8").matchAll(/(?:import|export)[^;]*?from\s+"(\.[^"]+)"/gs)].map((m) => m[1]!);
    graph.set(
      relative(SRC, file),
      specifiers.map((s) => relative(SRC, resolve(dirname(file), s.replace(/\.js$/, ".ts")))),
    );
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as `a.ts -> b.ts -> …` (the last imports the first). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push(path.slice(path.indexOf(next)).join(" -> "));
      else if (state.get(next) === undefined && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
  return cycles;
}

describe("module structure", () => {
  it("has no import cycle between the files of src/", () => {
    const graph = importGraph(sources(SRC));
    expect(graph.size).toBeGreaterThan(10);
    expect(importCycles(graph)).toEqual([]);
  });

  it("the cycle check finds direct and indirect cycles", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts", "e.ts"]],
      ["e.ts", ["d.ts"]],
    ]);
    expect(importCycles(graph)).toEqual(["a.ts -> b.ts -> c.ts", "d.ts -> e.ts"]);
  });
});
