#!/usr/bin/env node
// `pnpm -s cowboy …` from the repository (apps/cli/README.md "Build"): runs the built CLI
// (dist/main.js), building it first when it is missing or older than any source it bundles — on a
// fresh clone, and after every edit — so the repository's command is never stale and never needs
// the TypeScript toolchain at run time. The build is tsup's (offline, ~2 s of CPU), one at a time
// under a lock directory; its output is shown only when it fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const dist = join(here, "dist");
const stamp = join(dist, ".built");
const lock = join(here, ".build-lock");

/** The newest modification time under `path` (a file or a directory tree), 0 when absent. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Everything the bundle is made of: every workspace package's sources and the build's own settings. */
function sourcesTime() {
  const dirs = ["apps", "packages"].flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)));
  let max = Math.max(newest(join(here, "package.json")), newest(join(here, "tsup.config.ts")));
  for (const dir of dirs) max = Math.max(max, newest(join(dir, "src")));
  return max;
}

const fresh = () => existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesTime();

function build() {
  // One build at a time: a lock directory, taken over when older than two minutes (a killed build).
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 120_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (fresh()) return;
    process.stderr.write("cowboy: building apps/cli/dist from the sources (first run or sources changed)…\n");
    const tsup = join(dirname(createRequire(join(here, "package.json")).resolve("tsup/package.json")), "dist", "cli-default.js");
    const run = spawnSync(process.execPath, [tsup], { cwd: here, encoding: "utf8" });
    if (run.status !== 0) {
      process.stderr.write(
        `${run.stdout}${run.stderr}cowboy: the build failed (above); fix it or run from the sources: pnpm exec tsx --conditions=@cowboy/source apps/cli/src/main.ts\n`,
      );
      process.exit(1);
    }
    // tsup.config.ts's onSuccess wrote dist/.built, dated when the build started.
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (!fresh()) build();
await import(pathToFileURL(join(dist, "main.js")).href);
