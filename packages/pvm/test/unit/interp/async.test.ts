import { describe, expect, it } from "vitest";
import { ActorVm, ModuleRegistry, asyncioModuleDef, runScript } from "../../../src/index.js";

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
  it("names the async for line and the async generator frame in tracebacks", () => {
    const src = [
      "import asyncio",
      "async def ag():",
      "    yield 1",
      "    raise KeyError('boom')",
      "async def main():",
      "    async for x in ag():",
      "        print(x)",
      "asyncio.run(main())",
      "",
    ].join("\n");
    let out = "";
    const r = runScript(src, { filename: "t.py", modules, stdout: (s) => (out += s) });
    expect(out).toBe("1\n");
    expect(r.error?.code).toBe("PythonException");
    expect(r.error?.traceback).toBe(
      [
        "Traceback (most recent call last):",
        '  File "t.py", line 8, in <module>',
        "    asyncio.run(main())",
        '  File "t.py", line 6, in main',
        "    async for x in ag():",
        '  File "t.py", line 4, in ag',
        "    raise KeyError('boom')",
        "KeyError: 'boom'",
        "",
      ].join("\n"),
    );
  });
  it("drives an async generator method of an actor through an async method", () => {
    const src =
      "class A:\n    async def items(self, n):\n        for i in range(n):\n            yield i * i\n    async def total(self, n):\n        return sum([x async for x in self.items(n)])\n";
    const { vm } = ActorVm.load(src);
    const inst = vm!.instantiate("A");
    const r = vm!.call(inst.instance!, "total", [4n]);
    expect(r.ok).toBe(true);
    expect(r.value).toBe(14n);
  });
  it("gives generators, coroutines and async generators CPython's repr with deterministic addresses", () => {
    const src = [
      "def g():",
      "    yield 1",
      "async def c():",
      "    pass",
      "async def ag():",
      "    yield 1",
      "class K:",
      "    async def m(self):",
      "        yield 2",
      "co = c()",
      "print(repr(g()), repr(co), repr(ag()), repr(K().m()), sep='\\n')",
      "print(type(ag()).__name__, type(ag().__anext__()).__name__, type(ag().aclose()).__name__, type(anext(ag(), 0)).__name__)",
      "co.close()",
      "",
    ].join("\n");
    let out = "";
    const r = runScript(src, { modules, stdout: (s) => (out += s) });
    expect(r.error).toBeUndefined();
    expect(out).toBe(
      [
        "<generator object g at 0x000000000010>",
        "<coroutine object c at 0x000000000020>",
        "<async_generator object ag at 0x000000000030>",
        "<async_generator object K.m at 0x000000000040>",
        "async_generator async_generator_asend async_generator_athrow anext_awaitable",
        "",
      ].join("\n"),
    );
  });
});
