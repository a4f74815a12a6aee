// The per-call memory budget bounds what a program holds (cips/pvm.md, "Memory accounting"; issue
// 19): churn with a small live set runs, holding more than the budget fails, bombs fail before the
// host allocates, the recount's Cycles are exact, and the recount allowance bounds what it cannot see.
import { describe, expect, it } from "vitest";
import { runScript } from "../../../src/index.js";
import { Runtime, RECOUNT_ALLOWANCE, RECOUNT_SLACK } from "../../../src/runtime/context.js";
import { RECOUNT_CYCLES } from "../../../src/runtime/costs.js";
import { countLive, LIVE_BYTES } from "../../../src/runtime/heap.js";
import { PyList, PyTuple } from "../../../src/runtime/object.js";
import { T } from "../../../src/runtime/types.js";
import { CHURN_PROGRAMS } from "../../fixtures/churn-programs.js";

const MiB = 1 << 20;

function run(src: string, memoryLimit?: number, cyclesLimit = 200_000_000n) {
  let out = "";
  const r = runScript(src, { filename: "mem.py", stdout: (s) => (out += s), cyclesLimit, ...(memoryLimit === undefined ? {} : { memoryLimit }) });
  return { ...r, out };
}

describe("allocation churn with a small live set", () => {
  it.each(Object.keys(CHURN_PROGRAMS))(
    "%s runs far past 10 MiB of allocation",
    (name) => {
      const src = CHURN_PROGRAMS[name] as string;
      const bounded = run(src);
      const unbounded = run(src, 2 ** 50);
      expect(bounded.error).toBeUndefined();
      expect(bounded.result).toBe("ok");
      expect(bounded.out).toBe(unbounded.out);
      // What it allocated in all (nothing recounted under an unreachable budget) exceeds the budget...
      expect(unbounded.memory).toBeGreaterThan(10 * MiB);
      // ...and the recounts it needed cost Cycles, only there.
      expect(bounded.cycles).toBeGreaterThan(unbounded.cycles);
      expect(bounded.memory).toBeLessThanOrEqual(10 * MiB);
    },
    120_000,
  );

  it("gives the same Cycles and memory figure on every run", () => {
    const a = run(CHURN_PROGRAMS.objects as string);
    const b = run(CHURN_PROGRAMS.objects as string);
    expect([b.cycles, b.memory]).toEqual([a.cycles, a.memory]);
  }, 60_000);

  it("collects reference cycles that nothing reaches (they are not live)", () => {
    const r = run(CHURN_PROGRAMS.cycles as string);
    expect(r.result).toBe("ok");
    expect(r.out).toBe("150000\n");
  }, 60_000);
});

describe("holding more than the budget fails with MemoryError", () => {
  const churn = "for i in range(300000):\n    d = {'a': i}\n";
  it.each([
    ["distinct strings in a list", "keep = []\nfor i in range(20000):\n    keep.append('x' * 600 + str(i))\n"],
    ["a dict of tuples", "keep = {}\nfor i in range(400000):\n    keep[i] = (i, i, i)\n"],
    ["instance attributes", "class C:\n    pass\nkeep = []\nfor i in range(150000):\n    c = C()\n    c.a = i\n    c.b = i\n    keep.append(c)\n"],
    ["a list comprehension being built", "keep = [bytes(1000) for _ in range(20000)]\n"],
    ["list() of a generator being built", "def g():\n    for i in range(20000):\n        yield bytes(1000)\nkeep = list(g())\n"],
    [
      "a suspended generator's locals",
      `def g():\n    buf = [bytes(1000) for _ in range(6000)]\n    yield 1\n    yield len(buf)\nit = g()\nnext(it)\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`,
    ],
    ["a closure cell", `def mk():\n    data = [bytes(1000) for _ in range(6000)]\n    return lambda: len(data)\nf = mk()\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`],
    ["a list only an iterator holds", `it = iter([bytes(1000) for _ in range(6000)])\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`],
    ["a list only a map object holds", `m = map(len, [bytes(1000) for _ in range(6000)])\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`],
    [
      "a list only a suspended generator's for loop holds",
      `def g():\n    for x in [bytes(1000) for _ in range(6000)]:\n        yield 1\nit = g()\nnext(it)\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`,
    ],
    ["a list only a for loop holds", "for x in [bytes(1000) for _ in range(6000)]:\n    more = [bytes(1000) for _ in range(5000)]\n    break\n"],
    ["a class attribute", `class K:\n    pass\nK.data = [bytes(1000) for _ in range(6000)]\nmore = [bytes(1000) for _ in range(5000)]\n${churn}`],
    [
      "a caller's local",
      `def inner():\n    ${churn.replace(/\n {4}/g, "\n        ").trimEnd()}\ndef outer():\n    data = [bytes(1000) for _ in range(11000)]\n    inner()\n    return len(data)\nouter()\n`,
    ],
  ])(
    "%s",
    (_name, src) => {
      const r = run(src);
      expect(r.error?.code).toBe("OutOfMemory");
      expect(r.error?.pyType).toBe("MemoryError");
      expect(r.error?.pyMessage).toBe(`memory limit of ${10 * MiB} bytes exceeded`);
    },
    60_000,
  );

  it("keeps failing after the program catches MemoryError: no slack above the budget", () => {
    const src = [
      "keep = []",
      "caught = 0",
      "for round in range(3):",
      "    try:",
      "        while True:",
      "            keep.append('y' * 1000 + str(len(keep)))",
      "    except MemoryError:",
      "        caught += 1",
      "print(caught, len(keep))",
      "",
    ].join("\n");
    const r = run(src);
    expect(r.result).toBe("ok");
    const [caught, held] = r.out.trim().split(" ").map(Number);
    expect(caught).toBe(3);
    // ~1 KiB per element plus 8 for its slot: the list never grows past the budget plus the slack
    // between two recounts, and never again after the first MemoryError.
    expect(held! * 1008).toBeLessThanOrEqual(10 * MiB * (1 + 1 / RECOUNT_SLACK));
    expect(held! * 1008).toBeGreaterThan(9 * MiB);
    expect(r.memory).toBeLessThanOrEqual(10 * MiB * (1 + 1 / RECOUNT_SLACK));
  }, 60_000);
});

describe("bombs", () => {
  it.each(["[0] * 10**9", "'x' * 10**9", "bytes(10**9)", "b'x' * 10**8"])(
    "%s fails before allocating, also after recounts",
    (expr) => {
      const r = run(`${CHURN_PROGRAMS.dicts}try:\n    x = ${expr}\nexcept MemoryError:\n    print('MemoryError')\n`);
      expect(r.out.endsWith("MemoryError\n")).toBe(true);
      expect(r.memory).toBeLessThan(10 * MiB);
    },
    60_000,
  );
});

describe("the recount allowance", () => {
  it("bounds what the recount cannot see (objects held only by the interpreter's own stack)", () => {
    // Each level holds a 900 KB bytes object as the first element of a list display while it
    // recurses: no frame slot holds it, so the recount cannot see it and forgives it.
    const src = "def f(n):\n    if n == 0:\n        return 0\n    return [bytes(900_000), f(n - 1)]\nf(200)\n";
    const r = run(src, MiB);
    expect(r.error?.pyType).toBe("MemoryError");
    expect(r.error?.pyMessage).toBe(`memory limit of ${MiB} bytes exceeded (the call's recount allowance of ${RECOUNT_ALLOWANCE * MiB} bytes is spent)`);
  }, 60_000);
});

describe("the recount itself", () => {
  const rt = (memoryLimit: number) => new Runtime({ cyclesLimit: 1_000_000, memoryLimit, recursionLimit: 100, stackLimit: 100, stdout: () => {} });

  it("sets the counter to the live figure and charges base + per object visited", () => {
    const r = rt(1000);
    const s = "z".repeat(100);
    // A list holding a tuple (twice) and one string (three times): 4 visits, 56+8*4 + 8*2 + 100 bytes.
    const t = new PyTuple(T.tuple, [s, 7]);
    r.roots.push(new PyList(T.list, [t, t, s, s]));
    r.alloc(990);
    expect(r.memory).toBe(990);
    expect(r.cyclesUsed).toBe(0);
    r.alloc(20); // 1010 > 1000: recount
    const live = LIVE_BYTES.listHeader + 4 * LIVE_BYTES.slot + 2 * LIVE_BYTES.slot + 100;
    expect(r.recounts).toBe(1);
    expect(r.memory).toBe(live + 20);
    expect(r.cyclesUsed).toBe(RECOUNT_CYCLES.base + 3 * RECOUNT_CYCLES.perVisit);
    expect(r.forgiven).toBe(990 - live);
    expect(r.recountAt).toBe(1000);
  });

  it("raises MemoryError when the live figure plus the request exceeds the budget", () => {
    const r = rt(1000);
    r.roots.push(new PyList(T.list, new Array(100).fill(1)));
    r.alloc(900);
    expect(() => r.alloc(200)).toThrow();
    expect(r.memory).toBe(LIVE_BYTES.listHeader + 800);
    expect(r.recountAt).toBe(1000);
  });

  it("refuses a request larger than the whole budget without recounting (bombs cost what they did)", () => {
    const r = rt(1000);
    r.alloc(10);
    expect(() => r.alloc(1001)).toThrow();
    expect([r.recounts, r.memory, r.cyclesUsed]).toEqual([0, 10, 0]);
  });

  it("waits until the counter passes max(budget, live + budget / 4) before the next recount", () => {
    const r = rt(1000);
    r.roots.push(new PyList(T.list, new Array(90).fill(1))); // 56 + 720 = 776 live
    r.alloc(900);
    r.alloc(200); // 1100 > 1000: recount to 776, take 200
    expect([r.recounts, r.memory, r.recountAt]).toEqual([1, 976, 1026]);
    r.alloc(50); // 1026: above the budget by at most a quarter of it, no recount
    expect([r.recounts, r.memory]).toEqual([1, 1026]);
    r.alloc(1); // 1027 > 1026: recount
    expect([r.recounts, r.memory]).toEqual([2, 777]);
    expect(() => r.alloc(300)).toThrow(); // 1077: recount, 776 + 300 > 1000
    expect([r.recounts, r.memory, r.recountAt]).toEqual([3, 776, 1000]);
    r.alloc(224); // exactly the budget
    r.alloc(1); // recount again, and the slack is back
    expect([r.recounts, r.memory, r.recountAt]).toEqual([4, 777, 1026]);
  });
});

describe("countLive", () => {
  it("visits each object once, each distinct string once, with no host recursion", () => {
    let inner: PyList = new PyList(T.list, []);
    for (let i = 0; i < 200_000; i++) inner = new PyList(T.list, [inner]);
    let visits = 0;
    const c = countLive([inner, inner], () => visits++);
    expect(c.visited).toBe(200_001);
    expect(visits).toBe(200_001);
    expect(c.bytes).toBe(200_001 * LIVE_BYTES.listHeader + 200_000 * LIVE_BYTES.slot);
  });

  it("counts a reference cycle once", () => {
    const a = new PyList(T.list, []);
    const b = new PyList(T.list, [a]);
    a.items.push(b, "hello", "hello");
    const c = countLive([a], () => {});
    expect(c.visited).toBe(3);
    expect(c.bytes).toBe(2 * LIVE_BYTES.listHeader + 4 * LIVE_BYTES.slot + 5);
  });

  it("neither counts nor enters the shared builtin types", () => {
    const c = countLive([T.list, T.dict, T.object], () => {});
    expect(c).toEqual({ bytes: 0, visited: 0 });
  });
});
