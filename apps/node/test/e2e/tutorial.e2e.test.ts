// The README's actor tutorial, typed as a user would: the real cowboyd, the real `cowboy` CLI, a
// restart in the middle, and the state still there afterwards.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@cowboy/client";
import { encodeCbor, fromHex, toHex } from "@cowboy/codec";
import { actorStorageKey, decodeProof, verifyProof } from "@cowboy/state";
import { afterAll, describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { startNodeProcess, type NodeProcess } from "../utils/spawn.js";

/** The node serves JSON-RPC only to bodies declared as JSON. */
const JSON_HEADERS = { "content-type": "application/json" };

const CLI = fileURLToPath(new URL("../../../cli/src/main.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cowboy-tutorial-"));
const running: NodeProcess[] = [];
afterAll(async () => {
  for (const node of running) if (node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

// The README's tutorial deploys this very file (README.md "Your first actor"), so the docs cannot drift from it.
const COUNTER_FILE = fileURLToPath(new URL("../../../../packages/pvm/examples/counter.py", import.meta.url));
const COUNTER = readFileSync(COUNTER_FILE, "utf8");

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
    const file = COUNTER_FILE;
    const env = { COWBOY_KEY: `0x${toHex(devAccounts()[0]!.privateKey)}`, COWBOY_RPC: node.url };

    const deployed = await cowboy(["actor", "deploy", file], env);
    expect(deployed.stderr).toBe("");
    expect(deployed.code).toBe(0);
    const address = deployed.stdout.trim();
    // The address the README prints: deterministic in the deployer, salt 0 and the code hash.
    expect(address).toBe("0x13ef4115fafc7bbc98eefcde6e6386929efb47ef");

    expect((await cowboy(["actor", "call", address, "increment"], env)).stdout).toBe("1\n");
    expect((await cowboy(["actor", "call", address, "increment", "[5]"], env)).stdout).toBe("6\n");
    const refused = await cowboy(["actor", "call", address, "increment", '{"by": 0}'], env);
    expect(refused.code).toBe(1);
    // Simulated first (cowboy_simulateTransaction) and not sent: nothing is paid.
    expect(refused.stderr).toBe("error: simulated, not sent (reverted; --force sends it anyway): ValueError: amount must be positive\n");
    expect((await cowboy(["actor", "query", address, "get_count"], env)).stdout).toBe("6\n");
    expect((await cowboy(["actor", "storage", address, "count"], env)).stdout).toBe("6\n");

    // The same actor through the client and raw RPC: code, a proved storage slot, fee estimation
    // that includes the handler, and bad parameters refused.
    const client = createClient({ url: node.url });
    const target = fromHex(address);
    expect((await client.getCode(target))?.source).toBe(COUNTER);
    const slot = Uint8Array.of(0x01, ...encodeCbor("count"));
    const stored = await client.request<{ state_root: string; value: string; proof: string }>("cowboy_getStorage", [address, `0x${toHex(slot)}`]);
    expect(stored.value).toBe("0x06");
    expect(verifyProof(fromHex(stored.state_root), actorStorageKey(target, slot), decodeProof(fromHex(stored.proof)))).toEqual(Uint8Array.of(6));
    const q = await client.queryActor({ to: target, method: "increment", args: [2n] });
    expect(q.ok && q.value).toBe(8n); // read-only: not committed
    const count = await client.queryActor({ to: target, method: "get_count" });
    expect(count.ok && count.value).toBe(6n);
    const callJson = {
      chain_id: "1337",
      nonce: "0",
      instruction: { type: "call_actor", target: address, method: "increment", args: "0x", value: "0" },
      cycles_limit: "0",
      cells_limit: "0",
      max_fee_per_cycle: "0",
      max_fee_per_cell: "0",
      max_priority_fee_per_cycle: "0",
      max_priority_fee_per_cell: "0",
      from: `0x${toHex(devAccounts()[1]!.address)}`,
      access_list: null,
      metadata: "0x",
      origin_tx_hash: null,
      origin_remaining_cycles: null,
      origin_remaining_cells: null,
      signature: `0x${"00".repeat(65)}`,
      additional_signers: [],
    };
    const estimate = await client.request<{ cycles_limit: string }>("cowboy_estimateFee", [callJson]);
    expect(BigInt(estimate.cycles_limit)).toBeGreaterThan((21_000n * 12n) / 10n);
    // The whole transaction on a fork of the head: its result, its use, and the estimate for that use.
    type Sim = {
      status: string;
      ok: boolean;
      result: string | null;
      error: string | null;
      cycles_used: string;
      cells_used: string;
      estimate: { cycles_limit: string; cells_limit: string };
    };
    const sim = await client.request<Sim>("cowboy_simulateTransaction", [callJson]);
    expect(sim).toMatchObject({ status: "success", ok: true, result: "0x07", error: null });
    expect(BigInt(sim.estimate.cycles_limit)).toBe((BigInt(sim.cycles_used) * 120n + 99n) / 100n);
    expect(BigInt(sim.estimate.cells_limit)).toBe((BigInt(sim.cells_used) * 120n + 99n) / 100n);
    // cowboy_estimateFee sizes its limits from the same whole-transaction run (the storage write's Cells included),
    // whatever limits the transaction carried.
    const fee = await client.request<{ cycles_limit: string; cells_limit: string }>("cowboy_estimateFee", [{ ...callJson, cycles_limit: "30000", cells_limit: "1" }]);
    expect(fee).toMatchObject({ cycles_limit: sim.estimate.cycles_limit, cells_limit: sim.estimate.cells_limit });
    expect(BigInt(sim.cells_used)).toBeGreaterThan(0n);
    const unchanged = await client.queryActor({ to: target, method: "get_count" });
    expect(unchanged.ok && unchanged.value).toBe(6n); // nothing committed
    const typo = await client.request<Sim>("cowboy_simulateTransaction", [{ ...callJson, instruction: { ...callJson.instruction, method: "incremnt" } }]);
    expect(typo).toMatchObject({ status: "reverted", ok: false, result: null, error: "InvalidMethod: Counter has no public method 'incremnt'; did you mean 'increment'?" });
    const broke = { ...callJson, from: `0x${"77".repeat(20)}`, instruction: { ...callJson.instruction, value: "1" } };
    const poor = await client.request<Sim>("cowboy_simulateTransaction", [broke]);
    expect(poor.status).toBe("rejected");
    expect(poor.error).toBe("INSUFFICIENT_BALANCE: balance 0 does not cover the value 1 it moves (fees come on top)");
    const tight = await client.request<Sim>("cowboy_simulateTransaction", [{ ...callJson, cycles_limit: "100" }]);
    expect(tight.status).toBe("rejected"); // below the intrinsic Cycles: kept as given, so refused
    expect(tight.error).toMatch(/^INTRINSIC_CYCLES_TOO_LOW/);
    const bad = await fetch(node.url, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_call", params: [{ to: address, method: "_private" }] }),
    });
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32602);

    expect(await node.stop("SIGTERM")).toBe(0);
    node = await startNodeProcess(["--data", data, "--block-time", "200"]);
    running.push(node);
    const after = await cowboy(["actor", "query", address, "get_count", "--json"], { ...env, COWBOY_RPC: node.url });
    expect(JSON.parse(after.stdout)).toMatchObject({ ok: true, result: 6 });
    await node.stop();
  }, 240_000);
});
