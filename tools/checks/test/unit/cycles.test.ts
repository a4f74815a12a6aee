import { describe, expect, it } from "vitest";
import { checkImportCycles, runtimeImports, TYPE_STRICT_PACKAGES } from "../../src/cycles.js";
import { writeTree } from "../utils/tree.js";

describe("runtimeImports", () => {
  it("keeps imports that load a module at run time and drops type-only ones", () => {
    const text = [
      'import { a } from "./a.js";',
      'import type { B } from "./b.js";',
      'import { type C } from "./c.js";',
      'export * from "./d.js";',
      'export type { E } from "./e.js";',
      'import "./f.js";',
      'import {\n  g,\n  h as i,\n} from "./g.js";',
      '// import { x } from "./commented.js";',
      'import { y } from "@cowboy/codec";',
      'const lazy = () => import("./lazy.js");',
    ].join("\n");
    expect(runtimeImports(text).sort()).toEqual(["./a.js", "./c.js", "./d.js", "./f.js", "./g.js"]);
  });
});

describe("checkImportCycles", () => {
  it("passes on an acyclic package, and on a cycle made only of type imports", () => {
    const root = writeTree({
      "packages/p/src/a.ts": 'import { b } from "./b.js";\nimport type { C } from "./c.js";\nexport const a = b;\n',
      "packages/p/src/b.ts": "export const b = 1;\n",
      "packages/p/src/c.ts": 'import { a } from "./a.js";\nexport type C = typeof a;\n',
    });
    expect(checkImportCycles(root, [])).toEqual([]);
  });

  it("lists each cycle per package with its shortest loop and the other files of the same cycle", () => {
    const root = writeTree({
      "packages/p/src/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "packages/p/src/b.ts": 'import { c } from "./sub/c.js";\nexport const b = () => c;\n',
      "packages/p/src/sub/c.ts": 'import { a } from "../a.js";\nimport { d } from "./d.js";\nexport const c = () => [a, d];\n',
      "packages/p/src/sub/d.ts": 'import { c } from "./c.js";\nexport const d = () => c;\n',
      "apps/q/src/self.ts": 'import { s } from "./self.js";\nexport const t = () => s;\nexport const s = 1;\n',
    });
    expect(checkImportCycles(root, [])).toEqual([
      "apps/q: import cycle src/self.ts → src/self.ts",
      "packages/p: import cycle src/a.ts → src/b.ts → src/sub/c.ts → src/a.ts (the same cycle also runs through src/sub/d.ts)",
    ]);
  });

  it("allows a cycle whose files all sit in an allowlisted folder, and only then", () => {
    const root = writeTree({
      "packages/p/src/compiler/x.ts": 'import { y } from "./y.js";\nexport const x = () => y;\n',
      "packages/p/src/compiler/y.ts": 'import { x } from "./x.js";\nexport const y = () => x;\n',
      "packages/p/src/u.ts": 'import { v } from "./compiler/v.js";\nexport const u = () => v;\n',
      "packages/p/src/compiler/v.ts": 'import { u } from "../u.js";\nexport const v = () => u;\n',
    });
    const allow = [{ dir: "packages/p/src/compiler/", reason: "recursive descent" }];
    expect(checkImportCycles(root, allow)).toEqual(["packages/p: import cycle src/compiler/v.ts → src/u.ts → src/compiler/v.ts"]);
  });
});

describe("type-only imports in the type-strict packages", () => {
  it("count as edges only when asked (execution and scheduler keep their core types in a leaf types.ts)", () => {
    const text = 'import type { A } from "./a.js";\nimport { b } from "./b.js";\nexport type { C } from "./c.js";\n';
    expect(runtimeImports(text)).toEqual(["./b.js"]);
    expect(runtimeImports(text, true)).toEqual(["./a.js", "./b.js", "./c.js"]);
    expect(TYPE_STRICT_PACKAGES).toEqual(["packages/execution", "packages/scheduler"]);
  });
});
