import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { structModule } from "../../../src/stdlib/struct.js";
import { packHalf, unpackHalf } from "../../../src/stdlib/struct/half.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "struct");
const modules = new ModuleRegistry().register("struct", structModule());

const run = runner(modules);

conformancePrograms("struct conformance (CPython 3.11 outputs)", dir, run);

describe("struct half floats", () => {
  it("every binary16 pattern round-trips through unpack and pack", () => {
    const bad: number[] = [];
    for (let b = 0; b < 0x10000; b++) {
      const nan = ((b >> 10) & 0x1f) === 0x1f && (b & 0x3ff) !== 0;
      if (packHalf(unpackHalf(b)) !== (nan ? 0x7e00 : b)) bad.push(b);
    }
    expect(bad).toEqual([]);
    expect([packHalf(65504), packHalf(65520), packHalf(2 ** -25), packHalf(2 ** -25 * 1.0000001)]).toEqual([0x7bff, null, 0, 1]);
  });
});

describe("struct costs and failure atomicity", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-data.md §4).
  it("pack and unpack cost fixed Cycles per item and per 8 bytes", () => {
    const pre = "import struct\nb = struct.pack('<iiqd', 1, 2, 3, 4.0)\n";
    const base = run(pre).r.cycles;
    const pack = run(pre + "x = struct.pack('<iiqd', 1, 2, 3, 4.0)\n").r.cycles - base;
    const unpack = run(pre + "x = struct.unpack('<iiqd', b)\n").r.cycles - base;
    const big = run(pre + "x = struct.pack('<100s', b'')\n").r.cycles - base;
    const iter = run(pre + "x = list(struct.iter_unpack('<hh', b'\\x00' * 16))\n").r.cycles - base;
    const sPre = pre + "S = struct.Struct('<iiqd')\n";
    const sBase = run(sPre).r.cycles;
    const bound = run(sPre + "x = S.pack(1, 2, 3, 4.0)\n").r.cycles - sBase;
    expect([pack, unpack, big, iter, bound]).toEqual([46n, 46n, 50n, 84n, 35n]);
  });

  it("a failing pack_into leaves the buffer unchanged", () => {
    const { out } = run("import struct\nb = bytearray(b'\\x11' * 4)\ntry:\n    struct.pack_into('<hh', b, 0, 1, 'x')\nexcept struct.error as e:\n    print(e)\nprint(b)\n");
    expect(out).toBe("required argument is not an integer\nbytearray(b'\\x11\\x11\\x11\\x11')\n");
  });
});
