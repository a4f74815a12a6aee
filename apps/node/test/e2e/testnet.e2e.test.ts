// Four validators as four real cowboyd processes on loopback (issue 17, "Tests and measures"):
// transfers and actor calls sent through different nodes, kill -9 of one validator (finality goes
// on), its restart (it catches up to the same hashes), two stopped (finality halts, nothing
// conflicting is finalized), both restarted (it resumes). Every child is killed by pid at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { bls, deriveRandomness } from "@cowboy/crypto";
import { ReceiptStatus, seedMessage } from "@cowboy/types";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { cowboydCommand, launchTestnet, type RunningTestnet } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";

const DICE = `from cowboy_sdk import actor, vrf


@actor
class Dice:
    def __init__(self):
        self.storage["last"] = b""

    def roll(self):
        self.storage["last"] = vrf.random("dice")

    def last(self):
        return self.storage["last"]
`;
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
  if (failed > 0) console.error(`testnet logs kept in ${dir}/node-<i>/node.log`);
  else rmSync(dir, { recursive: true, force: true });
});
let failed = 0;
afterEach((context) => {
  if (context.task.result?.state === "fail") failed++;
});

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
  const log = openSync(join(nodeDir(dir, i), "node.log"), "a");
  const child = spawn(command, [...args, "--data", nodeDir(dir, i)], { stdio: ["ignore", log, log] });
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

    // Actors' randomness is HKDF of the block's parent beacon: the threshold seed of the round before
    // the block's view, which verifies against the genesis group key.
    const dice = await client(1).deployActor({ privateKey: dev[5]!.privateKey, source: DICE });
    await client(1).waitForReceipt(dice.tx.digest(), { timeoutMs: 30_000, pollMs: 100 });
    const roll = await client(0).callActor({ privateKey: dev[5]!.privateKey, to: dice.address, method: "roll" });
    const rolled = await client(0).waitForReceipt(roll.digest(), { timeoutMs: 30_000, pollMs: 100 });
    expect(rolled.status).toBe(ReceiptStatus.Success);
    const header = (await client(2).request<{ header: { round: string; beacon: string } }>("cowboy_getBlockByNumber", [rolled.height.toString()])).header;
    const beacon = fromHex(header.beacon);
    expect(beacon.length).toBe(96);
    const genesis = JSON.parse(readFileSync(join(nodeDir(dir, 0), "genesis.json"), "utf8")) as { chain_id: string; consensus: { group_public_key: string } };
    const seedRound = { epoch: 0n, view: BigInt(header.round) - 1n };
    expect(bls.verify(beacon, seedMessage(BigInt(genesis.chain_id), seedRound), fromHex(genesis.consensus.group_public_key))).toBe(true);
    const last = await client(3).queryActor({ to: dice.address, method: "last" });
    expect(last.ok && last.value instanceof Uint8Array ? toHex(last.value) : last).toBe(toHex(deriveRandomness(beacon, new TextEncoder().encode("dice"))));

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
  }, 900_000);
});

describe("a full node", () => {
  it("follows a validator to the same hashes, serves RPC and gossips the transactions it is sent", async () => {
    const home = join(dir, "single");
    const base = BASE + 10;
    const single = launchTestnet({ dir: home, validators: 1, rpcPort: base, blockTimeMs: 300, reset: true }, () => {});
    for (const pid of single.pids) pids.add(pid);
    try {
      const key = JSON.parse(readFileSync(join(nodeDir(home, 0), "node.json"), "utf8")) as { p2p_port: number };
      const genesis = JSON.parse(readFileSync(join(nodeDir(home, 0), "genesis.json"), "utf8")) as { validators: Array<{ network_key: string }> };
      const { command, args } = cowboydCommand();
      const fullPort = base + 1;
      const full = spawn(
        command,
        [
          ...args,
          "--data",
          join(home, "full"),
          "--genesis",
          join(nodeDir(home, 0), "genesis.json"),
          "--rpc-port",
          String(fullPort),
          "--p2p-port",
          String(fullPort),
          "--bootstrap",
          `127.0.0.1:${key.p2p_port}:${genesis.validators[0]!.network_key.slice(2)}`,
          "--block-time",
          "300",
        ],
        { stdio: ["ignore", "ignore", openSync(join(home, "full.log"), "a")] },
      );
      if (full.pid !== undefined) pids.add(full.pid);
      const fullClient = createClient({ url: `http://127.0.0.1:${fullPort}` });
      const validator = createClient({ url: `http://127.0.0.1:${base}` });
      const status = await until(
        "the full node to follow",
        async () => {
          try {
            const s = await fullClient.request<{ finalized_height: string; voting: boolean; self: number | null }>("cowboy_consensus", []);
            return BigInt(s.finalized_height) >= 3n ? s : undefined;
          } catch {
            return undefined;
          }
        },
        180_000,
      );
      expect(status.voting).toBe(false);
      expect(status.self).toBeNull();
      const to = new Uint8Array(20).fill(0x6b);
      const tx = await fullClient.transfer({ privateKey: dev[4]!.privateKey, to, amount: 4_242n });
      const receipt = await validator.waitForReceipt(tx.digest(), { timeoutMs: 60_000, pollMs: 100 });
      expect(receipt.status).toBe(ReceiptStatus.Success);
      await until("the full node to see the transfer", async () => (await fullClient.getBalance(to)) === 4_242n, 60_000);
      const h = receipt.height;
      const [a, b] = await Promise.all([validator, fullClient].map((c) => c.request<{ header: { hash: string } }>("cowboy_getBlockByNumber", [h.toString()])));
      expect(b!.header.hash).toBe(a!.header.hash);
      full.kill("SIGTERM");
    } finally {
      await single.stop(3_000);
    }
  }, 600_000);
});
