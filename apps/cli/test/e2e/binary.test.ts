import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 20's "The CLI" and "Simulate before sending" as a user meets them: the built `cowboy`
// (apps/cli/dist/main.js, built here through `pnpm -s cowboy`'s launcher) run from a directory
// outside the repository, against a devnet it spawned itself. Every child is stopped by its pid.
const cliDir = fileURLToPath(new URL("../..", import.meta.url));
const repo = join(cliDir, "..", "..");
const main = join(cliDir, "dist", "main.js");
const work = mkdtempSync(join(tmpdir(), "cowboy-bin-"));
const data = join(work, "devnet");
const counter = join(repo, "packages", "pvm", "examples", "counter.py");
const COUNTER = "0x13ef4115fafc7bbc98eefcde6e6386929efb47ef";
const KEY0 = "0x0a23a6c334b09dab8ecb8fd598e22ba7990f2b9e1e871e4b875a8b10090483f8";
const children: ChildProcess[] = [];
/** Set by the tests that make them, for the README's "Events, traces…" commands. */
let heartbeatAddress = "";
let revertedHash = "";
let port = 0;
let rpc = "";

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `cowboy ARGS` from the temporary directory, with COWBOY_KEY of dev account 0 unless `env` says otherwise. */
function cowboy(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, ...args], { cwd: work, env: { ...process.env, COWBOY_KEY: KEY0, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen({ host: "127.0.0.1", port: 0 }, () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** Starts `cowboy devnet` on `port` and `dir`; resolves once its RPC answers. */
async function startDevnet(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main, "devnet", "--port", String(port), "--data", dir, "--block-time", "250"], { cwd: work, stdio: "ignore" });
  children.push(child);
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(rpc, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"cowboy_chainId","params":[]}' }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`the devnet exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the devnet did not start");
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

let devnet: ChildProcess;

beforeAll(async () => {
  // The repository's command builds dist/ when it is missing or stale, then runs it.
  const launched = spawnSync(process.execPath, [join(cliDir, "launch.mjs"), "--version"], { cwd: repo, encoding: "utf8" });
  expect(launched.stdout).toMatch(/^cowboy \d+\.\d+\.\d+\n$/);
  expect(launched.status).toBe(0);
  port = await freePort();
  rpc = `http://127.0.0.1:${port}`;
  devnet = await startDevnet(data);
});

afterAll(async () => {
  for (const child of children) await stop(child, "SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

describe("the built cowboy, from any directory", () => {
  it("--version, help COMMAND and COMMAND --help", async () => {
    const pkg = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8")) as { version: string };
    expect(await cowboy(["--version"])).toEqual({ status: 0, stdout: `cowboy ${pkg.version}\n`, stderr: "" });
    const help = await cowboy(["help", "actor"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: cowboy actor <command>");
    const callHelp = await cowboy(["help", "actor", "call"]);
    expect(callHelp.stdout).toContain("Usage: cowboy actor call ADDR METHOD");
    expect(await cowboy(["actor", "call", "--help"])).toEqual(callHelp);
    const node = await cowboy(["help", "node"]);
    expect(node.stdout).toContain("Usage: cowboy node [options]");
    expect(node.stdout).toContain("--rpc-port PORT");
  });

  it("global options before the command; amounts with units", async () => {
    const deployed = await cowboy(["--rpc", rpc, "--json", "actor", "deploy", counter]);
    expect(deployed.stderr).toBe("");
    expect(deployed.status).toBe(0);
    const { address } = JSON.parse(deployed.stdout) as { address: string };
    expect(address).toBe(COUNTER);

    expect(await cowboy(["--rpc", rpc, "actor", "call", address, "increment"])).toEqual({ status: 0, stdout: "1\n", stderr: "" });
    // --value takes a unit (the README's heartbeat, paid 10 CBY for its fires).
    const heartbeat = (await cowboy(["--rpc", rpc, "actor", "deploy", join(repo, "packages", "pvm", "examples", "heartbeat.py")])).stdout.trim();
    heartbeatAddress = heartbeat;
    const started = await cowboy(["--rpc", rpc, "actor", "call", heartbeat, "start", "--value", "10cby"]);
    expect(started.stderr).toBe("");
    expect(started.stdout).toMatch(/^"0x[0-9a-f]{64}"\n$/);
    const left = BigInt((await cowboy(["--rpc", rpc, "balance", heartbeat])).stdout.trim());
    expect(left > 9_000_000_000n && left <= 10_000_000_000n).toBe(true);
    expect(await cowboy(["--rpc", rpc, "actor", "call", heartbeat, "stop"])).toMatchObject({ status: 0, stdout: "true\n" });
  });

  it("simulation refuses what would fail, with the Python error, and --force sends it (tx status then exits 1)", async () => {
    const address = COUNTER;

    // A misspelt method and a raising handler cost nothing: refused after simulation, the nonce unchanged.
    const nonce = (await cowboy(["nonce", "0xe310e452713ea2e0157389d1a73c379c4c6bb82c", "--rpc", rpc])).stdout;
    const typo = await cowboy(["--rpc", rpc, "actor", "call", address, "incremnt"]);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toBe("error: simulated, not sent (reverted; --force sends it anyway): InvalidMethod: Counter has no public method 'incremnt'; did you mean 'increment'?\n");
    const raising = await cowboy(["actor", "call", address, "increment", '{"by": 0}', "--rpc", rpc, "--json"]);
    expect(raising.status).toBe(1);
    expect(JSON.parse(raising.stdout)).toMatchObject({ status: "refused", simulated: "reverted", error: "ValueError: amount must be positive" });
    const again = await cowboy(["--rpc", rpc, "actor", "deploy", counter]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("ValueError: an actor already exists at 0x13ef4115fafc7bbc98eefcde6e6386929efb47ef");
    expect((await cowboy(["nonce", "0xe310e452713ea2e0157389d1a73c379c4c6bb82c", "--rpc", rpc])).stdout).toBe(nonce);

    // --force sends it: the receipt is reverted, and `tx status` of it exits 1.
    const forced = await cowboy(["--rpc", rpc, "--json", "actor", "call", address, "increment", '{"by": 0}', "--force"]);
    expect(forced.status).toBe(1);
    const sent = JSON.parse(forced.stdout) as { hash: string; status: string; error: string };
    expect(sent).toMatchObject({ status: "reverted", error: "ValueError: amount must be positive" });
    revertedHash = sent.hash;
    expect(await cowboy(["--rpc", rpc, "tx", "status", sent.hash])).toMatchObject({ status: 1, stdout: expect.stringMatching(/^reverted\nheight \d+\n$/) });
  });

  it("runs the README's 'Events, traces, timer history and actor interfaces' commands as written", async () => {
    const readme = readFileSync(join(repo, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Events, traces, timer history and actor interfaces"));
    const block = section.slice(section.indexOf("```sh\n") + 6, section.indexOf("\n```", section.indexOf("```sh\n")));
    const commands = block
      .split("\n")
      .map((line) => line.replace(/#.*$/, "").trim())
      .filter((line) => line.length > 0);
    expect(commands).toHaveLength(6);
    expect(heartbeatAddress).toMatch(/^0x[0-9a-f]{40}$/);
    const ran = new Map<string, Run>();
    for (const line of commands) {
      expect(line.startsWith("pnpm -s cowboy ")).toBe(true);
      const args = line
        .slice("pnpm -s cowboy ".length)
        .split(/\s+/)
        .map((a) => (a === "ADDR" ? heartbeatAddress : a === "HASH" ? revertedHash : a));
      ran.set(args.slice(0, 2).join(" "), await cowboy([...args, "--rpc", rpc]));
    }
    // Events of the heartbeat's fires (one "beat" per block while it ran).
    expect(ran.get("logs --address")).toMatchObject({ status: 0, stderr: "" });
    expect(ran.get("logs --address")!.stdout).toContain("beat");
    // Its stopped timer, with the reason.
    expect(ran.get("actor timers")).toMatchObject({ status: 0, stderr: "" });
    expect(ran.get("actor timers")!.stdout).toContain("cancelled");
    // The reverted call: its receipt exits 1, its trace shows the Python traceback.
    expect(ran.get("tx receipt")!.status).toBe(1);
    expect(ran.get("tx receipt")!.stdout).toContain("reverted");
    expect(ran.get("tx trace")!.stdout).toContain("ValueError: amount must be positive");
    expect(ran.get("tx trace")!.stdout).toContain("actor.py");
    // The interface, and a typed client written to the file named.
    expect(ran.get("actor methods")).toMatchObject({ status: 0, stderr: "" });
    expect(ran.get("actor methods")!.stdout).toMatch(/start.*@payable|@payable.*start/s);
    expect(ran.get("actor codegen")).toMatchObject({ status: 0 });
    expect(readFileSync(join(work, "heartbeat-client.ts"), "utf8")).toContain("start");
  });

  it("fees come from the simulation: an account holding 1 CBY can call (a fixed worst case needed ~22)", async () => {
    const key = `0x${"5a".repeat(32)}`;
    const addr = spawnSync(process.execPath, [main, "keys", "import", "poor", "--key", key, "--keystore", join(work, "ks")], {
      cwd: work,
      env: { ...process.env, COWBOY_PASSWORD: "pw" },
      encoding: "utf8",
    }).stdout.trim();
    expect(addr).toMatch(/^0x[0-9a-f]{40}$/);
    const funded = await cowboy(["faucet", addr, "--amount", "1cby", "--rpc", rpc]);
    expect(funded.stdout).toMatch(/^0x[0-9a-f]{64}\nsuccess\n$/);
    const call = await cowboy(["--rpc", rpc, "--json", "actor", "call", "0x13ef4115fafc7bbc98eefcde6e6386929efb47ef", "increment"], { COWBOY_KEY: key });
    expect(call.stderr).toBe("");
    const done = JSON.parse(call.stdout) as { status: string; max_cost: string; fee_paid: string; result: number };
    expect(done.status).toBe("success");
    expect(BigInt(done.max_cost)).toBeLessThan(1_000_000_000n);
    expect(BigInt(done.fee_paid)).toBeLessThanOrEqual(BigInt(done.max_cost));
    expect(done.result).toBe(2);
  });

  it("a second devnet on the same data directory refuses in one line naming the holder; a busy port is one line; a stale lock is taken over", async () => {
    const second = await cowboy(["devnet", "--port", String(await freePort()), "--data", data]);
    expect(second).toEqual({ status: 1, stdout: "", stderr: `error: the data directory ${data} is in use by another node (pid ${devnet.pid}); stop it or pass another --data\n` });
    const busy = await cowboy(["devnet", "--port", String(port), "--data", join(work, "other")]);
    expect(busy).toEqual({ status: 1, stdout: "", stderr: `error: port ${port} on 127.0.0.1 is in use (another node or devnet?); stop that process or choose another port\n` });
    // Killed without a chance to clean up: its lock is stale, and the next devnet takes it over.
    await stop(devnet, "SIGKILL");
    expect(readFileSync(join(data, "LOCK"), "utf8")).toBe(`${devnet.pid}\n`);
    const next = await startDevnet(data);
    expect(readFileSync(join(data, "LOCK"), "utf8")).toBe(`${next.pid}\n`);
    expect((await cowboy(["--rpc", rpc, "actor", "query", "0x13ef4115fafc7bbc98eefcde6e6386929efb47ef", "get_count"])).stdout).toBe("2\n");
    await stop(next);
  });
});
