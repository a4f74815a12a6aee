import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> };
/** The third-party packages (this package's dependencies), and their subpaths. */
const thirdParty = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@cowboy/"));

// One self-contained build of the CLI (README "Build"): every @cowboy/* package is bundled from its
// TypeScript sources (the `@cowboy/source` condition), so dist/ needs no other package built; the
// third-party packages stay imports (each is a dependency of this package). Beside main.js: the
// node's entry (dist/cowboyd.js: what `cowboy testnet` spawns per validator) and the two worker
// threads, where the bundled pools look for them (dist/query/worker.js, dist/verify-worker.js), and the FUSE mount
// process `fs mount` spawns (dist/mount-process.js; fuse-native, which it loads, is an optional dependency here).
// Command modules that load the node are imported on demand, so they are chunks of their own.
// dist/.built, dated when the build started, tells launch.mjs which sources the build has seen.
const started = new Date();
export default defineConfig({
  entry: {
    main: "src/main.ts",
    cowboyd: "../node/src/main.ts",
    "query/worker": "../node/src/query/worker.ts",
    "verify-worker": "../../packages/execution/src/verify-worker.ts",
    "mount-process": "../../packages/cbfs/src/fuse/mount-process.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  splitting: true,
  dts: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@cowboy\//],
  external: thirdParty.map((name) => new RegExp(`^${name.replace(/[/.]/g, "\\$&")}(/|$)`)),
  async onSuccess() {
    const stamp = new URL("./dist/.built", import.meta.url);
    writeFileSync(stamp, `${started.toISOString()}\n`);
    utimesSync(stamp, started, started);
  },
  esbuildOptions(options) {
    options.conditions = ["@cowboy/source"];
  },
});
