// `cowboy gov …` against a real devnet node (lmdb, RPC on a free loopback port, 100 ms blocks, in this process):
// propose → two votes → the devnet's 15-block vote and 10-block timelock → `gov show` lists the proposal's lifecycle
// events (cips/governance.md "Events") and `cowboy logs` finds the executed one as a block-step event of 0x09.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-cli-gov-"));
let node: RunningNode;
const dev = devAccounts();

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
});
afterAll(async () => {
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, [...argv, "--rpc", node.rpcUrl], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy gov show", () => {
  it("prints a proposal and its lifecycle events; cowboy logs finds them", { timeout: 120_000 }, async () => {
    const key = (i: number) => `0x${toHex(dev[i]!.privateKey)}`;
    const made = await cli(["gov", "propose", "--param", 'tokens={"maxSymbolBytes":12}', "--deposit", "100cby", "--key", key(0), "--json"]);
    expect([made.status, made.stderr]).toEqual([0, ""]);
    const id = (JSON.parse(made.stdout) as { result: { id: string } }).result.id;
    for (const i of [0, 1]) expect((await cli(["gov", "vote", id, "yes", "--key", key(i)])).status).toBe(0);
    let shown = { proposal: { status: "" }, events: [] as { event: string; data: Record<string, unknown> }[] };
    for (let i = 0; i < 200 && shown.proposal.status !== "executed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      shown = JSON.parse((await cli(["gov", "show", id, "--json"])).stdout);
    }
    expect(shown.proposal.status).toBe("executed");
    expect(shown.events.map((e) => e.event)).toEqual(["created", "voted", "voted", "passed", "queued", "executed"]);
    expect(shown.events[1]!.data).toMatchObject({ choice: "yes" });
    const text = await cli(["gov", "show", id]);
    expect(text.stdout.split("\n").slice(1, -1)).toHaveLength(6);
    expect(text.stdout).toMatch(/^\d+ executed \{"proposal":/m);
    expect((await cli(["param", "get", "tokens"])).stdout).toContain('"maxSymbolBytes":12');
    const logs = await cli(["logs", "--address", `0x${"00".repeat(19)}09`, "--topic", "cowboy:gov_executed", "--from", "0"]);
    expect(logs.stdout).toMatch(/cowboy:gov_executed .*\(block step\)\n$/);
  });
});
