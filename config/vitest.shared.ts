import { defineConfig } from "vitest/config";

// Inside the monorepo, tests import each other's sources through the `@cowboy/source` export
// condition, so no package needs to be built before its dependents are tested.
const conditions = ["@cowboy/source", "import", "module", "node", "default"];

export function cowboyVitestConfig(overrides: { testTimeout?: number; include?: string[] } = {}) {
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ["@cowboy/source"] } },
    test: {
      include: overrides.include ?? ["test/**/*.test.ts"],
      testTimeout: overrides.testTimeout ?? 30_000,
      reporters: ["default"],
    },
  });
}
