import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, runScript } from "../../../src/index.js";
import { abcModule } from "../../../src/stdlib/abc.js";
import { collectionsAbcModule, collectionsModule } from "../../../src/stdlib/collections.js";
import { dataclassesModule } from "../../../src/stdlib/dataclasses.js";
import { typingModule } from "../../../src/stdlib/typing.js";
import { conformancePrograms } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "typing");
// typing imports collections.abc (whose classes its aliases wrap) and abc at import time, as CPython's does;
// collections is registered because typing.Deque & co. resolve to it lazily.
const abcs = () => new ModuleRegistry().register("typing", typingModule()).register("abc", abcModule()).register("collections.abc", collectionsAbcModule());
const modules = abcs().register("collections", collectionsModule()).register("dataclasses", dataclassesModule());
const alone = abcs();

function run(src: string, reg = modules, cyclesLimit = 50_000_000n) {
  let out = "";
  let err = "";
  const r = runScript(src, { modules: reg, cyclesLimit, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { r, out, err };
}

conformancePrograms("typing conformance (CPython 3.11 outputs)", dir, run);

describe("typing errors", () => {
  it("instantiating a bare alias is an uncaught TypeError with CPython's message", () => {
    const { r, err } = run("from typing import Dict\nDict()\n");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("Type Dict cannot be instantiated; use dict() instead");
    expect(err).toContain("TypeError: Type Dict cannot be instantiated; use dict() instead");
  });

  it("a plain special form is refused as a parameter; a number is accepted as in 3.11", () => {
    const { r } = run("from typing import List, Union\nprint(List[1])\nList[Union]\n");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("Plain typing.Union is not valid as type argument");
    expect(run("from typing import List, ClassVar\nList[ClassVar[int]]\n").r.error?.pyMessage).toBe("typing.ClassVar[int] is not valid as type argument");
    expect(run("from typing import List\nprint(List[1])\n").out).toBe("typing.List[1]\n");
  });

  it("typing imports without collections (only collections.abc); Deque[int] still prints as CPython", () => {
    const { r, out } = run("import typing\nprint(typing.Deque[int], typing.List[int])\n", alone);
    expect(r.result).toBe("ok");
    expect(out).toBe("typing.Deque[int] typing.List[int]\n");
  });
});

const IMPORT = "from typing import List, Optional, NamedTuple\n";
const NT = "class P(NamedTuple):\n    x: int\n    y: int = 0\n";

describe("typing costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-classes.md).
  it("import, a subscription, a NamedTuple class and one instance cost fixed Cycles", () => {
    const base = run(IMPORT);
    const sub = run(IMPORT + "a = Optional[List[int]]\n");
    const nt = run(IMPORT + NT);
    const one = run(IMPORT + NT + "p = P(1)\n");
    const two = run(IMPORT + NT + "p = P(1)\nq = P(2, y=3)\n");
    for (const x of [base, sub, nt, one, two]) expect(x.r.result).toBe("ok");
    expect([base.r.cycles, sub.r.cycles - base.r.cycles, nt.r.cycles - base.r.cycles, two.r.cycles - one.r.cycles]).toEqual([36922n, 1755n, 1005n, 185n]);
  });

  it("a program that runs out of Cycles while importing typing stops with OutOfCycles", () => {
    const { r } = run(IMPORT, modules, 5_000n);
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("OutOfCycles");
  });
});
