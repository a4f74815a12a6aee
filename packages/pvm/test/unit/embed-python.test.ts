import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { ROOTS, constantName, render } from "../../scripts/embed-python.mjs";

describe("embedded Python sources", () => {
  for (const root of ROOTS as string[]) {
    it(`${root}/sources.ts matches the .py files (run \`node scripts/embed-python.mjs\` after editing them)`, () => {
      const embedded = readFileSync(new URL(`../../${root}/sources.ts`, import.meta.url), "utf8");
      expect(embedded).toBe((render as (root: string) => string)(root));
    });
  }

  it("names each constant after the module path", () => {
    const name = constantName as (rel: string) => string;
    expect(name("cowboy_sdk.py")).toBe("cowboy_sdk_py");
    expect(name("collections/abc.py")).toBe("collections_abc_py");
    expect(name("json/__init__.py")).toBe("json_py");
    expect(name("__future__.py")).toBe("future_py");
  });
});
