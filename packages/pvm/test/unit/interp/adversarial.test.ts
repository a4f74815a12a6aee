// Hostile programs: each must end in the right Python exception or PvmError, quickly, without
// crashing or hanging the host.
import { describe, expect, it } from "vitest";
import { runScript } from "../../../src/index.js";

function run(src: string, cyclesLimit = 50_000_000n, memoryLimit?: number) {
  let out = "";
  const r = runScript(src, { filename: "adv.py", stdout: (s) => (out += s), cyclesLimit, ...(memoryLimit === undefined ? {} : { memoryLimit }) });
  return { ...r, out };
}

describe("infinite loops", () => {
  it.each([
    ["while", "while True:\n    pass\n"],
    ["for over a generator", "def g():\n    while True:\n        yield 1\nfor x in g():\n    pass\n"],
    ["recursion caught and retried", "def r():\n    try:\n        r()\n    except RecursionError:\n        r()\nr()\n"],
    ["comprehension", "import_ = 0\nx = [i for i in iter(int, 1)]\n"],
  ])("%s ends in OutOfCycles, uncatchable", (_n, src) => {
    const r = run(`try:\n${src.replace(/^/gm, "    ")}\nexcept BaseException:\n    print('caught')\nfinally:\n    print('finally')\n`, 2_000_000n);
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.out).toBe("");
    expect(r.cycles).toBe(2_000_000n);
  });
});

describe("recursion", () => {
  it("stops deep recursion with RecursionError at depth 256", () => {
    const r = run(
      "import_=0\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError as e:\n    print(e)\ndef g(n):\n    return 0 if n == 0 else g(n - 1) + 1\nprint(g(255))\n",
    );
    expect(r.out).toBe("maximum recursion depth exceeded\n255\n");
  });
  it("bounds heavy frames by stack weight", () => {
    const nest = `${"1 + (".repeat(95)}h(n - 1)${")".repeat(95)}`;
    const r = run(`def h(n):\n    if n == 0:\n        return 0\n    return ${nest}\ntry:\n    h(250)\nexcept RecursionError as e:\n    print(e)\n`);
    expect(r.out).toBe("maximum recursion depth exceeded (stack weight)\n");
  });
  it("guards recursion inside builtins (repr, ==, hash of deep containers)", () => {
    const src = [
      "l = []",
      "for i in range(5000):",
      "    l = [l]",
      "for op in (repr, lambda x: x == x[0], lambda x: hash(tuple(x))):",
      "    try:",
      "        op(l)",
      "    except RecursionError as e:",
      "        print('RecursionError')",
      "    except TypeError as e:",
      "        print(e)",
      "",
    ].join("\n");
    expect(run(src).out).toBe("RecursionError\nRecursionError\nunhashable type: 'list'\n");
  });
  it("rejects absurd nesting at compile time", () => {
    const r = run(`x = ${"-".repeat(500)}1\n`);
    expect(["RecursionError", "SyntaxError"]).toContain(r.error?.code);
  });
});

describe("memory bombs fail before allocating", () => {
  it.each([
    ["[0] * 10**9", "MemoryError"],
    ["'x' * 10**9", "MemoryError"],
    ["b'x' * 10**8", "MemoryError"],
    ["bytes(10**9)", "MemoryError"],
    ["2 ** 10**9", "OverflowError"],
    ["1 << 10**6", "OverflowError"],
    ["10 ** 2000", "OverflowError"],
  ])("%s → %s", (expr, exc) => {
    const t0 = performance.now();
    const r = run(`try:\n    x = ${expr}\nexcept ${exc} as e:\n    print('${exc}')\n`);
    expect(r.out).toBe(`${exc}\n`);
    expect(r.memory).toBeLessThan(1024);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
  it("stops a growing list at the memory limit", () => {
    const r = run("l = []\nwhile True:\n    l.append(1)\n", 10n ** 10n, 1 << 20);
    expect(r.error?.code).toBe("OutOfMemory");
    expect(r.error?.pyType).toBe("MemoryError");
  });
});

describe("sandbox", () => {
  it("exposes no code, frame or global introspection", () => {
    const src = [
      "def f(): pass",
      "for name in ('__code__', '__globals__', '__closure__', '__builtins__', 'func_globals'):",
      "    print(name, hasattr(f, name))",
      "print(hasattr(object, '__subclasses__'), hasattr(type, '__subclasses__'))",
      "print([c.__name__ for c in (1).__class__.__mro__])",
      "print(type(print).__name__, hasattr(print, '__self__'), hasattr(len, '__module__'))",
      "for mod in ('os', 'sys', 'gc', 'weakref', 'inspect', 'builtins', 'importlib'):",
      "    try:",
      "        __import__",
      "    except NameError:",
      "        pass",
      "    try:",
      "        exec('import ' + mod)",
      "    except NameError as e:",
      "        print(e)",
      "",
    ].join("\n");
    const r = run(src);
    expect(r.out).toBe(
      [
        "__code__ False",
        "__globals__ False",
        "__closure__ False",
        "__builtins__ False",
        "func_globals False",
        "False False",
        "['int', 'object']",
        "builtin_function_or_method False False",
        ...Array(7).fill("name 'exec' is not defined"),
        "",
      ].join("\n"),
    );
  });
  it("refuses non-whitelisted imports with ImportError", () => {
    const r = run("for m in ('os', 'sys', 'gc'):\n    try:\n        __m = None\n        import os\n    except ImportError as e:\n        print(type(e).__name__, e)\n");
    expect(r.out).toBe("ModuleNotFoundError No module named 'os'\n".repeat(3));
  });
  it("class/dict walks stay inside Python objects", () => {
    const src =
      "d = object.__dict__\nprint(type(d).__name__, all(type(v).__name__ in ('builtin_function_or_method', 'classmethod', 'staticmethod', 'str', 'NoneType') for v in d.values()))\nprint(type(type).__name__, type.__class__ is type)\n";
    expect(run(src).out).toBe("dict True\ntype True\n");
  });
  it("forbids `is` on numbers and strings, allows it on None/bools/objects", () => {
    const r = run(
      "a = []\nprint(a is a, None is None, True is not False)\nfor x, y in ((1, 1), ('a', 'a'), (1.0, 1.0)):\n    try:\n        x is y\n    except TypeError as e:\n        print(e)\n",
    );
    expect(r.out).toBe(
      "True True True\n'is' is not allowed on int values in the PVM (use ==)\n'is' is not allowed on str values in the PVM (use ==)\n'is' is not allowed on float values in the PVM (use ==)\n",
    );
  });
});

describe("large operands do not hit host argument limits", () => {
  it("slice-assigns and parses huge inputs", () => {
    const r = run("l = [0] * 10\nl[2:3] = range(300000)\nprint(len(l))\nprint(int(b'7' * 1000) % 10)\n", 50_000_000n, 50 << 20);
    expect(r.out).toBe("300009\n7\n");
  });
});

describe("nested calls compile once per argument", () => {
  // Each argument used to be compiled twice (inline operand and array builder), so compile time
  // doubled with every level of nested calls: 50 levels would never finish.
  it.each([
    ["plain", "def f(x):\n    return x + 1\n", (n: number) => `${"f(".repeat(n)}0${")".repeat(n)}`],
    ["method", "class O:\n    def m(self, x):\n        return x + 1\no = O()\n", (n: number) => `${"o.m(".repeat(n)}0${")".repeat(n)}`],
    ["keyword", "def f(x):\n    return x + 1\n", (n: number) => `${"f(x=".repeat(n)}0${")".repeat(n)}`],
  ])("%s calls, 50 deep", (_n, pre, nest) => {
    expect(run(`${pre}print(${nest(50)})\n`).out).toBe("50\n");
  });
});

describe("pathological source nesting never escapes runScript", () => {
  it.each([
    ["parens", `x = ${"(".repeat(5000)}1${")".repeat(5000)}\n`],
    ["long + chain", `x = ${"1 + ".repeat(100000)}1\n`],
    ["attribute chain", `x = a${".b".repeat(20000)}\n`],
    ["not chain", `x = ${"not ".repeat(20000)}1\n`],
    ["nested calls", `x = ${"f(".repeat(3000)}${")".repeat(3000)}\n`],
    ["nested lambdas", `x = ${"lambda: ".repeat(3000)}1\n`],
  ])("%s", (_n, src) => {
    const r = runScript(src);
    expect(r.result).toBe("error");
    expect(["SyntaxError", "RecursionError", "InternalError"]).toContain(r.error?.code);
  });
});
