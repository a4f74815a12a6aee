// A local runner market for the e2e and the bench: a `cowboy devnet start` process, N `cowboy runner start`
// processes (dev accounts 1..N, or from `firstRunner`), an HTTP price server on 127.0.0.1, and a PriceFeed actor that
// posts http jobs. With `proxies`, also that many `cowboy proxy start` processes and a dealt CBSS committee.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type CowboyClient, createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { freePort } from "./ports.js";

const CLI = resolve(fileURLToPath(import.meta.url), "../../../../cli/src/main.ts");
const NODE_ARGS = ["--import", "tsx", "--conditions=@cowboy/source", CLI];
export const CBY = BASE_UNITS_PER_CBY;
/** The devnet's dev account i: keccak256("cowboy devnet account i") (apps/node genesis). */
export const devKey = (i: number): Uint8Array => keccak256(new TextEncoder().encode(`cowboy devnet account ${i}`));
export const devAddress = (i: number): string => `0x${toHex(addressFromPrivateKey(devKey(i)))}`;

export const FEED = (price: bigint, runners: number, quorum: number, pricing = "fixed") => `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class PriceFeed:
    def refresh(self, url):
        job = runner.submit("http", {"method": "GET", "url": url}, result_schema=SCHEMA,
                            runners=${runners}, quorum=${quorum}, verification="majority_vote",
                            max_price=${price}, allow_domains=["127.0.0.1"], callback="on_price",
                            pricing="${pricing}")
        self.storage["job"] = job
        return job

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")
`;

export interface Market {
  readonly rpc: string;
  /** The temporary directory holding every process's data dir. */
  readonly dir: string;
  /** The price server's request headers, in arrival order. */
  readonly requests: readonly Readonly<Record<string, string | string[] | undefined>>[];
  /** Every process's output so far (devnet, proxies, runners). */
  allOutput(): string;
  /** Proxy processes by address (with their URLs), in start order; `kill()` SIGKILLs one and waits for its exit. */
  readonly proxies: readonly Proxy[];
  readonly client: CowboyClient;
  readonly priceUrl: string;
  /** Requests the price server answered. */
  priceHits(): number;
  /** Each runner process's output, by its address. */
  readonly runnerLogs: Map<string, string[]>;
  cowboy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Starts one more `cowboy proxy start` (dev account i, extra args), stopped by close(); it joins `proxies`. */
  addProxy(i: number, args: readonly string[]): Promise<Proxy>;
  close(): Promise<void>;
}

export interface Proxy {
  readonly address: string;
  readonly url: string;
  readonly log: string[];
  kill(): Promise<void>;
}

const killer = (c: ChildProcess) => (): Promise<void> =>
  new Promise((done) => {
    if (c.exitCode !== null || c.signalCode !== null) return done();
    c.once("exit", () => done());
    c.kill("SIGKILL");
  });

/** Starts the devnet (blocks every `blockTimeMs`), the price server and `runners` runner processes. */
export interface MarketOptions {
  readonly runners: number;
  readonly blockTimeMs: number;
  readonly llmModel?: string;
  /** The runners' --provides (default net.http,compute, plus llm with a model). */
  readonly provides?: string;
  /** The --provides of the runner with dev account i, when it differs from `provides`. */
  readonly providesFor?: (i: number) => string | undefined;
  /** Extra `cowboy devnet start` arguments (e.g. --tee-enclave, --container-image). */
  readonly devnetArgs?: readonly string[];
  /** Dev account of the first runner (default 1). */
  readonly firstRunner?: number;
  /**
   * CBSS proxies to start (dev accounts from `firstProxy`), dealt t-of-n by dev account 0 — or, with `dkg`, started
   * with `--committee-size count --threshold t` so they run the committee DKG themselves (no dealer).
   */
  readonly proxies?: { readonly count: number; readonly threshold: number; readonly firstProxy: number; readonly dkg?: boolean };
  /** Extra `cowboy runner start` arguments for the runner with dev account i (e.g. --test-fault). */
  readonly runnerArgs?: (i: number) => readonly string[];
  /** When set, the price server answers 401 unless the request carries header `x-api-key` with this value. */
  readonly apiKey?: string;
}

export async function startMarket(options: MarketOptions): Promise<Market> {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-runner-market-"));
  const children: ChildProcess[] = [];
  const outputs: string[][] = [];
  const requests: Record<string, string | string[] | undefined>[] = [];
  let hits = 0;
  const priceServer: Server = createServer((req, res) => {
    requests.push({ ...req.headers });
    res.setHeader("content-type", "application/json");
    if (options.apiKey !== undefined && req.headers["x-api-key"] !== options.apiKey) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: "api key required" }));
      return;
    }
    hits++;
    res.end(JSON.stringify({ price: 4242, source: "e2e" }));
  });
  await new Promise<void>((r) => priceServer.listen(0, "127.0.0.1", r));
  const priceUrl = `http://127.0.0.1:${(priceServer.address() as AddressInfo).port}/price`;
  const port = await freePort();
  const rpc = `http://127.0.0.1:${port}`;
  const start = (args: string[], ready: RegExp, log: string[]): Promise<ChildProcess> => {
    outputs.push(log);
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
  };
  const close = async () => {
    for (const c of [...children].reverse()) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
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
    priceServer.closeAllConnections();
    await new Promise((r) => priceServer.close(r));
    rmSync(dir, { recursive: true, force: true });
  };
  const runnerLogs = new Map<string, string[]>();
  const proxies: Proxy[] = [];
  const first = options.firstRunner ?? 1;
  const provides = options.provides ?? (options.llmModel === undefined ? "net.http,compute" : "net.http,compute,llm");
  const cowboy = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, [...NODE_ARGS, ...args], { env: { ...process.env, COWBOY_RPC: rpc }, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
        outputs.push([stdout, stderr]);
        done({ code: error === null ? 0 : ((error as { code?: number }).code ?? 1), stdout, stderr });
      });
    });
  try {
    await start(
      ["devnet", "start", "--port", String(port), "--data", join(dir, "node"), "--block-time", String(options.blockTimeMs), ...(options.devnetArgs ?? [])],
      /JSON-RPC: http/,
      [],
    );
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
    if (options.proxies !== undefined) {
      const { count, threshold, firstProxy, dkg } = options.proxies;
      const dkgArgs = dkg === true ? ["--committee-size", String(count), "--threshold", String(threshold)] : [];
      const started = await Promise.all(
        Array.from({ length: count }, async (_, k) => {
          const log: string[] = [];
          const i = firstProxy + k;
          const child = await start(
            ["proxy", "start", "--key", `0x${toHex(devKey(i))}`, "--stake", "10cby", "--rpc", rpc, "--data", join(dir, `proxy${i}`), ...dkgArgs],
            /listening on http/,
            log,
          );
          const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log.join(""))![1]!;
          return { address: devAddress(i), url, log, kill: killer(child) };
        }),
      );
      proxies.push(...started);
      if (dkg !== true) {
        const dealt = await cowboy(["proxy", "deal", "--threshold", String(threshold), "--secret-file", join(dir, "group.secret"), "--key", `0x${toHex(devKey(0))}`]);
        if (dealt.code !== 0) throw new Error(`proxy deal failed: ${dealt.stderr}`);
      }
      for (let i = 0; !proxies.every((p) => p.log.join("").includes("holding share")); i++) {
        if (i > 1200) throw new Error(`the proxies did not take their shares within 120 s:\n${proxies.map((p) => p.log.join("").slice(-2000)).join("\n")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (let i = first; i < first + options.runners; i++) runnerLogs.set(devAddress(i), []);
    await Promise.all(
      Array.from({ length: options.runners }, (_, k) =>
        start(
          [
            "runner",
            "start",
            "--key",
            `0x${toHex(devKey(first + k))}`,
            "--stake",
            "10000cby",
            "--provides",
            options.providesFor?.(first + k) ?? provides,
            ...(options.llmModel === undefined ? [] : ["--llm-model", options.llmModel]),
            "--rpc",
            rpc,
            "--data",
            join(dir, `runner${first + k}`),
            "--devnet",
            "--poll",
            "100",
            ...(options.runnerArgs?.(first + k) ?? []),
          ],
          /registered;/,
          runnerLogs.get(devAddress(first + k))!,
        ),
      ),
    );
    const addProxy = async (i: number, args: readonly string[]) => {
      const log: string[] = [];
      const child = await start(
        ["proxy", "start", "--key", `0x${toHex(devKey(i))}`, "--stake", "10cby", "--rpc", rpc, "--data", join(dir, `proxy${i}`), ...args],
        /listening on http/,
        log,
      );
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log.join(""))![1]!;
      const p = { address: devAddress(i), url, log, kill: killer(child) };
      proxies.push(p);
      return p;
    };
    return {
      rpc,
      dir,
      requests,
      allOutput: () => outputs.map((o) => o.join("")).join("\n"),
      proxies,
      client,
      priceUrl,
      priceHits: () => hits,
      runnerLogs,
      cowboy,
      addProxy,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Settled {
  readonly feed: Uint8Array;
  readonly jobId: string;
  readonly seen: [Uint8Array, string, Map<string, unknown>];
  readonly blocks: bigint;
  readonly wallMs: number;
}

export const ORACLE = (price: bigint) => `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"verdict": {"enum": ["up", "down", "flat"]}, "confident": {"type": "boolean"}},
          "required": ["verdict", "confident"], "additionalProperties": False}

@actor
class Oracle:
    def ask(self, model):
        return runner.submit("llm", {"model": model, "prompt": "Is the price going up?", "max_tokens": 48, "seed": 3},
                             result_schema=SCHEMA, runners=3, quorum=3, verification="majority_vote",
                             max_price=${price}, callback="on_answer")

    @runner.continuation
    def on_answer(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")
`;

async function waitSeen(client: CowboyClient, actor: Uint8Array): Promise<[Uint8Array, string, Map<string, unknown>]> {
  for (let i = 0; i < 3000; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const q = await client.queryActor({ to: actor, method: "seen" });
    if (q.ok && q.value !== null) return q.value as [Uint8Array, string, Map<string, unknown>];
  }
  throw new Error("no continuation within 300 s");
}

/** Deploys an Oracle (dev account 0), posts one llm job for `model` (3 runners, quorum 3) and waits for its continuation. */
export async function runLlmJob(market: Market, model: string): Promise<Settled> {
  const { client } = market;
  const owner = devKey(0);
  const salt = new Uint8Array(32).fill(7);
  const { tx, address: actor } = await client.deployActor({ privateKey: owner, source: ORACLE(2n * CBY), salt });
  const deployed = await client.waitForReceipt(tx.digest());
  if (deployed.status !== 0) throw new Error(`deploy failed: ${new TextDecoder().decode(deployed.return_data)}`);
  await client.waitForReceipt((await client.transfer({ privateKey: owner, to: actor, amount: 100n * CBY })).digest());
  const t0 = performance.now();
  const call = await client.callActor({ privateKey: owner, to: actor, method: "ask", args: [model], cyclesLimit: 5_000_000n });
  const receipt = await client.waitForReceipt(call.digest());
  if (receipt.status !== 0) throw new Error(`ask failed: ${new TextDecoder().decode(receipt.return_data)}`);
  const seen = await waitSeen(client, actor);
  const wallMs = performance.now() - t0;
  const blocks = (await client.getHead()).height - receipt.height;
  return { feed: actor, jobId: `0x${toHex(seen[0])}`, seen, blocks, wallMs };
}

/** Deploys a PriceFeed (dev account 0), posts one http job and waits for its continuation. */
export async function runPriceJob(market: Market, options: { runners: number; quorum: number; salt?: number; pricing?: "fixed" | "usage" }): Promise<Settled> {
  const { client } = market;
  const owner = devKey(0);
  const salt = new Uint8Array(32);
  salt[31] = options.salt ?? 0;
  const { tx, address: feed } = await client.deployActor({ privateKey: owner, source: FEED(2n * CBY, options.runners, options.quorum, options.pricing), salt });
  const deployed = await client.waitForReceipt(tx.digest());
  if (deployed.status !== 0) throw new Error(`deploy failed: ${new TextDecoder().decode(deployed.return_data)}`);
  await client.waitForReceipt((await client.transfer({ privateKey: owner, to: feed, amount: 100n * CBY })).digest());
  const t0 = performance.now();
  const call = await client.callActor({ privateKey: owner, to: feed, method: "refresh", args: [market.priceUrl], cyclesLimit: 5_000_000n });
  const receipt = await client.waitForReceipt(call.digest());
  if (receipt.status !== 0) throw new Error(`refresh failed: ${new TextDecoder().decode(receipt.return_data)}`);
  let seen: unknown = null;
  for (let i = 0; i < 3000 && seen === null; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const q = await client.queryActor({ to: feed, method: "seen" });
    if (q.ok && q.value !== null) seen = q.value;
  }
  const wallMs = performance.now() - t0;
  if (seen === null) throw new Error("no continuation within 300 s");
  const blocks = (await client.getHead()).height - receipt.height;
  const s = seen as [Uint8Array, string, Map<string, unknown>];
  return { feed, jobId: `0x${toHex(s[0])}`, seen: s, blocks, wallMs };
}
