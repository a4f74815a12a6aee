// Architecture rule "every number the spec marks governance-tunable lives in one configuration object" (cips/governance.md
// "Registry"): the known tunables appear as literals only in their owner's DEFAULT_* config, so a registry change reaches
// every reader. Comments are ignored; any other occurrence in a package or app source fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** [what, pattern, files allowed to hold it]. */
const TUNABLES: readonly (readonly [string, RegExp, readonly string[]])[] = [
  ["T_c 20,000,000", /\b20_?000_?000n?\b/, ["packages/fee-market/src/config.ts"]],
  ["T_b 4,000,000", /\b4_?000_?000n\b/, ["packages/fee-market/src/config.ts"]],
  ["the lane budgets", /\b(8_?888_?890|8_?888_?888|22_?222_?222|40_?000_?000)n?\b/, ["packages/fee-market/src/config.ts", "packages/scheduler/src/config.ts"]],
  ["7 days of blocks", /\b604_?800n?\b/, ["packages/staking/src/config.ts", "packages/governance/src/config.ts", "packages/runner-market/src/config.ts"]],
  ["6 hours of blocks", /\b21_?600n?\b/, ["packages/governance/src/config.ts"]],
  ["reputation half-life", /\b1_?209_?600n?\b/, ["packages/runner-market/src/config.ts"]],
  ["settlement runner share", /\b8_?900n?\b/, ["packages/runner-market/src/config.ts"]],
  ["rent grace threshold", /\b10_?240n?\b/, ["packages/rent/src/config.ts"]],
  ["the timer schedule cost / per-fire caps", /\b(550_?000|250_?000)n\b/, ["packages/scheduler/src/config.ts"]],
];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name === "test" || name === "bench") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.ts$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const code = (text: string): string[] =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .split("\n")
    .map((line) => line.replace(/\/\/.*$/, ""));

describe("no governance-tunable number outside its owner's config", () => {
  const files = ["packages", "apps"].flatMap((top) =>
    readdirSync(join(ROOT, top)).flatMap((p) => {
      const src = join(ROOT, top, p, "src");
      try {
        return sources(src);
      } catch {
        return [];
      }
    }),
  );
  it("scans the sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });
  it.each(TUNABLES.map((t) => [t[0], t] as const))("%s", (_what, [, pattern, allowed]) => {
    const found: string[] = [];
    for (const file of files) {
      const rel = relative(ROOT, file);
      if (allowed.includes(rel)) continue;
      code(readFileSync(file, "utf8")).forEach((line, i) => {
        if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
