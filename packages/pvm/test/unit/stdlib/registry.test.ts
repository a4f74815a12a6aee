import { describe, expect, it } from "vitest";
import { runScript, standardLibrary, standardModules } from "../../../src/index.js";

const modules = standardLibrary();

function run(src: string) {
  let out = "";
  const r = runScript(src, { modules, cyclesLimit: 50_000_000, stdout: (s) => (out += s) });
  return { r, out };
}

describe("the standard registry", () => {
  it("holds the whitelisted modules, sorted, and nothing else", () => {
    const names = standardModules().map(([name]) => name);
    expect(modules.names()).toEqual([...names].sort());
    for (const banned of ["os", "sys", "socket", "random", "time", "subprocess", "importlib", "builtins"]) expect(names).not.toContain(banned);
  });

  it("imports every whitelisted module in one program", () => {
    const names = standardModules().map(([name]) => name);
    const { r, out } = run(`${names.map((n) => `import ${n}`).join("\n")}\nprint(${names.map((n) => `${n}.__name__`).join(", ")})\n`);
    expect(r.error).toBeUndefined();
    expect(out).toBe(`${names.join(" ")}\n`);
  });

  it("works for the usual author's imports", () => {
    const { r, out } = run(
      "from __future__ import annotations\nimport math, re\nfrom decimal import Decimal\nfrom functools import reduce\nfrom abc import ABC\n" +
        "from dataclasses import dataclass\nfrom enum import Enum\nfrom collections import Counter, deque\nfrom collections.abc import Mapping\nimport itertools, json, hashlib, struct\nfrom typing import Optional, List\n" +
        "def f(x: Optional[List[int]] = None) -> int:\n    return len(x or [])\n" +
        "print(f([1, 2]), Optional[List[int]], struct.pack('<HI', 1, 2).hex(), annotations.getMandatoryRelease())\n" +
        "print(json.dumps({'a': [1, 2.5, None]}, sort_keys=True), json.loads('[1, \"x\"]'), hashlib.sha256(b'abc').hexdigest()[:16])\n" +
        "@dataclass\nclass P:\n    x: int\n    y: int = 2\n" +
        "class C(Enum):\n    RED = 1\n" +
        "print(Counter('abca').most_common(1), deque([1, 2], maxlen=2), isinstance({}, Mapping), list(itertools.pairwise('abc')))\n" +
        "print(P(1), C(1), math.sqrt(2), re.sub(r'\\d+', '#', 'a1b22'), Decimal('1.10') + Decimal('2.205'), reduce(lambda a, b: a * b, range(1, 6)), issubclass(ABC, object))\n",
    );
    expect(r.error).toBeUndefined();
    expect(out).toBe(
      "2 typing.Optional[typing.List[int]] 010002000000 None\n{\"a\": [1, 2.5, null]} [1, 'x'] ba7816bf8f01cfea\n[('a', 2)] deque([1, 2], maxlen=2) True [('a', 'b'), ('b', 'c')]\nP(x=1, y=2) C.RED 1.4142135623730951 a#b# 3.305 120 True\n",
    );
  });

  it("charges 100 Cycles for a first import, 5 for a cached one and 50 for a refused one", () => {
    // `math` is native: a first import costs 100 plus nothing of its own.
    const base = run("x = 1\n").r.cycles;
    const first = run("x = 1\nimport math\n").r.cycles;
    const twice = run("x = 1\nimport math\nimport math\n").r.cycles;
    const refused = run("x = 1\ntry:\n    import os\nexcept ImportError as e:\n    pass\n").r.cycles;
    const tryOnly = run("x = 1\ntry:\n    pass\nexcept ImportError as e:\n    pass\n").r.cycles;
    expect(twice - first).toBe(first - base - 95n); // the second import: same statement cost, 5 instead of 100
    expect(first - base).toBeGreaterThanOrEqual(100n);
    expect(refused - tryOnly).toBeGreaterThanOrEqual(50n);
    const { out } = run("try:\n    import os\nexcept ImportError as e:\n    print(type(e).__name__, e)\n");
    expect(out).toBe("ModuleNotFoundError No module named 'os'\n");
  });
});
