// What a runner reveals (cips/runner-process.md "Usage reports", "TEE attestations"): usage-priced jobs carry
// {result, usage}, deterministic jobs {result, attestation}; both opened here with the chain's own rules
// (@cowboy/runner-market openUsageOutput / openAttestedOutput), and driven through the runner's state machine.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeCbor, fromHex, toHex } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { openAttestedOutput, openUsageOutput } from "@cowboy/runner-market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { usageOf } from "../../src/execute.js";
import { revealOutput, type TeeKey } from "../../src/reveal-output.js";
import { Runner } from "../../src/runner.js";
import { JobStore } from "../../src/state/job-store.js";
import { MemoryChain } from "../fixtures/memory-chain.js";

const JOB = `0x${"42".repeat(32)}`;
const ME = `0x${"07".repeat(20)}`;
const TEE: TeeKey = { measurement: new Uint8Array(32).fill(0xee), secretKey: new Uint8Array(32).fill(0x5a) };
const ALLOW = [{ measurement: TEE.measurement, attestationKey: ed25519.getPublicKey(TEE.secretKey) }];
const priceBytes = encodeCbor(new Map([["price", 1234n]]));
const dirs: string[] = [];
let server: Server;
let url = "";
beforeAll(async () => {
  server = createServer((_req, res) => res.end(JSON.stringify({ price: 1234 })));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/price`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("usageOf", () => {
  it("is the kind once and the started KiB of the result", () => {
    expect(usageOf("http", new Uint8Array(1))).toEqual(
      new Map([
        ["http", 1n],
        ["output.kib", 1n],
      ]),
    );
    expect(usageOf("llm", new Uint8Array(1024))).toEqual(
      new Map([
        ["llm", 1n],
        ["output.kib", 1n],
      ]),
    );
    expect(usageOf("llm", new Uint8Array(1025))).toEqual(
      new Map([
        ["llm", 1n],
        ["output.kib", 2n],
      ]),
    );
  });
});

describe("revealOutput", () => {
  const id = fromHex(JOB.slice(2));
  const runner = fromHex(ME.slice(2));
  const usage = usageOf("http", priceBytes);
  it("a fixed-price job reveals the canonical result", () => {
    expect(revealOutput({ id, verification: "majority_vote", pricing: "fixed" }, { price: 1234 }, usage, runner, undefined)).toEqual(priceBytes);
  });
  it("a usage-priced job reveals {result, usage} as the chain opens it", () => {
    const out = revealOutput({ id, verification: "majority_vote", pricing: "usage" }, { price: 1234 }, usage, runner, undefined);
    expect(openUsageOutput(out)).toEqual({
      result: priceBytes,
      usage: new Map([
        ["http", 1n],
        ["output.kib", 1n],
      ]),
    });
  });
  it("a deterministic job reveals an attestation the chain accepts for this job and runner only", () => {
    const out = revealOutput({ id, verification: "deterministic" }, { price: 1234 }, usage, runner, TEE);
    expect(openAttestedOutput(out, id, runner, ALLOW)).toEqual({ ok: true, result: priceBytes });
    expect(openAttestedOutput(out, new Uint8Array(32), runner, ALLOW).ok).toBe(false);
    expect(openAttestedOutput(out, id, new Uint8Array(20), ALLOW).ok).toBe(false);
    expect(openAttestedOutput(out, id, runner, [{ ...ALLOW[0]!, measurement: new Uint8Array(32) }]).ok).toBe(false);
  });
  it("a deterministic job without an enclave key is refused with TEE_UNAVAILABLE", () => {
    let thrown: unknown;
    try {
      revealOutput({ id, verification: "deterministic" }, { price: 1234 }, usage, runner, undefined);
    } catch (e) {
      thrown = e;
    }
    expect(isRunnerError(thrown, "TEE_UNAVAILABLE")).toBe(true);
  });
});

describe("the runner reveals usage and attestations", () => {
  async function play(job: { verification: string; pricing?: "fixed" | "usage" }, tee?: TeeKey): Promise<{ output: Uint8Array; lines: string[] }> {
    const chain = new MemoryChain();
    const dir = mkdtempSync(join(tmpdir(), "runner-reveal-"));
    dirs.push(dir);
    const store = JobStore.open(dir);
    const lines: string[] = [];
    const provides = job.verification === "deterministic" ? (["net.http", "tee"] as const) : (["net.http"] as const);
    const runner = new Runner({
      chain: chain.port(ME),
      address: fromHex(ME.slice(2)),
      store,
      executors: { gate: new EntitlementGate(provides), devnet: true },
      registration: { stake: 1n, provides: [...provides], jobKinds: ["http"], models: [], endpoint: "", transportKey: new Uint8Array(32), maxJobValue: 1n },
      log: (l) => lines.push(l),
      ...(tee === undefined ? {} : { tee }),
    });
    chain.postJob({
      id: JOB,
      kind: "http",
      spec: { method: "GET", url },
      resultSchema: { type: "object", required: ["price"] },
      allowDomains: ["127.0.0.1"],
      requires: [...provides],
      committee: [ME],
      ...job,
    });
    for (let i = 0; i < 8; i++) {
      await runner.tick();
      chain.mine();
    }
    await store.close();
    const reveal = chain.jobs.get(JOB)!.reveals[0];
    expect(reveal, lines.join("\n")).toBeDefined();
    return { output: fromHex(reveal!.output.slice(2)), lines };
  }

  it("a usage-priced job: the reveal the runner sends opens to the result and its usage", async () => {
    const { output, lines } = await play({ verification: "majority_vote", pricing: "usage" });
    expect(openUsageOutput(output)).toEqual({
      result: priceBytes,
      usage: new Map([
        ["http", 1n],
        ["output.kib", 1n],
      ]),
    });
    expect(lines.join("\n")).toContain(`job ${JOB} executed (${output.length} bytes; usage http=1,output.kib=1)`);
  });

  it("a deterministic job: the reveal carries an attestation signed by the runner's enclave key", async () => {
    const { output, lines } = await play({ verification: "deterministic" }, TEE);
    expect(openAttestedOutput(output, fromHex(JOB.slice(2)), fromHex(ME.slice(2)), ALLOW)).toEqual({ ok: true, result: priceBytes });
    expect(lines.join("\n")).toContain("; attested)");
    expect(toHex(output)).not.toBe(toHex(priceBytes));
  });
});
