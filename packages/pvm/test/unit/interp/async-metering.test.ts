// Cycle rules of the asynchronous constructs (cips/pvm.md, "async / await"): an `async for` step
// is a `for` step plus the await of `__anext__()`, a `yield` in an async generator costs what it
// costs in a generator, and async comprehensions charge like their synchronous forms.
import { describe, expect, it } from "vitest";
import { ModuleRegistry, asyncioModuleDef, runScript } from "../../../src/index.js";

const modules = new ModuleRegistry().register("asyncio", asyncioModuleDef());
const STEP = 1n;
const GEN_RESUME = 5n;

function cycles(src: string): bigint {
  let out = "";
  const r = runScript(src, { modules, stdout: (s) => (out += s) });
  expect(r.error).toBeUndefined();
  expect(out).not.toBe("");
  return r.cycles;
}

const syncLoop = (n: number) => `def g(n):\n    for i in range(n):\n        yield i\ndef main():\n    t = 0\n    for x in g(${n}):\n        t += x\n    return t\nprint(main())\n`;
const asyncLoop = (n: number) =>
  `import asyncio\nasync def g(n):\n    for i in range(n):\n        yield i\nasync def main():\n    t = 0\n    async for x in g(${n}):\n        t += x\n    return t\nprint(asyncio.run(main()))\n`;
const syncComp = (n: number) => `def g(n):\n    for i in range(n):\n        yield i\ndef main():\n    return [x * 2 for x in g(${n}) if x >= 0]\nprint(main())\n`;
const asyncComp = (n: number) =>
  `import asyncio\nasync def g(n):\n    for i in range(n):\n        yield i\nasync def main():\n    return [x * 2 async for x in g(${n}) if x >= 0]\nprint(asyncio.run(main()))\n`;

const MANAGER =
  "class M:\n    def __enter__(self):\n        return 1\n    def __exit__(self, *a):\n        return False\n    async def __aenter__(self):\n        return 1\n    async def __aexit__(self, *a):\n        return False\n";
const withs = (kw: string, multi: boolean) =>
  multi ? `    ${kw} M() as a, M() as b:\n        x = a + b\n` : `    ${kw} M() as a:\n        ${kw} M() as b:\n            x = a + b\n`;
const syncWith = (multi: boolean) => `${MANAGER}def main():\n${withs("with", multi)}    return x\nprint(main())\n`;
const asyncWith = (multi: boolean) => `import asyncio\n${MANAGER}async def main():\n${withs("async with", multi)}    return x\nprint(asyncio.run(main()))\n`;

describe("async Cycle rules", () => {
  it("async with over several items charges their headers once, as with does", () => {
    // It used to charge the inner items' headers a second time (the nested part was a block again).
    expect(cycles(asyncWith(true)) - cycles(asyncWith(false))).toBe(cycles(syncWith(true)) - cycles(syncWith(false)));
  });

  it("an async for step costs a for step plus one await", () => {
    const perSync = cycles(syncLoop(6)) - cycles(syncLoop(5));
    const perAsync = cycles(asyncLoop(6)) - cycles(asyncLoop(5));
    expect(perAsync - perSync).toBe(GEN_RESUME);
    // for step (1) + `t += x` (step 1 + arith 1) + the generator's for step (1) + `yield i` (1 + 5)
    expect(perSync).toBe(STEP + 2n + STEP + STEP + GEN_RESUME);
  });
  it("an async comprehension step costs the synchronous step plus one await", () => {
    const perSync = cycles(syncComp(6)) - cycles(syncComp(5));
    const perAsync = cycles(asyncComp(6)) - cycles(asyncComp(5));
    expect(perAsync - perSync).toBe(GEN_RESUME);
  });
  it("pins a program using every async construct", () => {
    const src = [
      "import asyncio",
      "async def ag(n):",
      "    for i in range(n):",
      "        await asyncio.sleep(0)",
      "        yield i",
      "async def main():",
      "    a = [x async for x in ag(3)]",
      "    b = {x: await asyncio.sleep(0, x) for x in range(2)}",
      "    g = ag(2)",
      "    c = [await anext(g), await g.asend(None), await anext(g, 'end')]",
      "    await g.aclose()",
      "    t = 0",
      "    async for x in (y + 1 async for y in ag(2)):",
      "        t += x",
      "    return a, b, c, t",
      "print(asyncio.run(main()))",
      "",
    ].join("\n");
    let out = "";
    const r = runScript(src, { modules, stdout: (s) => (out += s) });
    expect(out).toBe("([0, 1, 2], {0: 0, 1: 1}, [0, 1, 'end'], 3)\n");
    expect(r.cycles).toBe(792n);
  });
});
