// Rules beyond the shared vectors: what has no canonical form, Python-equal keys, depth, metering.
import { describe, expect, it } from "vitest";
import { decodeValue, encodeValue } from "../../../src/canonical/index.js";
import { Runtime } from "../../../src/runtime/context.js";
import { PyDict } from "../../../src/runtime/dict.js";
import { PyFloat, PyList } from "../../../src/runtime/object.js";
import { PyThrow } from "../../../src/runtime/exceptions.js";
import { T } from "../../../src/runtime/types.js";
import { run } from "./harness.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const fromHex = (h: string) => new Uint8Array(Buffer.from(h, "hex"));
/** "ExcName: message" of the Python exception `f` raises (fails the test if it returns). */
function pyError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof PyThrow) return `${e.exc.cls.name}: ${String(e.exc.args[0])}`;
    throw e;
  }
  throw new Error("expected a Python exception");
}
const newRt = (cyclesLimit = 1_000_000) => new Runtime({ cyclesLimit, memoryLimit: 1 << 24, recursionLimit: 200, stackLimit: 200, stdout: () => {} });

function errors(exprs: string[]): string[] {
  const src =
    "import canon\nclass L(list): pass\ndef nest(n):\n    x = []\n    for _ in range(n - 1):\n        x = [x]\n    return x\n" +
    exprs.map((e) => `try:\n    print(canon.encode(${e}).hex())\nexcept (TypeError, ValueError) as e:\n    print(type(e).__name__, e)`).join("\n") +
    "\n";
  return run(src).trim().split("\n");
}

describe("encodeValue refusals", () => {
  it("raises TypeError naming what has no canonical form", () => {
    expect(errors(["float('nan')", "object()", "bytearray(b'x')", "[1, print]", "L()", "'\\ud800'", "{1: {2: len}}"])).toEqual([
      "TypeError cannot canonically encode nan",
      "TypeError cannot canonically encode a value of type 'object'",
      "TypeError cannot canonically encode a value of type 'bytearray'",
      "TypeError cannot canonically encode a value of type 'builtin_function_or_method'",
      "TypeError cannot canonically encode a value of type 'L'",
      "TypeError cannot canonically encode a str containing lone surrogates",
      "TypeError cannot canonically encode a value of type 'builtin_function_or_method'",
    ]);
  });

  it("keeps float bits exactly and sorts keys by their encodings", () => {
    expect(errors(["-0.0", "float('inf')", "1.5", "{'b': 1, 'a': 2, 10: 3, (1,): 4}", "{3, 1, 2}", "frozenset({'b', 'a'})"])).toEqual([
      "fb8000000000000000",
      "fb7ff0000000000000",
      "fb3ff8000000000000",
      "a40a03616102616201d96019810104",
      "d9010283010203",
      "d9601a8261616162",
    ]);
  });

  it("refuses nesting deeper than 64 levels and accepts exactly 64", () => {
    expect(errors(["nest(65)"])[0]).toBe("81".repeat(64) + "80");
    expect(errors(["nest(66)"])[0]).toBe("ValueError cannot canonically encode values nested deeper than 64");
  });
});

describe("decodeValue strictness", () => {
  it("refuses distinct encodings of Python-equal keys (1, 1.0, True) as duplicates", () => {
    const rt = newRt();
    // {1: 0, True: 0}: keys 0x01 < 0xf5 sort fine but are one key in Python.
    expect(pyError(() => decodeValue(rt, fromHex("a20100f500")))).toMatch(/at byte 3: map key or set item repeated/);
    // {1, 1.0} as a set.
    expect(pyError(() => decodeValue(rt, fromHex("d9010282" + "01" + "fb3ff0000000000000")))).toMatch(/at byte 5: map key or set item repeated/);
    // ((1,), (True,)) as frozenset items.
    expect(pyError(() => decodeValue(rt, fromHex("d9601a82d960198101d9601981f5")))).toMatch(/repeated/);
  });

  it("refuses unhashable keys and items", () => {
    const rt = newRt();
    expect(pyError(() => decodeValue(rt, fromHex("a18000")))).toMatch(/at byte 1: map key or set item is not hashable/);
    expect(pyError(() => decodeValue(rt, fromHex("d9010281d96019818000")))).toMatch(/not hashable/);
  });

  it("refuses inputs over maxBytes before decoding", () => {
    expect(pyError(() => decodeValue(newRt(), fromHex("4100"), { maxBytes: 1 }))).toMatch(/at byte 0: input larger than the decoder's limit/);
    expect(pyError(() => decodeValue(newRt(), fromHex("00"), { maxBytes: -1 }))).toMatch(/maxBytes/);
  });

  it("decodes -0.0 and large ints to the interpreter's representation", () => {
    const rt = newRt();
    const z = decodeValue(rt, fromHex("fb8000000000000000"));
    expect(z instanceof PyFloat && Object.is(z.v, -0)).toBe(true);
    expect(decodeValue(rt, fromHex("1b001fffffffffffff"))).toBe(Number.MAX_SAFE_INTEGER);
    expect(decodeValue(rt, fromHex("1b0020000000000000"))).toBe(2n ** 53n);
    expect(decodeValue(rt, fromHex("3bffffffffffffffff"))).toBe(-(2n ** 64n));
  });
});

describe("metering", () => {
  it("charges 20 + 1 per byte for encoding and for decoding", () => {
    const rt = newRt();
    const v = new PyList(T.list, [1, "abc", new PyDict()]);
    const before = rt.cyclesUsed;
    const b = encodeValue(rt, v);
    expect(hex(b)).toBe("830163616263a0");
    expect(rt.cyclesUsed - before).toBe(20 + 7);
    const mid = rt.cyclesUsed;
    decodeValue(rt, b);
    expect(rt.cyclesUsed - mid).toBe(20 + 7);
  });

  it("charges the memory of what decoding builds, and stops at the memory limit", () => {
    const rt = new Runtime({ cyclesLimit: 1_000_000, memoryLimit: 1000, recursionLimit: 200, stackLimit: 200, stdout: () => {} });
    // A 2000-byte byte string needs more than the 1000-byte limit: MemoryError before building it.
    expect(pyError(() => decodeValue(rt, fromHex("5907d0" + "00".repeat(2000))))).toMatch(/memory limit/);
  });
});
