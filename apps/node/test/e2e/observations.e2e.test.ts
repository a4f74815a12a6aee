// Issue 20, chain side, against a spawned devnet: cowboy_getLogs over transactions' and timer fires'
// events (and the "logs" subscription), debug traces of a failing call, timer history.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { ReceiptStatus } from "@cowboy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { devAccounts } from "../../src/chain/genesis.js";
import { startNodeProcess, type NodeProcess } from "../utils/spawn.js";

const ALARM = `from cowboy_sdk import actor, emit, set_timer, block

@actor
class Alarm:
    def __init__(self):
        self.rings = 0

    def arm(self, blocks):
        """Rings after \`blocks\` blocks."""
        emit("armed", blocks)
        return set_timer(block.height + blocks, "ring", blocks, cycles=80_000, cells=2_000)

    def ring(self, blocks):
        self.rings += 1
        print("ringing", self.rings)
        emit("rang", self.rings)

    def explode(self, n):
        print("about to fail with", n)
        return self.helper(n)

    def helper(self, n):
        raise ValueError("boom " + str(n))
`;

const DRY = `from cowboy_sdk import actor, emit, set_timer, block, transfer, this

@actor
class Dry:
    def arm(self):
        return set_timer(block.height + 10, "ring", cycles=80_000, cells=2_000)

    def give_all(self, to):
        transfer(to, this.balance)

    def ring(self):
        emit("rang")
`;

const dir = mkdtempSync(join(tmpdir(), "cowboyd-obs-"));
let node: NodeProcess;
const dev = devAccounts();
const hex = (b: Uint8Array) => `0x${toHex(b)}`;

beforeAll(async () => {
  node = await startNodeProcess(["--data", join(dir, "chain"), "--block-time", "200"]);
}, 90_000);
afterAll(async () => {
  if (node !== undefined && node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Log {
  address: string;
  topic: string;
  topicHex: string;
  data: string;
  blockNumber: number;
  txHash: string | null;
  timerId: string | null;
  logIndex: number;
}

describe("logs, fires, traces and timer history on a devnet", () => {
  it("finds transaction and timer-fire events by address, topic, range and timer id; keeps the traceback of a failing call", async () => {
    const client = createClient({ url: node.url });
    const key = dev[1]!.privateKey;
    const deployed = await client.deployActor({ privateKey: key, source: ALARM });
    expect((await client.waitForReceipt(deployed.tx.digest(), { timeoutMs: 30_000, pollMs: 50 })).status).toBe(ReceiptStatus.Success);
    const alarm = hex(deployed.address);
    await client.waitForReceipt(await client.faucet(deployed.address, 100n * 10n ** 9n), { timeoutMs: 30_000, pollMs: 50 });

    // A "logs" subscription filtered to the fire's topic.
    const socket = new WebSocket(node.url.replace(/^http/, "ws"));
    await new Promise((resolve) => socket.once("open", resolve));
    const pushed: Log[] = [];
    socket.on("message", (raw) => {
      const m = JSON.parse(raw.toString()) as { method?: string; params?: { result: Log } };
      if (m.method === "cowboy_subscription") pushed.push(m.params!.result);
    });
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_subscribe", params: ["logs", { address: alarm, topics: ["rang"] }] }));

    const armTx = await client.callActor({ privateKey: key, to: deployed.address, method: "arm", args: [2n], cyclesLimit: 2_000_000n });
    const armed = await client.waitForReceipt(armTx.digest(), { timeoutMs: 30_000, pollMs: 50 });
    expect([armed.status, new TextDecoder().decode(armed.return_data)]).toEqual([ReceiptStatus.Success, expect.anything()]);
    const timerId = `0x${toHex(armed.return_data.slice(2))}`; // CBOR bytes(32): 0x58 0x20 ‖ id

    // Wait for the fire (two blocks later).
    let rang: Log[] = [];
    for (let i = 0; i < 100 && rang.length === 0; i++) {
      rang = await client.request<Log[]>("cowboy_getLogs", [{ address: alarm, topics: ["rang"], fromBlock: Number(armed.height), toBlock: "latest" }]);
      if (rang.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rang).toHaveLength(1);
    expect(rang[0]).toMatchObject({ address: alarm, topic: "rang", topicHex: `0x${toHex(new TextEncoder().encode("rang"))}`, data: "0x01", txHash: null, timerId });
    expect(rang[0]!.blockNumber).toBe(Number(armed.height) + 2);

    // The arming transaction's own event, by its block; the timer's by timer id.
    const inArmBlock = await client.request<Log[]>("cowboy_getLogs", [{ fromBlock: Number(armed.height), toBlock: Number(armed.height) }]);
    expect(inArmBlock).toEqual([expect.objectContaining({ address: alarm, topic: "armed", data: "0x02", txHash: hex(armTx.digest()), timerId: null, logIndex: 0 })]);
    const byTimer = await client.request<Log[]>("cowboy_getLogs", [{ timerId, fromBlock: 0, toBlock: "latest" }]);
    expect(byTimer.map((l) => l.topic)).toEqual(["rang"]);
    expect(await client.request<Log[]>("cowboy_getLogs", [{ address: `0x${"11".repeat(20)}`, fromBlock: 0 }])).toEqual([]);

    // The subscription saw the same entry, and only it.
    for (let i = 0; i < 50 && pushed.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(pushed).toEqual([rang[0]]);
    socket.close();

    // The fire's receipt-like record, and the one-shot's end in the owner's history.
    const fires = await client.request<Array<{ status: string; handler: string; trace: { output: string } }>>("cowboy_getTimerFires", [timerId]);
    expect(fires).toMatchObject([{ status: "success", handler: "ring", trace: { output: "ringing 1\n" } }]);
    const history = await client.request<unknown[]>("cowboy_getTimerHistory", [alarm]);
    expect(history).toEqual([{ timerId, handler: "ring", reason: "completed", height: rang[0]!.blockNumber }]);

    // A failing call keeps its traceback (file, line, function) and its print() output.
    const bad = await client.callActor({ privateKey: key, to: deployed.address, method: "explode", args: [7n], cyclesLimit: 2_000_000n });
    expect((await client.waitForReceipt(bad.digest(), { timeoutMs: 30_000, pollMs: 50 })).status).toBe(ReceiptStatus.Reverted);
    const trace = await client.request<{ status: string; error: { type: string; message: string; traceback: unknown[] }; output: string }>("cowboy_getTrace", [hex(bad.digest())]);
    expect(trace.status).toBe("reverted");
    expect(trace.output).toBe("about to fail with 7\n");
    expect(trace.error.type).toBe("ValueError");
    expect(trace.error.message).toBe("boom 7");
    expect(trace.error.traceback).toEqual([
      { file: "actor.py", line: 20, function: "explode" },
      { file: "actor.py", line: 23, function: "helper" },
    ]);
    // The interface stored at deploy.
    const described = await client.request<{ name: string; methods: Array<{ name: string; params: unknown[]; doc: string | null; payable: boolean }> }>(
      "cowboy_getActorInterface",
      [alarm],
    );
    expect(described.name).toBe("Alarm");
    expect(described.methods.map((m) => m.name)).toEqual(["arm", "ring", "explode", "helper"]);
    expect(described.methods[0]).toEqual({ name: "arm", params: [{ name: "blocks" }], doc: "Rings after `blocks` blocks.", payable: false });
    expect(await client.request("cowboy_getActorInterface", [`0x${"12".repeat(20)}`])).toBeNull();
    // A silent success has a plain trace.
    expect(await client.request("cowboy_getTrace", [hex(armTx.digest())])).toEqual({ status: "success", error: null, output: "" });
  }, 120_000);

  it("refuses a timer armed without funds; one whose actor runs dry later ends with reason insufficient_funds", async () => {
    const client = createClient({ url: node.url });
    const key = dev[3]!.privateKey;
    const deployed = await client.deployActor({ privateKey: key, source: DRY });
    await client.waitForReceipt(deployed.tx.digest(), { timeoutMs: 30_000, pollMs: 50 });
    const dry = hex(deployed.address);
    const refused = await client.callActor({ privateKey: key, to: deployed.address, method: "arm", cyclesLimit: 2_000_000n });
    const r1 = await client.waitForReceipt(refused.digest(), { timeoutMs: 30_000, pollMs: 50 });
    expect(r1.status).toBe(ReceiptStatus.Reverted);
    expect(new TextDecoder().decode(r1.return_data)).toMatch(new RegExp(`^ValueError: timer refused: its fee payer ${dry} holds 0 but each fire is pre-charged \\d+`));
    const refusedTrace = await client.request<{ error: { type: string; traceback: Array<{ function: string }> } }>("cowboy_getTrace", [hex(refused.digest())]);
    expect(refusedTrace.error.type).toBe("ValueError");
    expect(refusedTrace.error.traceback.map((f) => f.function)).toContain("arm");
    expect(await client.getTimers(deployed.address)).toEqual([]);

    await client.waitForReceipt(await client.faucet(deployed.address, 10n * 10n ** 9n), { timeoutMs: 30_000, pollMs: 50 });
    const arm = await client.callActor({ privateKey: key, to: deployed.address, method: "arm", cyclesLimit: 2_000_000n });
    const armed = await client.waitForReceipt(arm.digest(), { timeoutMs: 30_000, pollMs: 50 });
    expect(armed.status).toBe(ReceiptStatus.Success);
    const timerId = `0x${toHex(armed.return_data.slice(2))}`;
    const drain = await client.callActor({ privateKey: key, to: deployed.address, method: "give_all", args: [dev[3]!.address], cyclesLimit: 2_000_000n });
    const drained = await client.waitForReceipt(drain.digest(), { timeoutMs: 30_000, pollMs: 50 });
    expect(drained.status).toBe(ReceiptStatus.Success);
    expect(drained.height).toBeLessThan(armed.height + 10n);
    let history: Array<{ timerId: string; reason: string; handler: string; height: number }> = [];
    for (let i = 0; i < 100 && history.length === 0; i++) {
      history = await client.request("cowboy_getTimerHistory", [dry]);
      if (history.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(history).toEqual([{ timerId, handler: "ring", reason: "insufficient_funds", height: Number(armed.height) + 10 }]);
    expect(await client.request("cowboy_getTimerFires", [timerId])).toEqual([]);
  }, 120_000);
});
