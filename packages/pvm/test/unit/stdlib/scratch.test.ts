import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, runScript } from "../../../src/index.js";
import { Scratch, scratchModule, scratchOpen } from "../../../src/stdlib/scratch.js";
import { conformancePrograms } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "scratch");
const modules = new ModuleRegistry().register("_scratch", scratchModule());
const PRELUDE = "from _scratch import open\n";

function run(src: string, opts: { cyclesLimit?: number; cellsLimit?: number; registry?: ModuleRegistry } = {}) {
  let out = "";
  let err = "";
  const r = runScript(PRELUDE + src, {
    modules: opts.registry ?? modules,
    cyclesLimit: opts.cyclesLimit ?? 50_000_000,
    cellsLimit: opts.cellsLimit,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
  });
  return { r, out, err };
}

conformancePrograms("scratch open() conformance (CPython 3.11 outputs on a real /tmp)", dir, run);

describe("scratch sandbox", () => {
  it("paths outside /tmp raise PermissionError as CPython words it", () => {
    const { out } = run(
      "for p in ['/etc/passwd', 'rel.txt', '/tmp/../etc/x', '/tmpx/y']:\n    try:\n        open(p)\n    except PermissionError as e:\n        print(e, e.errno)\n",
    );
    expect(out).toBe(
      "[Errno 13] Permission denied: '/etc/passwd' 13\n[Errno 13] Permission denied: 'rel.txt' 13\n" +
        "[Errno 13] Permission denied: '/tmp/../etc/x' 13\n[Errno 13] Permission denied: '/tmpx/y' 13\n",
    );
  });

  it("the store is capped at 256 KiB in total, and a refused write changes nothing", () => {
    const src =
      "f = open('/tmp/a', 'wb')\nf.write(b'x' * 200000)\ng = open('/tmp/b', 'wb')\ntry:\n    g.write(b'y' * 70000)\nexcept OSError as e:\n    print(e, e.errno)\n" +
      "print(g.tell(), len(open('/tmp/b', 'rb').read()))\nprint(g.write(b'y' * 62144))\ntry:\n    g.write(b'!')\nexcept OSError as e:\n    print(e)\n" +
      "open('/tmp/a', 'w').close()\nprint(g.write(b'z' * 1000))\n";
    const { out, r } = run(src);
    expect(r.result).toBe("ok");
    expect(out).toBe("[Errno 28] No space left on device 28\n0 0\n62144\n[Errno 28] No space left on device\n1000\n");
  });

  it("every byte written is charged as Cells, and the Cells limit stops a writer", () => {
    const { r } = run("f = open('/tmp/a', 'w')\nf.write('héllo')\nf.seek(10)\nf.write('x')\n");
    // 6 bytes of 'héllo', 4 zero bytes of the gap up to offset 10, 1 byte of 'x'.
    expect(r.cells).toBe(6n + 4n + 1n);
    const capped = run("f = open('/tmp/a', 'wb')\nfor i in range(100):\n    f.write(b'x' * 100)\n", { cellsLimit: 5_000 });
    expect(capped.r.error?.code).toBe("OutOfCells");
  });

  it("a host-held Scratch keeps files across runs until wiped", () => {
    const scratch = new Scratch();
    const reg = new ModuleRegistry().register("_scratch", { kind: "native", build: () => new Map([["open", scratchOpen(scratch)]]) });
    expect(run("open('/tmp/k', 'w').write('kept')\n", { registry: reg }).r.result).toBe("ok");
    expect(scratch.names()).toEqual(["/tmp/k"]);
    expect(new TextDecoder().decode(scratch.read("/tmp/k"))).toBe("kept");
    expect(run("print(open('/tmp/k').read())\n", { registry: reg }).out).toBe("kept\n");
    scratch.wipe();
    expect([scratch.used, scratch.names()]).toEqual([0, []]);
    expect(run("try:\n    open('/tmp/k')\nexcept FileNotFoundError as e:\n    print(e)\n", { registry: reg }).out).toBe("[Errno 2] No such file or directory: '/tmp/k'\n");
  });

  it("open, write and read cost fixed Cycles (pinned)", () => {
    const pre = "f = open('/tmp/a', 'w+')\n";
    const base = run(pre).r.cycles;
    const w = run(pre + "f.write('x' * 100)\n").r.cycles - base;
    const rd = run(pre + "f.write('x' * 100)\nf.seek(0)\nf.read()\n").r.cycles - base - w;
    const op = run(pre + "g = open('/tmp/b', 'w')\n").r.cycles - base;
    expect([w, rd, op]).toEqual([129n, 52n, 21n]);
  });
});

describe("scratch host API guards", () => {
  it("rejects a bad limit or a non-Scratch with a typed error", () => {
    expect(() => new Scratch(-1)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => new Scratch(1.5)).toThrow(/limit must be a non-negative safe integer/);
    expect(() => scratchOpen({} as Scratch)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});
