import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { abcModule } from "../../../src/stdlib/abc.js";
import { collectionsAbcModule, collectionsModule } from "../../../src/stdlib/collections.js";
import { functoolsModule } from "../../../src/stdlib/functools.js";
import { conformancePrograms, coster, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "functools");
// collections.abc (and abc) are there for singledispatch on ABCs in the conformance program.
const modules = new ModuleRegistry()
  .register("functools", functoolsModule())
  .register("abc", abcModule())
  .register("collections", collectionsModule())
  .register("collections.abc", collectionsAbcModule());

const run = runner(modules);

conformancePrograms("functools conformance (CPython 3.11 outputs)", dir, run);

const cost = coster(run);

describe("functools costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-iter.md).
  const pre = "import functools\n";
  it("the import costs fixed Cycles", () => {
    expect(run(pre).r.cycles).toBe(704n);
  });

  it("representative calls cost fixed Cycles; reduce pays per element", () => {
    const r10 = cost(pre, "x = functools.reduce(lambda a, b: a + b, range(10))\n");
    const r20 = cost(pre, "x = functools.reduce(lambda a, b: a + b, range(20))\n");
    const lruDef = "@functools.lru_cache(maxsize=4)\ndef f(x):\n    return x + 1\n";
    const miss = cost(pre + lruDef, "f(1)\n");
    const hit = cost(pre + lruDef + "f(1)\n", "f(1)\n");
    const sdDef = "@functools.singledispatch\ndef g(x):\n    return 0\n@g.register\ndef _(x: int):\n    return 1\ng(1)\n";
    const dispatch = cost(pre + sdDef, "g(2)\n");
    const part = cost(pre + "p = functools.partial(max, 0)\n", "p(5)\n");
    expect([r10, r20, miss, hit, dispatch, part]).toEqual([203n, 343n, 64n, 50n, 59n, 42n]);
  });
});

describe("functools errors", () => {
  it("an unhashable lru_cache argument is a TypeError and caches nothing", () => {
    const { r, out } = run("import functools\n@functools.lru_cache\ndef f(x):\n    return 1\ntry:\n    f([1])\nexcept TypeError as e:\n    print(e)\nprint(f.cache_info())\n");
    expect(r.result).toBe("ok");
    expect(out).toBe("unhashable type: 'list'\nCacheInfo(hits=0, misses=0, maxsize=128, currsize=0)\n");
  });

  it("total_ordering without any ordering method is a ValueError", () => {
    const { r } = run("import functools\n@functools.total_ordering\nclass A:\n    pass\n");
    expect(r.error?.pyType).toBe("ValueError");
    expect(r.error?.pyMessage).toBe("must define at least one ordering operation: < > <= >=");
  });

  it("a singledispatch function called without arguments names itself", () => {
    const { r } = run("import functools\n@functools.singledispatch\ndef show(x):\n    pass\nshow()\n");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("show requires at least 1 positional argument");
  });
});
