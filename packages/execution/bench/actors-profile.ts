// Where a warm actor call's time goes (issue 19, "Actor calls at block scale"): summarises the CPU
// profile `ACTORS_PROFILE=FILE tsx bench/actors.ts` writes of the three warm Counter.increment
// blocks, as shares of applyBlock. Each sample goes to the first category (in the order below) with
// a function on its stack. Run: pnpm exec tsx bench/actors-profile.ts FILE
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

const CATEGORIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["imports (the cowboy_sdk module: body, or its snapshot restored)", ["import"]],
  ["the actor module's body", ["execModule"]],
  ["restore attributes (storage read, decode)", ["restoreAttributes"]],
  ["persist attributes (encode, storage write)", ["persistAttributes"]],
  ["the method (Python, host calls)", ["callValue"]],
  ["invocation set-up and result (session, args, encode)", ["invokeActor"]],
  ["frame: checkpoint, code load, allowance", ["#frame"]],
  ["state root", ["computeRoot", "checkRoots"]],
  ["transaction, fees, receipts, rest of applyBlock", ["applyBlock"]],
];

const file = process.argv[2];
if (file === undefined) throw new Error("usage: tsx bench/actors-profile.ts PROFILE.json");
const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const time = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const names = new Set<string>();
  for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) names.add(byId.get(id)!.callFrame.functionName);
  if (!names.has("applyBlock")) continue;
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const hit = CATEGORIES.find(([, fns]) => fns.some((f) => names.has(f)));
  if (hit !== undefined) time.set(hit[0], (time.get(hit[0]) ?? 0) + dt);
}
console.log(`applyBlock: ${(total / 1000).toFixed(0)} ms sampled`);
for (const [name] of CATEGORIES) console.log(`${((100 * (time.get(name) ?? 0)) / total).toFixed(1).padStart(5)}%  ${name}`);
