import { describe, expect, it } from "vitest";
import { ActorVm, runScript } from "../../../src/index.js";

function run(src: string, cyclesLimit: bigint = 10_000_000n) {
  let out = "";
  const r = runScript(src, { filename: "t.py", stdout: (s) => (out += s), cyclesLimit });
  return { ...r, out };
}

describe("runScript", () => {
  it("runs ordinary Python", () => {
    const r = run("def f(n):\n    return n * 2\nprint(f(21), [x * x for x in range(4)], {'a': 1})\n");
    expect(r.result).toBe("ok");
    expect(r.out).toBe("42 [0, 1, 4, 9] {'a': 1}\n");
  });
  it("reports an uncaught exception with a CPython-style traceback", () => {
    const r = run("def f():\n    return 1 / 0\nf()\n");
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("PythonException");
    expect(r.error?.pyType).toBe("ZeroDivisionError");
    expect(r.error?.traceback).toBe(
      'Traceback (most recent call last):\n  File "t.py", line 3, in <module>\n    f()\n  File "t.py", line 2, in f\n    return 1 / 0\nZeroDivisionError: division by zero\n',
    );
  });
  it("halts infinite loops with OutOfCycles that Python cannot catch", () => {
    const r = run("try:\n    while True:\n        pass\nexcept BaseException:\n    print('caught')\n", 100_000n);
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.out).toBe("");
    expect(r.cycles).toBe(100_000n);
  });
});

describe("ActorVm", () => {
  it("instantiates a class and calls methods with separate meters", () => {
    const src = "class Counter:\n    def __init__(self, start):\n        self.n = start\n    def add(self, k):\n        self.n += k\n        return self.n\n";
    const { vm, result } = ActorVm.load(src);
    expect(result.result).toBe("ok");
    const inst = vm!.instantiate("Counter", [5n]);
    expect(inst.ok).toBe(true);
    const r1 = vm!.call(inst.instance!, "add", [2n]);
    expect(r1.value).toBe(7n);
    const r2 = vm!.call(inst.instance!, "add", [3n]);
    expect(r2.value).toBe(10n);
    expect(r2.cycles).toBe(r1.cycles);
    expect(r2.cells).toBe(8n);
  });
});

describe("API argument guards", () => {
  it("rejects bad options and unconvertible arguments with InvalidArgument", () => {
    expect(() => runScript(42 as unknown as string)).toThrow(/source must be a string/);
    expect(() => runScript("", { cyclesLimit: -1n })).toThrow(/cyclesLimit must be a non-negative integer/);
    expect(() => runScript("", { stdout: "x" as unknown as () => void })).toThrow(/opts.stdout must be a function/);
    const { vm } = ActorVm.load("class A:\n    def f(self, x):\n        return x\n");
    const inst = vm!.instantiate("A");
    const r = vm!.call(inst.instance!, "f", [undefined as unknown as null]);
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe("InvalidArgument");
    expect(() => vm!.call(inst.instance!, "_private")).toThrow(/public method name/);
  });
});

describe("ActorVm after a halted call", () => {
  it("starts the next call clean (meters, depth, repr guard)", () => {
    const src =
      "class A:\n    def __init__(self):\n        self.l = list(range(50000))\n    def show(self):\n        return len(repr(self.l))\n    def spin(self):\n        while True:\n            pass\n";
    const { vm } = ActorVm.load(src);
    const inst = vm!.instantiate("A", [], { cyclesLimit: 10n ** 8n }).instance!;
    const halted = vm!.call(inst, "show", [], { cyclesLimit: 1000n });
    expect(halted.error?.code).toBe("OutOfCycles");
    expect(vm!.call(inst, "spin", [], { cyclesLimit: 5000n }).error?.code).toBe("OutOfCycles");
    const ok = vm!.call(inst, "show", [], { cyclesLimit: 10n ** 8n });
    expect(ok.value).toBe(BigInt(`[${Array.from({ length: 50000 }, (_, i) => i).join(", ")}]`.length));
  });
});
