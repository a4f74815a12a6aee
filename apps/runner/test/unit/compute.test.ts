import { describe, expect, it } from "vitest";
import { isRunnerError } from "../../src/errors.js";
import { runCompute } from "../../src/executors/compute.js";

const seed = new Uint8Array(32).fill(7);
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}
// (module (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add))
const ADD_WASM = "0x0061736d0100000001070160027f7f017f030201000707010361646400000a09010700200020016a0b";

describe("compute executor", () => {
  it("runs a function on its input", async () => {
    expect(await runCompute({ language: "javascript", code: "return { sum: input.xs.reduce((a, b) => a + b, 0) };", input: { xs: [1, 2, 3] } }, { seed })).toEqual({ sum: 6 });
  });
  it("runs a WASM module", async () => {
    const out = await runCompute(
      {
        language: "javascript",
        code: "const i = new WebAssembly.Instance(new WebAssembly.Module(wasm)); return i.exports.add(input.a, input.b);",
        input: { a: 40, b: 2 },
        wasm: ADD_WASM,
      },
      { seed },
    );
    expect(out).toBe(42);
  });
  it("seeds Math.random from the job: same seed, same numbers; another seed, others", async () => {
    const f = { language: "javascript", code: "return [Math.random(), Math.random()];" };
    const a = (await runCompute(f, { seed })) as number[];
    const b = (await runCompute(f, { seed })) as number[];
    const c = (await runCompute(f, { seed: new Uint8Array(32).fill(8) })) as number[];
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a[0]).toBeGreaterThanOrEqual(0);
    expect(a[0]).toBeLessThan(1);
  });
  it("sees no host objects: require, process and a constructor escape are unavailable", async () => {
    expect(await runCompute({ language: "javascript", code: "return [typeof require, typeof process, typeof fetch];" }, { seed })).toEqual(["undefined", "undefined", "undefined"]);
    const escapeAttempt = "try { return typeof globalThis.constructor.constructor('return process')(); } catch (e) { return 'threw'; }";
    expect(await runCompute({ language: "javascript", code: escapeAttempt }, { seed })).not.toBe("object");
    expect(await runCompute({ language: "javascript", code: "return typeof this;" }, { seed })).toBe("undefined");
    expect(await runCompute({ language: "javascript", code: "return input.constructor.constructor('return typeof process')();", input: {} }, { seed })).toBe("undefined");
  });
  it("bounds CPU time", async () => {
    expect(await code(runCompute({ language: "javascript", code: "for (;;) {}", max_seconds: 1 }, { seed }))).toBe("COMPUTE_TIMEOUT");
  });
  it("bounds memory", async () => {
    expect(await code(runCompute({ language: "javascript", code: "const a = []; for (;;) a.push(new Array(1e5).fill(1.5));", memory_mb: 16, max_seconds: 20 }, { seed }))).toBe(
      "COMPUTE_MEMORY",
    );
  });
  it("bounds output size and refuses non-JSON and async results", async () => {
    expect(await code(runCompute({ language: "javascript", code: "return 'x'.repeat(70000);" }, { seed }))).toBe("OUTPUT_TOO_LARGE");
    expect(await code(runCompute({ language: "javascript", code: "return undefined;" }, { seed }))).toBe("COMPUTE_FAILED");
    expect(await code(runCompute({ language: "javascript", code: "return Promise.resolve(1);" }, { seed }))).toBe("COMPUTE_FAILED");
    expect(await code(runCompute({ language: "javascript", code: "throw new Error('boom');" }, { seed }))).toBe("COMPUTE_FAILED");
    expect(await code(runCompute({ language: "javascript", code: "" }, { seed }))).toBe("INVALID_SPEC");
    expect(await code(runCompute({ language: "javascript", code: "return 1", max_seconds: 0 }, { seed }))).toBe("INVALID_SPEC");
    expect(await code(runCompute({ language: "python", code: "return 1" }, { seed }))).toBe("INVALID_SPEC");
  });
});
