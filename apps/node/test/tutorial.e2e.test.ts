// The README's actor tutorial, typed as a user would: the real cowboyd, the real `cowboy` CLI, a
// restart in the middle, and the state still there afterwards.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toHex } from "@cowboy/codec";
import { afterAll, describe, expect, it } from "vitest";
import { devAccounts } from "../src/chain/genesis.js";
import { startNodeProcess, type NodeProcess } from "./spawn.js";

const CLI = fileURLToPath(new URL("../../cli/src/main.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cowboy-tutorial-"));
const running: NodeProcess[] = [];
afterAll(async () => {
  for (const node of running) if (node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const COUNTER = `from cowboy_sdk import actor


@actor
class Counter:
    def __init__(self):
        self.storage["count"] = 0

    def increment(self, by=1):
        if by <= 0:
            raise ValueError("amount must be positive")
        self.storage["count"] += by
        return self.storage["count"]

    def get_count(self):
        return self.storage["count"]
`;

function cowboy(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", CLI, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}

describe("the actor tutorial", () => {
  it("deploys Counter, calls increment, reads get_count, and keeps it across a restart", async () => {
    const data = join(dir, "chain");
    let node = await startNodeProcess(["--data", data, "--block-time", "200"]);
    running.push(node);
    const file = join(dir, "counter.py");
    writeFileSync(file, COUNTER);
    const env = { COWBOY_KEY: `0x${toHex(devAccounts()[0]!.privateKey)}`, COWBOY_RPC: node.url };

    const deployed = await cowboy(["actor", "deploy", file], env);
    expect(deployed.stderr).toBe("");
    expect(deployed.code).toBe(0);
    const address = deployed.stdout.trim();
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);

    expect((await cowboy(["actor", "call", address, "increment"], env)).stdout).toBe("1\n");
    expect((await cowboy(["actor", "call", address, "increment", "[5]"], env)).stdout).toBe("6\n");
    const refused = await cowboy(["actor", "call", address, "increment", '{"by": 0}'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("ValueError: amount must be positive\n");
    expect((await cowboy(["actor", "query", address, "get_count"], env)).stdout).toBe("6\n");
    expect((await cowboy(["actor", "storage", address, "count"], env)).stdout).toBe("6\n");

    expect(await node.stop("SIGTERM")).toBe(0);
    node = await startNodeProcess(["--data", data, "--block-time", "200"]);
    running.push(node);
    const after = await cowboy(["actor", "query", address, "get_count", "--json"], { ...env, COWBOY_RPC: node.url });
    expect(JSON.parse(after.stdout)).toMatchObject({ ok: true, result: 6 });
    await node.stop();
  }, 120_000);
});
