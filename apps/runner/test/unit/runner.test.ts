import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cborFromJson, decodeCbor, fromHex, toHex } from "@cowboy/codec";
import { openFaultReport, schemaViolation } from "@cowboy/runner-market";
import { keccak256 } from "@cowboy/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { commitmentOf, majorityOutput, Runner, type RunnerFault, SCHEMA_VIOLATING_VALUE } from "../../src/runner.js";
import { JobStore } from "../../src/state/job-store.js";
import { MemoryChain } from "../fixtures/memory-chain.js";
import { freePort } from "../utils/ports.js";

const addr = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(20)}`;
const JOB = `0x${"42".repeat(32)}`;
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "runner-state-"));
  dirs.push(d);
  return d;
};
let server: Server;
let url = "";
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end(JSON.stringify({ price: 1234 }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/price`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const registration = { stake: 10_000n, provides: ["net.http"], jobKinds: ["http"], models: [], endpoint: "", transportKey: new Uint8Array(32), maxJobValue: 1_000n };
/** `n` rounds of the runner's tick followed by a mined block. */
async function drive(runner: { tick(): Promise<unknown> }, chain: MemoryChain, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await runner.tick();
    chain.mine();
  }
}

function makeRunner(chain: MemoryChain, me: string, dataDir: string, salt?: () => Uint8Array, fault?: RunnerFault) {
  const store = JobStore.open(dataDir);
  const lines: string[] = [];
  const runner = new Runner({
    chain: chain.port(me),
    address: fromHex(me),
    store,
    executors: { gate: new EntitlementGate(["net.http"]), devnet: true },
    registration,
    log: (l) => lines.push(l),
    ...(salt ? { salt } : {}),
    ...(fault ? { fault } : {}),
  });
  return { runner, store, lines };
}
const httpJob = () => ({
  id: JOB,
  kind: "http",
  spec: { method: "GET", url },
  resultSchema: { type: "object", required: ["price"] },
  allowDomains: ["127.0.0.1"],
  requires: ["net.http"],
});

describe("job store", () => {
  it("allows only the machine's transitions, durably", async () => {
    const dir = tmp();
    const s = JobStore.open(dir);
    s.see(JOB, "http", 1);
    expect(() => s.advance(JOB, "committed", {}, 2)).toThrow(/seen → committed/);
    s.advance(JOB, "acked", {}, 2);
    s.recordTx(JOB, "commit", { hash: "0x01", raw: "0x02", nonce: "5" }, 3);
    expect(() => s.recordTx(JOB, "commit", { hash: "0x03", raw: "0x04", nonce: "6" }, 4)).toThrow(/already recorded/);
    await s.close();
    const again = JobStore.open(dir);
    expect(again.get(JOB)).toMatchObject({ phase: "acked", txs: { commit: { hash: "0x01" } } });
    expect(again.nextNonce()).toBe(6n);
    expect(again.see(JOB, "http", 9).seenAt).toBe(1);
    await again.close();
  });
});

describe("runner state machine", () => {
  it("registers once, then acks, executes, commits and reveals a job to settlement", async () => {
    const chain = new MemoryChain();
    const me = addr(1);
    const { runner, store, lines } = makeRunner(chain, me, tmp());
    const registering = runner.ensureRegistered({ timeoutMs: 5_000 });
    await new Promise((r) => setTimeout(r, 50));
    chain.mine();
    expect(await registering).toBe("registered");
    expect(await runner.ensureRegistered()).toBe("already");
    chain.postJob({ ...httpJob(), committee: [me] });
    await drive(runner, chain, 8);
    const job = chain.jobs.get(JOB)!;
    expect(job.status).toBe("settled");
    const record = store.get(JOB)!;
    expect(record.phase).toBe("done");
    expect(decodeCbor(fromHex(job.reveals[0]!.output))).toEqual(new Map([["price", 1234n]]));
    expect(record.commitment).toBe(`0x${toHex(keccak256(new Uint8Array([...fromHex(record.output!), ...fromHex(record.salt!)])))}`);
    expect(lines.join("\n")).toMatch(/seen[\s\S]*acked[\s\S]*executed[\s\S]*committed[\s\S]*revealed[\s\S]*settled; done/);
    await store.close();
  });

  it("resumes after a restart without a second commit and with the same salt", async () => {
    const chain = new MemoryChain();
    const me = addr(2);
    const other = addr(3);
    const dir = tmp();
    chain.postJob({ ...httpJob(), committee: [me, other] });
    let first = makeRunner(chain, me, dir);
    // ack, execute, then sign+store+broadcast the commit — and "crash" before its receipt is seen.
    await first.runner.tick();
    chain.mine();
    await first.runner.tick();
    const before = first.store.get(JOB)!;
    expect(before.phase).toBe("executed");
    expect(before.txs.commit).toBeDefined();
    await first.store.close();
    chain.mine(); // the commit is included while the runner is down
    const hitsBefore = hits;

    first = makeRunner(chain, me, dir);
    await drive(first.runner, chain, 3);
    expect(first.store.get(JOB)!.phase).toBe("committed");
    expect(first.store.get(JOB)!.salt).toBe(before.salt);
    expect(hits).toBe(hitsBefore); // not executed again
    // The other member commits; the reveal phase opens; our reveal opens our (only) commitment.
    chain.jobs.get(JOB)!.commits = [...chain.jobs.get(JOB)!.commits, { runner: other, commitment: `0x${toHex(commitmentOf(new Uint8Array([1]), new Uint8Array(32)))}` }];
    chain.jobs.get(JOB)!.status = "revealing";
    await drive(first.runner, chain, 3);
    expect(chain.commitAttempts.get(me)).toBe(1);
    expect(chain.jobs.get(JOB)!.reveals.map((r) => r.runner)).toEqual([me]);
    expect(first.store.get(JOB)!.phase).toBe("revealed");
    await first.store.close();
  });

  it("re-sends the stored bytes when a crash came between storing and broadcasting", async () => {
    const chain = new MemoryChain();
    const me = addr(4);
    const dir = tmp();
    chain.postJob({ ...httpJob(), committee: [me] });
    const a = makeRunner(chain, me, dir);
    await a.runner.tick(); // ack signed, stored, broadcast
    chain.mempool.clear(); // lost in flight
    await a.store.close();
    const b = makeRunner(chain, me, dir);
    const stored = b.store.get(JOB)!.txs.ack!;
    await b.runner.tick(); // re-broadcasts the very same ack
    chain.mine();
    expect(chain.receipts.get(stored.hash)).toEqual({ ok: true });
    await b.runner.tick();
    expect(b.store.get(JOB)!.phase).toBe("executed"); // acked, then executed in the same pass
    await b.store.close();
  });

  it("marks a job failed (and commits nothing) when execution fails, and done when the chain times it out", async () => {
    const chain = new MemoryChain();
    const me = addr(5);
    chain.postJob({ ...httpJob(), committee: [me], allowDomains: ["prices.example"] });
    const { runner, store, lines } = makeRunner(chain, me, tmp());
    await drive(runner, chain, 3);
    expect(store.get(JOB)).toMatchObject({ phase: "failed", error: { code: "HTTP_DOMAIN_NOT_ALLOWED" } });
    expect(chain.commitAttempts.get(me)).toBeUndefined();
    chain.jobs.get(JOB)!.status = "timeout";
    await runner.tick();
    expect(store.get(JOB)!.phase).toBe("done");
    expect(lines.some((l) => l.includes("failed: HTTP_DOMAIN_NOT_ALLOWED"))).toBe(true);
    await store.close();
  });

  it("commits and reveals a fault report when the target is down (an external fault), not nothing", async () => {
    const chain = new MemoryChain();
    const me = addr(7);
    const dead = `http://127.0.0.1:${await freePort()}/price`;
    chain.postJob({ ...httpJob(), spec: { method: "GET", url: dead }, committee: [me] });
    const { runner, store, lines } = makeRunner(chain, me, tmp());
    await drive(runner, chain, 6);
    const revealed = chain.jobs.get(JOB)!.reveals.find((r) => r.runner === me)!;
    expect(openFaultReport(fromHex(revealed.output.slice(2)))).toMatchObject({ fault: "external", progress: new Map([["http.attempt", 1n]]) });
    expect(store.get(JOB)!.phase).toBe("done");
    expect(lines.some((l) => l.includes(`job ${JOB} fault external (HTTP_NETWORK:`) && l.endsWith("progress http.attempt=1"))).toBe(true);
    await store.close();
  });

  it("aggregates the majority output when it is the aggregator", async () => {
    expect(majorityOutput([{ output: "0x02" }, { output: "0x01" }, { output: "0x02" }])).toBe("0x02");
    expect(majorityOutput([{ output: "0x02" }, { output: "0x01" }])).toBe("0x01");
    const chain = new MemoryChain();
    const me = addr(6);
    chain.postJob({ ...httpJob(), committee: [me], aggregator: me });
    const { runner, store } = makeRunner(chain, me, tmp());
    await drive(runner, chain, 6);
    expect(chain.jobs.get(JOB)!.status).toBe("settled");
    expect(store.get(JOB)!.phase).toBe("done");
    expect(store.get(JOB)!.txs.aggregate).toBeDefined();
    await store.close();
  });

  it("test faults: bad-reveal opens something other than its commitment; schema-violation commits a value the schema refuses", async () => {
    const chain = new MemoryChain();
    const liar = addr(7);
    chain.postJob({ ...httpJob(), committee: [liar] });
    const bad = makeRunner(chain, liar, tmp(), undefined, "bad-reveal");
    await drive(bad.runner, chain, 6);
    // The runner committed the honest output; its reveal differs in one byte, so this chain (which checks the opening
    // itself) refuses it — the real chain slashes it instead (cips/runner-market.md "Commit, reveal, verification").
    const record = bad.store.get(JOB)!;
    expect(decodeCbor(fromHex(record.output!))).toEqual(new Map([["price", 1234n]]));
    expect(record.error).toMatchObject({ code: "REVEAL_REVERTED", message: "reveal does not match the commitment" });
    expect(chain.jobs.get(JOB)!.reveals).toEqual([]);
    await bad.store.close();

    const chain2 = new MemoryChain();
    const odd = addr(8);
    chain2.postJob({ ...httpJob(), committee: [odd] });
    const schema = makeRunner(chain2, odd, tmp(), undefined, "schema-violation");
    await drive(schema.runner, chain2, 6);
    const revealed = decodeCbor(fromHex(chain2.jobs.get(JOB)!.reveals[0]!.output));
    expect(revealed).toBe(SCHEMA_VIOLATING_VALUE);
    expect(schemaViolation(cborFromJson(JSON.stringify(httpJob().resultSchema)), revealed)).toMatch(/object/);
    expect(schema.lines.join("\n")).toContain("output replaced by a schema violation (test fault)");
    await schema.store.close();
  });
});
