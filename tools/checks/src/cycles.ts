// The import-cycle gate: the file-level import graph of every package's `src/` must be acyclic,
// except inside the folders of CYCLE_ALLOWLIST, each with its reason. A cycle makes the order in
// which modules initialise depend on which file is imported first (a `const` read before it is set
// throws), and it usually means two files share one concept that belongs in a third.
//
// Only imports that exist at run time are edges: `import type …` and `export type … from` vanish
// when TypeScript compiles (verbatimModuleSyntax), so a cycle through them is harmless and is not
// reported. `import { type A } from` does NOT vanish (it leaves `import {} from`, which still loads
// the module), so it is an edge. Dynamic `import()` is not an edge: it runs after initialisation.
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { listFiles, listPackageDirs } from "./files.js";
import { blankComments } from "./source-text.js";

/**
 * A folder (repository-relative, ending in "/") inside which files may import each other in a cycle;
 * with `files`, only those files of the folder (names relative to it).
 */
export interface CycleAllowance {
  dir: string;
  files?: readonly string[];
  reason: string;
}

function allows(allowance: CycleAllowance, file: string): boolean {
  if (!file.startsWith(allowance.dir)) return false;
  return allowance.files === undefined || allowance.files.includes(file.slice(allowance.dir.length));
}

export const CYCLE_ALLOWLIST: readonly CycleAllowance[] = [
  {
    dir: "packages/pvm/src/compiler/",
    reason:
      "the compiler is a recursive descent over Python's grammar: statements contain expressions (lambdas, comprehensions) that contain statements again, so stmt, expr, functions, classes, gen and match call each other by design",
  },
  {
    dir: "packages/pvm/src/runtime/",
    files: ["ops.ts", "call.ts", "dict.ts", "iter.ts", "subscript.ts", "percent-format.ts"],
    reason:
      'Python\'s data model is mutually recursive: operators call user dunders, calls bind arguments into dicts and iterate, hashing keys calls back into operators, and str % x formats through repr and subscription (packages/pvm/ARCHITECTURE.md, "Allowed import cycles")',
  },
];

const STATIC_IMPORT = /(?:^|[\n;}])\s*(?:import|export)\s+(type\s+)?(?:[\w*$\s{},]*?)\s*from\s*(["'])(\.{1,2}\/[^"'\n]+)\2/g;
const SIDE_EFFECT_IMPORT = /(?:^|[\n;}])\s*import\s*(["'])(\.{1,2}\/[^"'\n]+)\1/g;

/**
 * Packages whose files must not import their own importers even through `import type`: the block
 * path (issue 16), where core types live in a `types.ts` that imports no other file of its package.
 */
export const TYPE_STRICT_PACKAGES: readonly string[] = ["packages/execution", "packages/scheduler"];

/** The relative imports of one source text that exist at run time (with `withTypes`, type-only ones too), as written. */
export function runtimeImports(text: string, withTypes = false): string[] {
  const code = blankComments(text);
  const out: string[] = [];
  for (const m of code.matchAll(STATIC_IMPORT)) if (withTypes || m[1] === undefined) out.push(m[3]!);
  for (const m of code.matchAll(SIDE_EFFECT_IMPORT)) out.push(m[2]!);
  return out;
}

/** The `.ts` file a relative `.js` (or extension-less) specifier names, or undefined when it names no source file. */
function resolveSource(root: string, from: string, specifier: string): string | undefined {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = target.endsWith(".js")
    ? [`${target.slice(0, -3)}.ts`]
    : target.endsWith(".mjs")
      ? [`${target.slice(0, -4)}.mts`]
      : [target, `${target}.ts`, `${target}/index.ts`];
  return candidates.find((c) => /\.m?ts$/.test(c) && existsSync(join(root, c)));
}

/** The import graph of `<pkg>/src`: each source file to the sorted files it imports at run time (with `withTypes`, also through types). */
export function importGraph(root: string, pkg: string, withTypes = false): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of listFiles(root, `${pkg}/src`).filter((f) => /\.m?ts$/.test(f) && !f.endsWith(".d.ts"))) {
    const targets = new Set<string>();
    for (const specifier of runtimeImports(readFileSync(join(root, file), "utf8"), withTypes)) {
      const target = resolveSource(root, file, specifier);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components with a cycle (two or more files, or a file importing itself), each sorted, in a stable order. */
export function cyclicComponents(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  // Iterative Tarjan: a package has thousands of files and recursion depth is not ours to spend.
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.next < edges.length) {
        const to = edges[top.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || edges.includes(top.node)) out.push(component.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** A shortest cycle through the first (smallest) file of a component, closed: [a, b, …, a]. */
export function shortestCycle(graph: Map<string, string[]>, component: readonly string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** Problems, one line per import cycle outside the allowlist (empty when there is none). */
export function checkImportCycles(root: string, allowlist: readonly CycleAllowance[] = CYCLE_ALLOWLIST): string[] {
  const problems: string[] = [];
  for (const pkg of listPackageDirs(root)) {
    const graph = importGraph(root, pkg, TYPE_STRICT_PACKAGES.includes(pkg));
    for (const component of cyclicComponents(graph)) {
      if (allowlist.some((a) => component.every((file) => allows(a, file)))) continue;
      const cycle = shortestCycle(graph, component);
      const strip = (f: string) => f.slice(pkg.length + 1);
      const others = component.filter((f) => !cycle.includes(f)).map(strip);
      const more = others.length > 0 ? ` (the same cycle also runs through ${others.join(", ")})` : "";
      problems.push(`${pkg}: import cycle ${cycle.map(strip).join(" → ")}${more}`);
    }
  }
  return problems;
}
