import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { getRequires } from "@cowboy/runner-market";
import { createTransaction } from "@cowboy/types";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { parseAmount, formatCby } from "../../src/units.js";
import { memoryIo } from "../utils/memory-io.js";

// The chain commands against a real node (lmdb, RPC on a free loopback port) in this process.
const dir = mkdtempSync(join(tmpdir(), "cowboy-cli-"));
let node: RunningNode;
let rpc: string;
const dev = devAccounts();
const RECIPIENT = `0x${"ab".repeat(20)}`;

beforeAll(async () => {
  node = await startNode({
    dataDir: dir,
    genesis: devnetGenesis(),
    blockTimeMs: 100,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: createLogger({ level: "error", format: "text", write: () => {} }),
  });
  rpc = node.rpcUrl;
});
afterAll(async () => {
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const io = memoryIo({ files });
  Object.assign(io.env, env);
  const status = await runCommand(cowboy, [...argv, "--rpc", rpc], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("chain commands against a devnet", () => {
  it("transfer waits for the receipt; balance and nonce reflect it", async () => {
    const key = `0x${toHex(dev[3]!.privateKey)}`;
    const sent = await cli(["transfer", "--to", RECIPIENT, "--amount", "2.5cby", "--key", key]);
    expect(sent.stderr).toBe("");
    expect(sent.status).toBe(0);
    const [hash, status] = sent.stdout.trim().split("\n");
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(status).toBe("success");
    expect((await cli(["balance", RECIPIENT])).stdout).toBe("2500000000\n");
    expect((await cli(["balance", RECIPIENT, "--cby"])).stdout).toBe("2.5\n");
    expect((await cli(["nonce", `0x${toHex(dev[3]!.address)}`])).stdout).toBe("1\n");
    const txStatus = await cli(["tx", "status", hash!]);
    expect(txStatus.stdout).toMatch(/^success\nheight \d+\n$/);
    const json = JSON.parse((await cli(["tx", "status", hash!, "--json"])).stdout);
    expect(json).toMatchObject({ hash, status: "success", cycles_used: "21000" });
  });

  it("tx status shows why a transaction left the mempool without a block", async () => {
    const client = createClient({ url: rpc });
    const payer = dev[6]!;
    const nonce = await client.getNonce(payer.address, "pending");
    const send = (tip: bigint) =>
      createTransaction({
        chainId: 1337n,
        nonce,
        instruction: { type: "transfer", to: fromHex(RECIPIENT.slice(2)), amount: 1n },
        from: payer.address,
        cyclesLimit: 21_000n,
        cellsLimit: 0n,
        maxFeePerCycle: 100_000n * tip,
        maxFeePerCell: 100_000n * tip,
        maxPriorityFeePerCycle: tip,
        maxPriorityFeePerCell: tip,
      }).sign(payer.privateKey);
    // two transactions with one nonce, in one turn (no block between): the second replaces the first
    const first = send(1n);
    const second = send(5n);
    node.mempool.add(first, node.chain.accounts);
    node.mempool.add(second, node.chain.accounts);
    const firstHash = `0x${toHex(first.digest())}`;
    const shown = await cli(["tx", "status", firstHash]);
    expect(shown.status).toBe(1); // a dropped transaction did not succeed (apps/cli README "Exit status")
    expect(shown.stdout).toBe(`dropped\nreason REPLACED: replaced by 0x${toHex(second.digest())}, which pays at least 10% more\n`);
    const json = JSON.parse((await cli(["tx", "status", firstHash, "--json"])).stdout);
    expect(json).toMatchObject({ hash: firstHash, status: "dropped", reason: { code: "REPLACED" } });
    expect(typeof json.reason.dropped_at_ms).toBe("number");
    await client.waitForReceipt(second.digest(), { timeoutMs: 20_000, pollMs: 50 });
    expect(await cli(["tx", "status", `0x${toHex(second.digest())}`])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^success\nheight \d+\n$/) });
  });

  it("takes the key from COWBOY_KEY and prints JSON with --json", async () => {
    const result = await cli(["transfer", "--to", RECIPIENT, "--amount", "7", "--json"], { COWBOY_KEY: toHex(dev[4]!.privateKey) });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: "success", from: `0x${toHex(dev[4]!.address)}` });
  });

  it("signs with a keystore key given by name", async () => {
    const keystore = join(dir, "keystore");
    const env = { COWBOY_PASSWORD: "pw", COWBOY_KEYSTORE: keystore };
    const io = memoryIo();
    Object.assign(io.env, env);
    expect(await runCommand(cowboy, ["keys", "import", "dev5", "--key", `0x${toHex(dev[5]!.privateKey)}`], io)).toBe(0);
    const sent = await cli(["transfer", "--to", RECIPIENT, "--amount", "3", "--from", "dev5"], env);
    expect(sent.stderr).toBe("");
    expect(sent.stdout.split("\n")[1]).toBe("success");
    expect((await cli(["transfer", "--to", RECIPIENT, "--amount", "3", "--from", "dev5"], { ...env, COWBOY_PASSWORD: "nope" })).stderr).toBe(
      "error: wrong password for key dev5\n",
    );
  });

  it("prints blocks as JSON", async () => {
    const latest = JSON.parse((await cli(["block"])).stdout);
    expect(latest.height).toMatch(/^[1-9][0-9]*$/);
    const genesis = JSON.parse((await cli(["block", "0"])).stdout);
    expect(genesis).toMatchObject({ height: "0", transactions: [] });
    expect((await cli(["block", "99999999"])).stderr).toBe("error: block 99999999 not found\n");
  });

  it("reports bad input and a node that is not there", async () => {
    expect((await cli(["balance", "0x12"])).status).toBe(2);
    expect((await cli(["transfer", "--to", RECIPIENT, "--amount", "1.5"], { COWBOY_KEY: toHex(dev[4]!.privateKey) })).stderr).toMatch(/base units are whole numbers/);
    const poor = await cli(["transfer", "--to", RECIPIENT, "--amount", "1", "--key", `0x${"07".repeat(32)}`]);
    expect(poor).toMatchObject({ status: 1 });
    expect(poor.stderr).toMatch(/^error: INSUFFICIENT_BALANCE/);
    const io = memoryIo();
    const down = await runCommand(cowboy, ["balance", RECIPIENT, "--rpc", "http://127.0.0.1:1"], io);
    expect(down).toBe(1);
    expect(io.stderr.join("")).toMatch(/cannot reach .*is the devnet running\? start it with: pnpm -s cowboy devnet\)\n$/);
  });

  it("actor timers lists what an actor scheduled; the timer fires on the devnet until cancelled", async () => {
    const key = `0x${toHex(dev[6]!.privateKey)}`;
    // The README's timer example, as shipped.
    const source = readFileSync(fileURLToPath(new URL("../../../../packages/pvm/examples/heartbeat.py", import.meta.url)), "utf8");
    const deployed = await cli(["actor", "deploy", "heartbeat.py", "--key", key], {}, { "heartbeat.py": source });
    expect(deployed.stderr).toBe("");
    const actor = deployed.stdout.trim();
    expect((await cli(["actor", "timers", actor])).stdout).toBe(`no active timers owned by ${actor}\n`);
    // The actor pays for its own fires: fund it (value sent with the call), then start the interval.
    const started = await cli(["actor", "call", actor, "start", "--value", "100000000000", "--key", key]);
    expect(started.stderr).toBe("");
    const listed = JSON.parse((await cli(["actor", "timers", actor, "--json"])).stdout) as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      owner: actor,
      target: actor,
      fee_payer: actor,
      handler: "beat",
      data: { from: `0x${toHex(dev[6]!.address)}` },
      interval: "1",
      cycles_per_fire: "150000",
      cells_per_fire: "2000",
      expires_at: null,
      priority: "standard",
    });
    expect((await cli(["actor", "timers", actor])).stdout).toMatch(/^0x[0-9a-f]{64} {2}beat at \d+ \(every 1 blocks\), 150000 Cycles \/ 2000 Cells per fire, standard\n$/);
    // Blocks come every 100 ms: wait (bounded) until the handler has run a few times.
    let beats = 0;
    for (let i = 0; i < 100 && beats < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      beats = Number((await cli(["actor", "query", actor, "count"])).stdout.trim() || 0);
    }
    expect(beats).toBeGreaterThanOrEqual(3);
    expect((await cli(["actor", "call", actor, "stop", "--key", key])).stdout).toBe("true\n");
    expect((await cli(["actor", "timers", actor, "--json"])).stdout).toBe("[]\n");
    expect((await cli(["actor", "timers", "0x12"])).status).toBe(2);
  });

  it("actor deploy --requires sends a deploy manifest: the actor's requires are stored at deploy; bad names are refused", async () => {
    const key = `0x${toHex(dev[7]!.privateKey)}`;
    const source = "from cowboy_sdk import actor\n\n@actor\nclass Needs:\n    def ping(self):\n        return 1\n";
    const deployed = await cli(["actor", "deploy", "needs.py", "--requires", "net.http:inherit,llm", "--key", key], {}, { "needs.py": source });
    expect(deployed.stderr).toBe("");
    const actor = fromHex(deployed.stdout.trim().slice(2));
    const state = { get: (k: Uint8Array) => node.chain.state.get(k), set: () => {}, delete: () => {} };
    expect(getRequires(state, actor)).toEqual([
      { name: "llm", inheritable: false },
      { name: "net.http", inheritable: true },
    ]);
    const bad = await cli(["actor", "deploy", "needs.py", "--requires", "root.shell", "--key", key], {}, { "needs.py": source });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--requires: "root\.shell" is not a known entitlement/);
    const twice = await cli(["actor", "deploy", "needs.py", "--requires", "llm,llm:inherit", "--key", key], {}, { "needs.py": source });
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/--requires: llm after llm/);
  });

  it("lists the dev accounts as JSON", async () => {
    const io = memoryIo();
    expect(await runCommand(cowboy, ["devnet", "accounts", "--json"], io)).toBe(0);
    const accounts = JSON.parse(io.stdout.join(""));
    expect(accounts).toHaveLength(10);
    expect(accounts[0]).toEqual({ address: `0x${toHex(dev[0]!.address)}`, private_key: `0x${toHex(dev[0]!.privateKey)}`, balance: "1000000000000000" });
  });
});

describe("amounts", () => {
  it("parse base units and CBY, and format CBY", () => {
    expect(parseAmount("1500", "--amount")).toBe(1500n);
    expect(parseAmount("2.5cby", "--amount")).toBe(2_500_000_000n);
    expect(parseAmount("1 CBY", "--amount")).toBe(1_000_000_000n);
    expect(() => parseAmount("0.0000000001cby", "--amount")).toThrow(/9 decimals/);
    expect(() => parseAmount("18446744073709551616", "--amount")).toThrow(/exceeds/);
    expect(() => parseAmount("-1", "--amount")).toThrow(/must be base units/);
    expect(formatCby(2_500_000_000n)).toBe("2.5");
    expect(formatCby(1n)).toBe("0.000000001");
  });
});
