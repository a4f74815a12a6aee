// Four validators as four real cowboyd processes on loopback (issue 17, "Tests and measures"):
// transfers and actor calls sent through different nodes, kill -9 of one validator (finality goes
// on), its restart (it catches up to the same hashes), two stopped (finality halts, nothing
// conflicting is finalized), both restarted (it resumes). Every child is killed by pid at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { ReceiptStatus } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { cowboydCommand, launchTestnet, type RunningTestnet } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";

const COUNTER = readFileSync(fileURLToPath(new URL("../../../../packages/pvm/examples/counter.py", import.meta.url)), "utf8");
const dir = mkdtempSync(join(tmpdir(), "cowboy-testnet-"));
const BASE = 21_000 + Math.floor(Math.random() * 20_000);
const N = 4;
const pids = new Set<number>();
let testnet: RunningTestnet | undefined;

afterAll(async () => {
  await testnet?.stop(3_000);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  // On failure, the nodes' logs are worth more than the disk they take: keep them and say where.
  if (failed) console.error(`testnet logs kept in ${dir}/node-<i>/node.log`);
  else rmSync(dir, { recursive: true, force: true });
});
let failed = true;

const url = (i: number) => `http://127.0.0.1:${BASE + i}`;
const client = (i: number) => createClient({ url: url(i) });
const dev = devAccounts();

interface Consensus {
  view: string;
  finalized_height: string;
  notarized_height: string;
  peers: number;
}
async function consensusOf(i: number): Promise<Consensus | undefined> {
  try {
    return await client(i).request<Consensus>("cowboy_consensus", []);
  } catch {
    return undefined;
  }
}
const finalized = async (i: number): Promise<bigint> => BigInt((await consensusOf(i))?.finalized_height ?? "-1");

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const hashAt = async (i: number, height: bigint): Promise<string> =>
  (await client(i).request<{ header: { hash: string } }>("cowboy_getBlockByNumber", [height.toString()])).header.hash;

function killNode(i: number): void {
  const pid = Number(readFileSync(join(nodeDir(dir, i), "node.pid"), "utf8").trim());
  process.kill(pid, "SIGKILL");
}

function restartNode(i: number): void {
  const { command, args } = cowboydCommand();
  const child = spawn(command, [...args, "--data", nodeDir(dir, i)], { stdio: "ignore" });
  if (child.pid !== undefined) pids.add(child.pid);
}

describe("a 4-validator testnet of real processes", () => {
  it("finalizes, survives a crash, catches a restarted node up, halts without a quorum and resumes", async () => {
    testnet = launchTestnet({ dir, validators: N, rpcPort: BASE, blockTimeMs: 500, reset: true }, () => {});
    for (const pid of testnet.pids) pids.add(pid);
    // Four processes compile and start at once: on a loaded 2-core machine that alone can take a minute.
    await until("every node to finalize block 2", async () => (await Promise.all([0, 1, 2, 3].map(finalized))).every((h) => h >= 2n), 180_000);

    // A transfer sent to node 1 and an actor deployed through node 2, called through node 3: gossip
    // carries each to whichever validator leads.
    const to = new Uint8Array(20).fill(0x5a);
    const tx = await client(1).transfer({ privateKey: dev[1]!.privateKey, to, amount: 777n });
    const receipt = await client(1).waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 100 });
    expect(receipt.status).toBe(ReceiptStatus.Success);
    await until("node 0 to see the transfer", async () => (await client(0).getBalance(to)) === 777n);
    const deployed = await client(2).deployActor({ privateKey: dev[2]!.privateKey, source: COUNTER });
    expect((await client(2).waitForReceipt(deployed.tx.digest(), { timeoutMs: 30_000, pollMs: 100 })).status).toBe(ReceiptStatus.Success);
    const call = await client(3).callActor({ privateKey: dev[3]!.privateKey, to: deployed.address, method: "increment" });
    expect((await client(3).waitForReceipt(call.digest(), { timeoutMs: 30_000, pollMs: 100 })).status).toBe(ReceiptStatus.Success);
    const count = await client(0).queryActor({ to: deployed.address, method: "get_count" });
    expect(count.ok ? count.value : count).toBe(1n);

    // kill -9 one validator: the other three (a quorum of 3 of 4) keep finalizing.
    killNode(3);
    const before = await finalized(0);
    await until("finality to continue without node 3", async () => (await finalized(0)) >= before + 3n);

    // Restarted from its directory, it catches up to the same hashes.
    restartNode(3);
    const target = await finalized(0);
    await until("node 3 to catch up", async () => (await finalized(3)) >= target, 90_000);
    expect(await hashAt(3, target)).toBe(await hashAt(0, target));

    // Two down: no quorum, finality halts (at most the blocks already in flight), nothing conflicts.
    killNode(2);
    killNode(3);
    await new Promise((r) => setTimeout(r, 2_000));
    const halted = await finalized(0);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(await finalized(0)).toBe(halted);
    expect(await finalized(1)).toBeLessThanOrEqual(halted + 1n);
    const common = (await finalized(1)) < halted ? await finalized(1) : halted;
    expect(await hashAt(1, common)).toBe(await hashAt(0, common));

    // Both back: finality resumes and everyone agrees.
    restartNode(2);
    restartNode(3);
    await until("finality to resume", async () => (await finalized(0)) >= halted + 3n, 90_000);
    const agreed = await finalized(0);
    await until("all four at the same height", async () => (await Promise.all([1, 2, 3].map(finalized))).every((h) => h >= agreed), 90_000);
    const hashes = await Promise.all([0, 1, 2, 3].map((i) => hashAt(i, agreed)));
    expect(new Set(hashes).size).toBe(1);
    expect(toHex(new Uint8Array(32))).not.toBe(hashes[0]);
    failed = false;
  }, 900_000);
});
