// Shared by the stdlib tests: a runScript wrapper that captures stdout and stderr, a marginal-Cycles
// helper, and the suite that runs every conformance program of a directory against the output
// captured from CPython 3.11.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runScript, type ModuleRegistry } from "../../src/index.js";

export interface Ran {
  readonly r: ReturnType<typeof runScript>;
  readonly out: string;
  readonly err: string;
}

/** `run(src, cyclesLimit = 50,000,000)` over `modules`, capturing what the program prints. */
export function runner(modules: ModuleRegistry): (src: string, cyclesLimit?: bigint | number) => Ran {
  return (src, cyclesLimit = 50_000_000) => {
    let out = "";
    let err = "";
    const r = runScript(src, { modules, cyclesLimit, stdout: (s) => (out += s), stderr: (s) => (err += s) });
    return { r, out, err };
  };
}

/**
 * `cost(prelude, body)`: the Cycles of `body` beyond the same program without it (so an import in
 * the prelude is paid by both); both runs must succeed.
 */
export function coster(run: (src: string) => Ran): (prelude: string, body: string) => bigint {
  return (prelude, body) => {
    const base = run(prelude);
    const full = run(prelude + body);
    expect(base.r.result).toBe("ok");
    expect(full.r.result).toBe("ok");
    return full.r.cycles - base.r.cycles;
  };
}

/**
 * One test per `<dir>/*.py` (but `skip`): it must print nothing on stderr, end without an error and
 * print exactly its `.expected` file, captured from python3 (CPython 3.11).
 */
export function conformancePrograms(title: string, dir: string, run: (src: string) => Ran, skip: readonly string[] = []): void {
  describe(title, () => {
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".py") && !skip.includes(n))) {
      it(f, () => {
        const { r, out, err } = run(readFileSync(join(dir, f), "utf8"));
        expect(err).toBe("");
        expect(r.error).toBeUndefined();
        expect(out).toBe(readFileSync(join(dir, f.replace(/\.py$/, ".expected")), "utf8"));
      });
    }
  });
}
