// collections / itertools / functools workloads: the PVM (metered, through ActorVm) against CPython
// 3.11 (python3, spawned once per workload, timing its own bench() calls) in the same run. Each
// workload's result must be identical in both. Ratio = PVM time / CPython time (lower is better).
// The interpreter measured is the built bundle (dist/, rebuilt with tsup unless --no-build), as in
// bench/index.ts; the modules come from that bundle's standard library (their native helpers must
// share the interpreter's build).
// Run: pnpm exec tsx --conditions=@cowboy/source bench/stdlib-iter.ts [--no-build] [filter]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type * as Pvm from "../src/index.js";
import { compareWithCpython, type Workload } from "./vs-cpython.js";

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

const WORKLOADS: Workload[] = [
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

const args = process.argv.slice(2);
if (!args.includes("--no-build")) {
  execFileSync("pnpm", ["exec", "tsup", "--silent"], { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: "inherit" });
}
const built = (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof Pvm;

const filter = args.find((a) => !a.startsWith("--"));
compareWithCpython("collections / itertools / functools: PVM (metered, built bundle) vs CPython 3.11", WORKLOADS, built.ActorVm, built.standardLibrary(), filter);
