import { describe, expect, it } from "vitest";
import { cryptoRng, realClock, seededRng } from "../../src/index.js";

describe("seededRng", () => {
  it("is a pure function of the seed; bigint seeds are their big-endian bytes", () => {
    const a = seededRng(42n);
    const b = seededRng(new Uint8Array([42]));
    const xs = Array.from({ length: 8 }, () => a.nextU32());
    expect(Array.from({ length: 8 }, () => b.nextU32())).toEqual(xs);
    expect(seededRng(0x0102n).bytes(16)).toEqual(seededRng(new Uint8Array([1, 2])).bytes(16));
    expect(seededRng(43n).nextU32()).not.toBe(xs[0]);
    expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it("bytes are the little-endian words of the stream", () => {
    const words = seededRng(9n);
    const w0 = words.nextU32();
    const w1 = words.nextU32();
    const bytes = seededRng(9n).bytes(7);
    expect([...bytes]).toEqual([w0 & 255, (w0 >>> 8) & 255, (w0 >>> 16) & 255, w0 >>> 24, w1 & 255, (w1 >>> 8) & 255, (w1 >>> 16) & 255]);
  });

  it("below(bound) stays in range and is close to uniform", () => {
    const rng = seededRng(1n);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.below(6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
    expect(rng.below(1)).toBe(0);
    const big = rng.below(2 ** 32);
    expect(big >= 0 && big < 2 ** 32).toBe(true);
    expect(() => rng.below(0)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => rng.below(2 ** 32 + 1)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => rng.below(1.5)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });

  it("bits are balanced over many draws", () => {
    const rng = seededRng(new Uint8Array(32));
    const ones = new Array(32).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const x = rng.nextU32();
      for (let b = 0; b < 32; b++) ones[b] += (x >>> b) & 1;
    }
    for (const n of ones) expect(Math.abs(n - 10_000)).toBeLessThan(400);
  });

  it("refuses a negative or non-bigint seed", () => {
    expect(() => seededRng(-1n)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => seededRng(5 as unknown as bigint)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});

describe("cryptoRng", () => {
  it("gives distinct draws, bytes of any length, and range-checked below", () => {
    const rng = cryptoRng();
    const xs = new Set(Array.from({ length: 600 }, () => rng.nextU32()));
    expect(xs.size).toBeGreaterThan(590);
    const long = rng.bytes(70_000);
    expect(long.length).toBe(70_000);
    expect(long.subarray(66_000).some((b) => b !== 0)).toBe(true);
    expect(rng.bytes(0).length).toBe(0);
    for (let i = 0; i < 100; i++) expect(rng.below(3)).toBeLessThan(3);
    expect(() => rng.below(0)).toThrow();
  });
});

describe("realClock", () => {
  it("reads wall time, fires timers after their delay, cancels, and sleeps", async () => {
    const clock = realClock({ unref: true });
    const t0 = clock.now();
    expect(Math.abs(t0 - Date.now())).toBeLessThan(1000);
    let cancelled = false;
    clock
      .schedule(5, () => {
        cancelled = true;
      })
      .cancel();
    const fired = await new Promise<number>((resolve) => clock.schedule(20, () => resolve(clock.now())));
    expect(fired - t0).toBeGreaterThanOrEqual(19);
    await clock.sleep(10);
    expect(cancelled).toBe(false);
    expect(() => clock.schedule(-1, () => {})).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});

describe("crc32", () => {
  it("matches the CRC-32/ISO-HDLC check value and chains", async () => {
    const { crc32 } = await import("../../src/crc32.js");
    const data = new TextEncoder().encode("123456789");
    expect(crc32(data)).toBe(0xcbf43926);
    expect(crc32(data.subarray(4), crc32(data.subarray(0, 4)))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0), 0x1234)).toBe(0x1234);
    expect(crc32(new Uint8Array(4))).toBe(0x2144df1c);
  });
});
