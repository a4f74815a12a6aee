// collections / itertools / functools workloads: the PVM (metered, through ActorVm) against CPython
// 3.11 (python3, spawned once per workload, timing its own bench() calls) in the same run. Each
// workload's result must be identical in both. Ratio = PVM time / CPython time (lower is better).
// The interpreter measured is the built bundle (dist/, rebuilt with tsup unless --no-build), as in
// bench/index.ts, once the standard library it exports holds these modules; until then (their
// native helpers must come from the same build as the interpreter) the TS sources are measured.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/stdlib-iter.ts [--no-build] [filter]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { formatRatio, geometricMean, measure, printTable } from "@cowboy/bench-harness";
import type * as Pvm from "../src/index.js";

const WORDS = `
def words(n):
    s = 12345
    out = []
    for i in range(n):
        s = (s * 1103515245 + 12345) % 2147483648
        out.append("w" + str(s % 97))
    return out
WS = words(4000)
`;

const WORKLOADS: { name: string; source: string }[] = [
  {
    name: "Counter + most_common",
    source: `from collections import Counter\n${WORDS}
def bench():
    c = Counter(WS)
    c.update(WS[:1000])
    return c.most_common(5), c.total()
`,
  },
  {
    name: "deque BFS (grid 40x40)",
    source: `from collections import deque
def bench():
    n = 40
    seen = {(0, 0): 0}
    q = deque([(0, 0)])
    while q:
        x, y = q.popleft()
        d = seen[(x, y)]
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < n and 0 <= ny < n and (nx, ny) not in seen and (nx * 7 + ny) % 5 != 0:
                seen[(nx, ny)] = d + 1
                q.append((nx, ny))
    return len(seen), max(seen.values())
`,
  },
  {
    name: "defaultdict grouping",
    source: `from collections import defaultdict\n${WORDS}
def bench():
    g = defaultdict(list)
    for i, w in enumerate(WS):
        g[w].append(i)
    return len(g), sum(len(v) for v in g.values())
`,
  },
  {
    name: "namedtuple build + access",
    source: `from collections import namedtuple
P = namedtuple('P', 'x y z')
def bench():
    pts = [P(i, i * 2, i % 7) for i in range(2000)]
    return sum(p.x + p.y - p.z for p in pts), pts[5]._replace(z=0)
`,
  },
  {
    name: "combinations + product",
    source: `from itertools import combinations, product
def bench():
    a = sum(1 for c in combinations(range(18), 3) if sum(c) % 3 == 0)
    b = sum(x * y for x, y in product(range(40), repeat=2))
    return a, b
`,
  },
  {
    name: "chain/islice/accumulate/groupby",
    source: `from itertools import chain, islice, accumulate, groupby, count
def bench():
    xs = list(islice(chain.from_iterable([range(i) for i in range(60)]), 1500))
    acc = list(accumulate(xs))
    runs = [(k, len(list(g))) for k, g in groupby(sorted(x % 10 for x in xs))]
    z = list(zip(count(), xs))
    return acc[-1], runs, len(z)
`,
  },
  {
    name: "lru_cache memo (2000 keys)",
    source: `from functools import lru_cache
def bench():
    @lru_cache(maxsize=512)
    def f(n):
        return n if n < 2 else (f(n - 1) + f(n - 2)) % 1000003
    total = 0
    for i in range(2000):
        total += f(i)
    return total, f.cache_info()
`,
  },
  {
    name: "reduce + partial + cmp_to_key",
    source: `from functools import reduce, partial, cmp_to_key
def bench():
    add = partial(lambda a, b, c: a + b * c, c=3)
    r = reduce(lambda acc, x: add(acc, x), range(3000), 0)
    s = sorted(range(500), key=cmp_to_key(lambda a, b: (a % 13) - (b % 13) or a - b))
    return r, s[:5]
`,
  },
];

const DRIVER = `
import sys, time
g = {}
exec(compile(sys.stdin.read(), "bench.py", "exec"), g)
bench = g["bench"]
for _ in range(3):
    r = bench()
times = []
deadline = time.perf_counter() + 1.0
while len(times) < 5 or time.perf_counter() < deadline:
    t0 = time.perf_counter()
    r = bench()
    times.append(time.perf_counter() - t0)
times.sort()
print(times[len(times) // 2] * 1000.0)
print(repr(r))
`;

function cpython(source: string): { ms: number; result: string } {
  const out = execFileSync("python3", ["-c", DRIVER], { input: source, encoding: "utf8", env: { PYTHONHASHSEED: "0", PATH: process.env.PATH ?? "" } });
  const [ms, result] = out.trim().split("\n") as [string, string];
  return { ms: Number(ms), result };
}

const args = process.argv.slice(2);
if (!args.includes("--no-build")) {
  execFileSync("pnpm", ["exec", "tsup", "--silent"], { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: "inherit" });
}
const NAMES = ["abc", "collections", "collections.abc", "itertools", "functools"];
const built = (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof Pvm;
const builtStd = new Map(built.standardModules());
const useBuilt = NAMES.every((n) => builtStd.has(n));
const { ActorVm, ModuleRegistry } = useBuilt ? built : await import("../src/index.js");
const modules = new ModuleRegistry();
if (useBuilt) for (const n of NAMES) modules.register(n, builtStd.get(n) as Pvm.ModuleDef);
else {
  const { abcModule } = await import("../src/stdlib/abc.js");
  const { collectionsAbcModule, collectionsModule } = await import("../src/stdlib/collections.js");
  const { functoolsModule } = await import("../src/stdlib/functools.js");
  const { itertoolsModule } = await import("../src/stdlib/itertools.js");
  modules
    .register("abc", abcModule())
    .register("collections", collectionsModule())
    .register("collections.abc", collectionsAbcModule())
    .register("itertools", itertoolsModule())
    .register("functools", functoolsModule());
}
const flavour = useBuilt ? "built bundle" : "TS sources via tsx";

function pvm(source: string): { ms: number; cycles: bigint; result: string } {
  const limits = { cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 };
  const { vm, result } = ActorVm.load(`${source}\nclass __Bench:\n    def run(self):\n        return repr(bench())\n`, { filename: "bench.py", modules, ...limits });
  if (vm === undefined) throw new Error(`load failed: ${result.error?.message}`);
  const inst = vm.instantiate("__Bench");
  if (inst.instance === undefined) throw new Error(`instantiate failed: ${inst.error?.message}`);
  const handle = inst.instance;
  const call = () => {
    const r = vm.call(handle, "run", [], limits);
    if (!r.ok) throw new Error(`bench failed: ${r.error?.message}`);
    return r;
  };
  const first = call();
  const m = measure({ name: "pvm", fn: call }, { samples: 5, sampleMs: 300, warmupMs: 300 });
  return { ms: m.nsPerOp / 1e6, cycles: first.cycles, result: String(first.value) };
}

const filter = args.find((a) => !a.startsWith("--"));
const rows: string[][] = [["workload", "CPython ms", "PVM ms", "PVM / CPython", "Cycles"]];
const ratios: number[] = [];
for (const w of WORKLOADS) {
  if (filter !== undefined && !w.name.includes(filter)) continue;
  const py = cpython(w.source);
  const r = pvm(w.source);
  if (py.result !== r.result) throw new Error(`${w.name}: PVM result ${r.result} differs from CPython ${py.result}`);
  ratios.push(r.ms / py.ms);
  rows.push([w.name, py.ms.toFixed(2), r.ms.toFixed(2), formatRatio(r.ms / py.ms), r.cycles.toString()]);
}
rows.push(["geometric mean", "", "", formatRatio(geometricMean(ratios)), ""]);
printTable(`collections / itertools / functools: PVM (metered, ${flavour}) vs CPython 3.11`, rows);
