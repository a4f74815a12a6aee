// loadIsolatedPvm: separate copies of the built interpreter in one process. The bundle is built
// here (esbuild, everything but packages external, as tsup builds dist/) and examined in a child.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
// Under packages/pvm/node_modules so the bundle's bare imports (@cowboy/metering, …) resolve.
const outfile = fileURLToPath(new URL("../../node_modules/.pvm-copies/dist/index.js", import.meta.url));
const fixture = fileURLToPath(new URL("../fixtures/copies.ts", import.meta.url));

describe("isolated interpreter copies", () => {
  it("are separate, agree on results and Cycles, and share branded errors", () => {
    const entry = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
    buildSync({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", target: "es2022", packages: "external", outfile, logLevel: "error" });
    const r = JSON.parse(execFileSync(bin("tsx"), ["--conditions=@cowboy/source", fixture, outfile], { encoding: "utf8", timeout: 120_000 })) as {
      distinct: boolean[];
      sameTagSameCopy: boolean;
      fromSources: boolean;
      brands: boolean[];
      runs: { out: string; cycles: string; result: string }[];
      peeks: { ok: boolean; data: string; cycles: number }[];
    };
    expect(r.distinct).toEqual([true, true, true, true]);
    expect(r.sameTagSameCopy).toBe(true);
    expect(r.fromSources).toBe(true);
    expect(r.brands).toEqual([true, true, false, false]);
    expect(r.runs[0]).toEqual({ out: "49750.0 360\n", cycles: r.runs[0]!.cycles, result: "ok" });
    expect(r.runs[1]).toEqual(r.runs[0]);
    expect(r.runs[2]).toEqual(r.runs[0]);
    // The source host's HostError reached each copy as Python's PermissionError.
    expect(r.peeks[0]!.ok).toBe(true);
    expect(r.peeks[0]!.data).toContain("denied: no reads here");
    expect(r.peeks[1]).toEqual(r.peeks[0]);
    expect(r.peeks[2]).toEqual(r.peeks[0]);
  }, 120_000);
});
