import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { render } from "../../scripts/embed-python.mjs";

describe("embedded SDK sources", () => {
  it("match the .py files (run `node scripts/embed-python.mjs` after editing them)", () => {
    const embedded = readFileSync(new URL("../../src/sdk/sources.ts", import.meta.url), "utf8");
    expect(embedded).toBe((render as () => string)());
  });
});
