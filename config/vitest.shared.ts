import { defineConfig } from "vitest/config";

// Inside the monorepo, tests import each other's sources through the `@cowboy/source` export
// condition, so no package needs to be built before its dependents are tested.
const conditions = ["@cowboy/source", "import", "module", "node", "default"];

/**
 * The kinds of test a package may have, each in its own folder and run by its own vitest config
 * (as Lodestar splits them): `unit` (fast, in-process), `spec` (the conformance vectors of
 * test-vectors/), `e2e` (child processes and real sockets: longer timeouts, one file at a time).
 */
export type TestKind = "unit" | "spec" | "e2e";

const KINDS: Record<TestKind, { testTimeout: number; fileParallelism: boolean }> = {
  unit: { testTimeout: 30_000, fileParallelism: true },
  spec: { testTimeout: 60_000, fileParallelism: true },
  e2e: { testTimeout: 180_000, fileParallelism: false },
};

/** Every field optional; with no `kind`, a package whose tests are not yet split runs all of `test/**` as before. */
export interface CowboyVitestOptions {
  /** Which folder to run: `test/<kind>/**`. Omitted: `test/**` with the unit timeout. */
  kind?: TestKind;
  /** Overrides the kind's timeout per test, in milliseconds. */
  testTimeout?: number;
  /** Overrides the kind's file globs. */
  include?: string[];
}

export function cowboyVitestConfig(options: CowboyVitestOptions = {}) {
  const kind = KINDS[options.kind ?? "unit"];
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ["@cowboy/source"] } },
    test: {
      include: options.include ?? [options.kind === undefined ? "test/**/*.test.ts" : `test/${options.kind}/**/*.test.ts`],
      testTimeout: options.testTimeout ?? kind.testTimeout,
      ...(options.kind === undefined ? {} : { hookTimeout: options.testTimeout ?? kind.testTimeout, fileParallelism: kind.fileParallelism }),
      reporters: ["default"],
    },
  });
}
