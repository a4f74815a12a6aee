import { describe, expect, it } from "vitest";
import { ActorVm, ModuleRegistry, asyncioModuleDef, runScript } from "../../src/index.js";

const modules = new ModuleRegistry().register("asyncio", asyncioModuleDef());

describe("async/await", () => {
  it("runs coroutines in FIFO order with asyncio.run and sleep", () => {
    let out = "";
    const src = [
      "import asyncio",
      "log = []",
      "async def worker(name, n):",
      "    for i in range(n):",
      "        log.append(f'{name}{i}')",
      "        await asyncio.sleep(0)",
      "    return name * n",
      "async def main():",
      "    a = await worker('a', 2)",
      "    b = await worker('b', 1)",
      "    return [a, b]",
      "print(asyncio.run(main()), log)",
      "try:",
      "    asyncio.run(42)",
      "except ValueError as e:",
      "    print(e)",
      "",
    ].join("\n");
    const r = runScript(src, { modules, stdout: (s) => (out += s) });
    expect(r.error).toBeUndefined();
    expect(out).toBe("['aa', 'b'] ['a0', 'a1', 'b0']\na coroutine was expected, got int\n");
  });
  it("drives an async actor method to completion", () => {
    const { vm } = ActorVm.load("class A:\n    async def double(self, x):\n        return await self.inner(x) * 2\n    async def inner(self, x):\n        return x + 1\n");
    const inst = vm!.instantiate("A");
    const r = vm!.call(inst.instance!, "double", [20n]);
    expect(r.value).toBe(42n);
  });
});
