// Async generators, `async for` and async comprehensions against their synchronous twins (the same
// work with generators, `for` and a comprehension): the PVM (metered, through ActorVm) and CPython
// 3.11 in the same run, with identical results. The twin's row is the baseline the async row is
// read against: async/sync time ratios in each interpreter show what the async machinery costs.
// The interpreter measured is the built bundle (dist/, rebuilt with tsup unless --no-build).
// Run: pnpm exec tsx --conditions=@cowboy/source bench/async.ts [--no-build] [filter]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as Pvm from "../src/index.js";
import { compareWithCpython, type Workload } from "./vs-cpython.js";

const dir = new URL("./async/", import.meta.url);
const WORKLOADS: Workload[] = ["sync_gen", "async_gen"].map((name) => ({ name, source: readFileSync(new URL(`${name}.py`, dir), "utf8") }));

const args = process.argv.slice(2);
if (!args.includes("--no-build")) {
  execFileSync("pnpm", ["exec", "tsup", "--silent"], { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: "inherit" });
}
const built = (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof Pvm;

const filter = args.find((a) => !a.startsWith("--"));
compareWithCpython("async generators vs their synchronous twin: PVM (metered, built bundle) vs CPython 3.11", WORKLOADS, built.ActorVm, built.standardLibrary(), filter);
