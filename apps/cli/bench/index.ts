// Start-up time of the cowboy command (issue 20: "3.7–5.8 s per command through the TypeScript
// sources"): the same commands run from the TypeScript sources through tsx (the baseline, as
// `pnpm -s cowboy` ran before the build), from the built bundle (dist/main.js, what an installed
// `cowboy` runs) and through the repository's launcher (launch.mjs: freshness check, then the
// bundle). Wall time is the median of RUNS runs; CPU time (user + system, from the children's
// rusage in /proc/self/stat on Linux) is the mean, steadier on a shared machine. Needs dist/ built.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.RUNS ?? 5);
const cli = fileURLToPath(new URL("..", import.meta.url));
const tsx = createRequire(import.meta.url).resolve("tsx/cli");

/** Children's CPU seconds so far (utime + stime of waited-for children), or undefined off Linux. */
function childCpu(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (clock ticks, USER_HZ = 100)
}

function measure(argv: string[]): { wall: number; cpu: number | undefined } {
  const walls: number[] = [];
  const cpu0 = childCpu();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, argv, { cwd: cli, encoding: "utf8" });
    walls.push((performance.now() - start) / 1000);
    if (run.status !== 0) throw new Error(`${argv.join(" ")} exited ${run.status}: ${run.stderr}`);
  }
  const cpu1 = childCpu();
  walls.sort((a, b) => a - b);
  return { wall: walls[Math.floor(walls.length / 2)]!, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / RUNS };
}

if (!existsSync(`${cli}/dist/main.js`)) throw new Error("build first: pnpm --filter @cowboy/cli build");
const ways: Record<string, string[]> = {
  "sources (tsx, baseline)": [tsx, "--conditions=@cowboy/source", "src/main.ts"],
  "built (node dist/main.js)": ["dist/main.js"],
  "launcher (node launch.mjs)": ["launch.mjs"],
};
const commands = [["--version"], ["help", "actor", "call"], ["devnet", "accounts"]];
console.log(`cowboy start-up, ${RUNS} runs each: median wall s / mean CPU s, and the ratio to the baseline's`);
for (const command of commands) {
  const results = Object.entries(ways).map(([name, argv]) => [name, measure([...argv, ...command])] as const);
  const base = results[0]![1];
  for (const [name, r] of results) {
    const cpu = r.cpu === undefined || base.cpu === undefined ? "" : `  cpu ${r.cpu.toFixed(2)} s (${(r.cpu / base.cpu).toFixed(2)}x)`;
    console.log(`cowboy ${command.join(" ").padEnd(18)} ${name.padEnd(28)} wall ${r.wall.toFixed(2)} s (${(r.wall / base.wall).toFixed(2)}x)${cpu}`);
  }
}
