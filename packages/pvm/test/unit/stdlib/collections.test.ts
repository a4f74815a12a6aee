import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { abcModule } from "../../../src/stdlib/abc.js";
import { collectionsAbcModule, collectionsModule } from "../../../src/stdlib/collections.js";
import { conformancePrograms, coster, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "collections");
const modules = new ModuleRegistry().register("abc", abcModule()).register("collections", collectionsModule()).register("collections.abc", collectionsAbcModule());

const run = runner(modules);

conformancePrograms("collections conformance (CPython 3.11 outputs)", dir, run);

const cost = coster(run);

describe("collections costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-iter.md).
  it("imports cost fixed Cycles", () => {
    // `import collections.abc` also binds `collections`, so it loads both; `from` loads only abc.
    const abcOnly = run("from collections.abc import Mapping\n");
    const all = run("import collections\n");
    expect([abcOnly.r.cycles, all.r.cycles]).toEqual([26254n, 33564n]);
  });

  it("Counter and deque pay per element", () => {
    const pre = "from collections import Counter, deque\nxs = list(range(20)) * 5\n";
    const c100 = cost(pre, "c = Counter(xs)\n");
    const c200 = cost(pre + "ys = xs + xs\n", "c = Counter(ys)\n");
    const dq = cost(pre, "d = deque()\nfor x in xs:\n    d.append(x)\nwhile d:\n    d.popleft()\n");
    const mc = cost(pre + "c = Counter(xs)\n", "m = c.most_common(3)\n");
    expect([c100, c200, dq, mc]).toEqual([1345n, 2145n, 13442n, 333n]);
  });
});

describe("collections costs (namedtuple)", () => {
  it("building and reading a namedtuple cost fixed Cycles", () => {
    const pre = "from collections import namedtuple\nP = namedtuple('P', 'x y z', defaults=[0])\n";
    const full = cost(pre, "p = P(1, 2, 3)\n");
    const withDefault = cost(pre, "p = P(1, 2)\n");
    const read = cost(pre + "p = P(1, 2, 3)\n", "v = p.y\n");
    expect([full, withDefault, read]).toEqual([41n, 208n, 6n]);
  });
});

describe("collections errors", () => {
  it("popleft on an empty deque is an IndexError with CPython's message and leaves it empty", () => {
    const { r, out } = run("from collections import deque\nd = deque()\ntry:\n    d.popleft()\nexcept IndexError as e:\n    print(e)\nprint(len(d), d)\n");
    expect(r.result).toBe("ok");
    expect(out).toBe("pop from an empty deque\ndeque([])\n".replace("deque([])", "0 deque([])"));
  });

  it("an uncaught namedtuple arity error carries TypeError and the message", () => {
    const { r } = run("from collections import namedtuple\nP = namedtuple('P', 'x y')\nP(1)\n");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("P.__new__() missing 1 required positional argument: 'y'");
  });

  it("a bad maxlen changes nothing and raises ValueError", () => {
    const { r } = run("from collections import deque\ndeque([1], maxlen=-1)\n");
    expect(r.error?.pyType).toBe("ValueError");
    expect(r.error?.pyMessage).toBe("maxlen must be non-negative");
  });

  it("an infinite feed into a bounded deque stops at the Cycle limit", () => {
    const { r } = run("from collections import deque\nd = deque(maxlen=3)\nwhile True:\n    d.append(1)\n", 200_000n);
    expect(r.error?.code).toBe("OutOfCycles");
  });
});
