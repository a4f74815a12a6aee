import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type CowboyClient } from "@cowboy/client";
import { decodeCbor, fromHex, toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { httpEthRpc } from "@cowboy/interop/oracle";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import ganache from "ganache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { startOracle } from "../../src/eth-oracle.js";
import { memoryIo } from "../utils/memory-io.js";

// spec §16.3 end to end: a real local Ethereum node (ganache from npm, in this process, on 127.0.0.1), a contract
// whose bytecode the test assembles (it emits Ping(bytes) with the calldata), a Cowboy devnet, three staked oracles
// running the CLI's oracle loop, and packages/pvm/examples/eth_events.py subscribed through 0x14.
const dir = mkdtempSync(join(tmpdir(), "cowboy-eth-events-"));
const dev = devAccounts();
const SOURCE = readFileSync(fileURLToPath(new URL("../../../../packages/pvm/examples/eth_events.py", import.meta.url)), "utf8");
const PING = keccak256(new TextEncoder().encode("Ping(bytes)"));
const CONFIRMATIONS = 3n;

/** Runtime: copy calldata to memory, LOG2(0, calldatasize, PING, caller), stop. Init code returns it. */
function pingContract(): string {
  const rt = `366000600037337f${toHex(PING)}366000a200`;
  const len = rt.length / 2;
  const init = `60${len.toString(16).padStart(2, "0")}80600b6000396000f3`;
  return `0x${init}${rt}`;
}

let eth: ReturnType<typeof ganache.server>;
let ethUrl = "";
let node: RunningNode;
let client: CowboyClient;
let from = "";
let contract = "";
const ethCall = (method: string, params: unknown[] = []) => eth.provider.request({ method, params } as never) as Promise<unknown>;

async function ping(data: string): Promise<void> {
  await ethCall("eth_sendTransaction", [{ from, to: contract, data, gas: "0x30000" }]);
}
const mine = async (n: number) => {
  for (let i = 0; i < n; i++) await ethCall("evm_mine", []);
};

beforeAll(async () => {
  // ganache 7's option types resolve to `undefined` under TypeScript 6; the options are its documented ones.
  eth = ganache.server({ logging: { quiet: true }, wallet: { deterministic: true }, chain: { chainId: 31337 }, miner: { instamine: "eager" } } as never);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  await eth.listen(port, "127.0.0.1");
  ethUrl = `http://127.0.0.1:${port}`;
  from = ((await ethCall("eth_accounts")) as string[])[0]!;
  const hash = (await ethCall("eth_sendTransaction", [{ from, data: pingContract(), gas: "0x100000" }])) as string;
  contract = ((await ethCall("eth_getTransactionReceipt", [hash])) as { contractAddress: string }).contractAddress;
  node = await startNode({
    dataDir: dir,
    genesis: devnetGenesis(),
    blockTimeMs: 100,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: createLogger({ level: "error", format: "text", write: () => {} }),
  });
  client = createClient({ url: node.rpcUrl, timeoutMs: 120_000 });
  // Warm up: the node's signature-verifying worker compiles its sources on first use, slow on a loaded machine.
  const warm = await client.transfer({ privateKey: dev[9]!.privateKey, to: dev[8]!.address, amount: 1n });
  await client.waitForReceipt(warm.digest(), { timeoutMs: 120_000 });
});
afterAll(async () => {
  await node?.close();
  await eth?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = memoryIo();
  const status = await runCommand(cowboy, [...argv, "--rpc", node.rpcUrl], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("Ethereum events reach a Cowboy actor through 0x14", () => {
  it("the node emits and `cowboy eth watch` shows a log only once it is confirmed", async () => {
    await ping("0x00aa");
    const watch = async () => {
      const io = memoryIo();
      await runCommand(cowboy, ["eth", "watch", "--eth-rpc", ethUrl, "--contract", contract, "--topics", `0x${toHex(PING)}`, "--confirmations", "3", "--once"], io);
      return io.stdout
        .join("")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { data: string; topics: string[] });
    };
    expect(await watch()).toEqual([]);
    await mine(3);
    const logs = await watch();
    expect(logs.map((l) => l.data)).toEqual(["0x00aa"]);
    expect(logs[0]!.topics[1]).toBe(`0x${"00".repeat(12)}${from.slice(2).toLowerCase()}`);
  });

  it("delivers each confirmed log once, in order, across an oracle restart, and nothing from a reorged block", async () => {
    const oracleKeys = [dev[1]!, dev[2]!, dev[3]!];
    for (const o of oracleKeys) {
      const r = await cli(["eth", "oracle", "register", "--stake", "1cby", "--key", `0x${toHex(o.privateKey)}`]);
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/success\n$/);
    }
    const owner = dev[0]!.privateKey;
    const deployed = await client.deployActor({ privateKey: owner, source: SOURCE, args: [[fromHex(contract.slice(2).toLowerCase())]], cyclesLimit: 5_000_000n });
    expect((await client.waitForReceipt(deployed.tx.digest())).status).toBe(0);
    const actor = deployed.address;
    const head = BigInt((await ethCall("eth_blockNumber")) as string);
    const subTx = await client.callActor({
      privateKey: owner,
      to: actor,
      method: "subscribe",
      args: [fromHex(contract.slice(2).toLowerCase()), [PING], CONFIRMATIONS, 5_000_000_000n, 3_000n],
      value: 5_000_000_000n,
      cyclesLimit: 3_000_000n,
    });
    const subReceipt = await client.waitForReceipt(subTx.digest());
    expect(subReceipt.status).toBe(0);
    const subscriptionId = decodeCbor(subReceipt.return_data) as Uint8Array;
    expect(subscriptionId.length).toBe(32);

    const filter = { contract: fromHex(contract.slice(2).toLowerCase()), topics: [PING], fromBlock: head + 1n, confirmations: CONFIRMATIONS };
    const errors: string[] = [];
    const start = (i: number) =>
      startOracle({
        eth: httpEthRpc(ethUrl),
        client,
        privateKey: oracleKeys[i]!.privateKey,
        subscriptionId,
        filter,
        stateFile: join(dir, `oracle-${i}.json`),
        pollMs: 150,
        onError: (e) => errors.push(String(e)),
      });
    const oracles = [start(0), start(1), start(2)];
    const events = async () => {
      const q = await client.queryActor({ to: actor, method: "events" });
      return q.ok ? (q.value as [bigint, bigint, Uint8Array][]) : [];
    };

    await ping("0x01");
    await ping("0x02");
    await mine(Number(CONFIRMATIONS));
    let got = await until(events, (e) => e.length >= 2);
    expect(got.map((e) => toHex(e[2]))).toEqual(["01", "02"]);

    // Restart oracle 2: it resumes from its saved cursor.
    await oracles[2]!.stop();
    oracles[2] = start(2);

    // A reorg before confirmation: a log in a block that is reverted away never reaches the actor.
    const snapshot = await ethCall("evm_snapshot");
    await ping("0xff");
    await mine(1);
    await ethCall("evm_revert", [snapshot]);
    await ping("0x03");
    await mine(Number(CONFIRMATIONS) + 1);
    got = await until(events, (e) => e.length >= 3);
    // Let every oracle finish its pass: late reports are refused as already delivered.
    await new Promise((r) => setTimeout(r, 1500));
    got = await events();
    expect(got.map((e) => toHex(e[2]))).toEqual(["01", "02", "03"]);
    const positions = got.map((e) => `${e[0]}:${e[1]}`);
    expect(new Set(positions).size).toBe(3);
    for (const o of oracles) await o.stop();
    expect(errors).toEqual([]);
    // The fee went to the agreeing oracles: each delivery split 3,000 between the first two reports.
    const cancelled = await client.callActor({ privateKey: owner, to: actor, method: "cancel", cyclesLimit: 2_000_000n });
    const refund = decodeCbor((await client.waitForReceipt(cancelled.digest())).return_data) as bigint;
    expect(refund).toBe(5_000_000_000n - 3n * 3_000n);
  });
});
