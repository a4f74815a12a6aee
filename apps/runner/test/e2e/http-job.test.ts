// Runner market end to end (issue 22; cips/runner-market.md): a devnet node process (`cowboy devnet start`), an HTTP
// price server on 127.0.0.1, five `cowboy runner start` processes. An actor posts an http job with runner.submit
// (3 runners, quorum 2, majority_vote); the committee drawn from the beacon acks, commits and reveals; the job settles
// after the challenge window and the continuation stores the result. Then `cowboy job status` shows it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLI = resolve(fileURLToPath(import.meta.url), "../../../../cli/src/main.ts");
const NODE_ARGS = ["--import", "tsx", "--conditions=@cowboy/source", CLI];
const CBY = BASE_UNITS_PER_CBY;
const dir = mkdtempSync(join(tmpdir(), "cowboy-runner-e2e-"));
/** The devnet's dev account i: keccak256("cowboy devnet account i") (apps/node genesis). */
const devKey = (i: number) => keccak256(new TextEncoder().encode(`cowboy devnet account ${i}`));
const RUNNER_COUNT = 5;
const children: ChildProcess[] = [];
/** Each runner process's output, by its address. */
const runnerLogs = new Map<string, string[]>();
let rpc = "";
let priceServer: Server;
let priceUrl = "";
let priceHits = 0;

async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

function cowboy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [...NODE_ARGS, ...args], { env: { ...process.env, COWBOY_RPC: rpc }, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : ((error as { code?: number }).code ?? 1), stdout, stderr }),
    );
  });
}

function startProcess(args: string[], ready: RegExp, log: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((ok, fail) => {
    let out = "";
    const onData = (b: Buffer) => {
      out += b.toString();
      log.push(b.toString());
      if (ready.test(out)) ok(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => fail(new Error(`${args.slice(0, 2).join(" ")} exited with ${code}: ${out.slice(-2000)}`)));
  });
}

const FEED = (price: bigint) => `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class PriceFeed:
    def refresh(self, url):
        job = runner.submit("http", {"method": "GET", "url": url}, result_schema=SCHEMA,
                            runners=3, quorum=2, verification="majority_vote",
                            max_price=${price}, allow_domains=["127.0.0.1"], callback="on_price")
        self.storage["job"] = job
        return job

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")
`;

beforeAll(async () => {
  priceServer = createServer((_req, res) => {
    priceHits++;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ price: 4242, source: "e2e" }));
  });
  await new Promise<void>((r) => priceServer.listen(0, "127.0.0.1", r));
  priceUrl = `http://127.0.0.1:${(priceServer.address() as AddressInfo).port}/price`;
  const port = await freePort();
  rpc = `http://127.0.0.1:${port}`;
  await startProcess(["devnet", "start", "--port", String(port), "--data", join(dir, "node"), "--block-time", "100"], /JSON-RPC: http/, []);
  const client = createClient({ url: rpc });
  for (let i = 0; ; i++) {
    try {
      await client.getChainId();
      break;
    } catch (error) {
      if (i > 300) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  for (let i = 0; i < RUNNER_COUNT; i++) runnerLogs.set(`0x${toHex(addressFromPrivateKey(devKey(i + 1)))}`, []);
  await Promise.all(
    Array.from({ length: RUNNER_COUNT }, (_, i) =>
      startProcess(
        [
          "runner",
          "start",
          "--key",
          `0x${toHex(devKey(i + 1))}`,
          "--stake",
          "10000cby",
          "--provides",
          "net.http,compute",
          "--rpc",
          rpc,
          "--data",
          join(dir, `runner${i}`),
          "--devnet",
          "--poll",
          "100",
        ],
        /registered;/,
        runnerLogs.get(`0x${toHex(addressFromPrivateKey(devKey(i + 1)))}`)!,
      ),
    ),
  );
}, 600_000);

afterAll(async () => {
  for (const c of children.reverse()) {
    if (c.exitCode === null) {
      c.kill("SIGINT");
      await new Promise((r) => {
        const t = setTimeout(() => {
          c.kill("SIGKILL");
          r(undefined);
        }, 10_000);
        c.once("exit", () => {
          clearTimeout(t);
          r(undefined);
        });
      });
    }
  }
  priceServer?.closeAllConnections();
  await new Promise((r) => priceServer?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("runner market end to end: devnet + 5 runner processes", () => {
  it("an actor's http job is executed by the committee, settles, and the continuation stores the result", async () => {
    const client = createClient({ url: rpc });
    const owner = devKey(0);
    const runners = Array.from({ length: RUNNER_COUNT }, (_, i) => `0x${toHex(addressFromPrivateKey(devKey(i + 1)))}`);
    // Every runner is registered and active.
    for (const r of runners) {
      const status = await cowboy(["runner", "status", r, "--json"]);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ address: r, status: "active", provides: ["compute", "net.http"] });
    }
    const { tx, address: feed } = await client.deployActor({ privateKey: owner, source: FEED(2n * CBY) });
    expect((await client.waitForReceipt(tx.digest())).status).toBe(0);
    await client.waitForReceipt((await client.transfer({ privateKey: owner, to: feed, amount: 100n * CBY })).digest());
    const t0 = performance.now();
    const call = await client.callActor({ privateKey: owner, to: feed, method: "refresh", args: [priceUrl], cyclesLimit: 5_000_000n });
    const receipt = await client.waitForReceipt(call.digest());
    expect(receipt.status, new TextDecoder().decode(receipt.return_data)).toBe(0);
    const submitHeight = receipt.height;
    const jobs = JSON.parse((await cowboy(["job", "list", "--actor", `0x${toHex(feed)}`, "--json"])).stdout) as { id: string }[];
    expect(jobs.length).toBe(1);
    const jobId = jobs[0]!.id;

    let seen: unknown = null;
    for (let i = 0; i < 1500 && seen === null; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const q = await client.queryActor({ to: feed, method: "seen" });
      if (q.ok && q.value !== null) seen = q.value;
    }
    const wallMs = performance.now() - t0;
    const head = (await client.getHead()).height;
    expect(seen).not.toBeNull();
    const [seenId, status, result] = seen as [Uint8Array, string, Map<string, unknown>];
    if (status !== "ok") {
      console.log((await cowboy(["job", "status", jobId])).stdout);
      for (const [who, log] of runnerLogs)
        console.log(
          who,
          log
            .join("")
            .split("\n")
            .filter((l) => l.includes(jobId.slice(0, 12)) || l.includes("failed"))
            .slice(-12)
            .join("\n"),
        );
    }
    expect(`0x${toHex(seenId)}`).toBe(jobId);
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(4242n);

    const job = await cowboy(["job", "status", jobId, "--json"]);
    const j = JSON.parse(job.stdout) as { status: string; committee: string[]; reveals: { runner: string }[]; result: unknown };
    expect(j.status).toBe("settled");
    expect(j.committee.length).toBe(3);
    expect(j.committee.every((m) => runners.includes(m))).toBe(true);
    expect(j.reveals.length).toBe(3);
    expect(j.result).toEqual({ price: 4242, source: "e2e" });
    expect(priceHits).toBe(3); // each committee member fetched once; no one else did
    const text = await cowboy(["job", "status", jobId]);
    expect(text.stdout).toMatch(/^status settled/m);
    console.log(`e2e: http job ${jobId} settled; continuation after ${head - submitHeight} blocks (head ${head}), ${Math.round(wallMs)} ms wall`);
    // Each committee member walked the job through its states; the two runners outside the committee never saw it.
    for (const [who, log] of runnerLogs) {
      const text = log.join("");
      if (j.committee.includes(who)) for (const step of ["seen", "acked", "executed", "committed", "revealed"]) expect(text).toContain(`job ${jobId} ${step}`);
      else expect(text).not.toContain(jobId);
    }
  });
});
