import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type CowboyClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { LOCKED_TOPIC } from "@cowboy/interop";
import { httpEthRpc } from "@cowboy/interop/oracle";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import ganache from "ganache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { filterFromChain } from "../../src/commands/eth.js";
import { startOracle } from "../../src/eth-oracle.js";
import { memoryIo } from "../utils/memory-io.js";

// spec §16.2 end to end (cips/interop.md "Bridge hooks"): a real local Ethereum node (ganache from npm, in this
// process, on 127.0.0.1) runs a lock contract whose bytecode the test assembles (it emits
// Locked(token, recipient, amount) from its calldata); a Cowboy devnet; a wrapped asset registered with
// `cowboy eth bridge register-asset`; three staked oracles running the CLI's oracle loop on the asset's subscription.
// A lock mints the wrapped balance once, after the confirmations; a burn leaves an unlock request the RPC lists.
const dir = mkdtempSync(join(tmpdir(), "cowboy-eth-bridge-"));
const dev = devAccounts();
const CONFIRMATIONS = 3n;
const ETH_TOKEN = `0x${"55".repeat(20)}`;
const ETH_RECIPIENT = `0x${"e1".repeat(20)}`;
const UNIT = 10n ** 12n; // 18 Ethereum decimals, 6 wrapped

/** Runtime: mem[0..32] = calldata[64..96]; LOG3(0, 32, LOCKED, calldata[0..32], calldata[32..64]); stop. */
function lockContract(): string {
  const rt = `6040356000526020356000357f${toHex(LOCKED_TOPIC)}60206000a300`;
  const init = `60${(rt.length / 2).toString(16).padStart(2, "0")}80600b6000396000f3`;
  return `0x${init}${rt}`;
}
const word = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");

let eth: ReturnType<typeof ganache.server>;
let ethUrl = "";
let node: RunningNode;
let client: CowboyClient;
let from = "";
let bridge = "";
const ethCall = (method: string, params: unknown[] = []) => eth.provider.request({ method, params } as never) as Promise<unknown>;
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
  const hash = (await ethCall("eth_sendTransaction", [{ from, data: lockContract(), gas: "0x100000" }])) as string;
  bridge = ((await ethCall("eth_getTransactionReceipt", [hash])) as { contractAddress: string }).contractAddress.toLowerCase();
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
const lines = (s: string) =>
  s
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("wrapped assets: Ethereum lock → Cowboy mint, Cowboy burn → unlock request", () => {
  it("mints once after the confirmations, and lists the burn's unlock request", async () => {
    const oracleKeys = [dev[1]!, dev[2]!, dev[3]!];
    for (const o of oracleKeys) expect((await cli(["eth", "oracle", "register", "--stake", "1cby", "--key", `0x${toHex(o.privateKey)}`])).stdout).toMatch(/success\n$/);
    const head = BigInt((await ethCall("eth_blockNumber")) as string);
    const reg = await cli([
      "eth",
      "bridge",
      "register-asset",
      "--bridge",
      bridge,
      "--eth-token",
      ETH_TOKEN,
      "--name",
      "Wrapped Test",
      "--symbol",
      "wTST",
      "--decimals",
      "6",
      "--eth-decimals",
      "18",
      "--from-block",
      String(head + 1n),
      "--confirmations",
      String(CONFIRMATIONS),
      "--key",
      `0x${toHex(dev[0]!.privateKey)}`,
      "--json",
    ]);
    expect(reg.stderr).toBe("");
    const registered = JSON.parse(reg.stdout) as { status: string; result: { token: string; subscription: string } };
    expect(registered.status).toBe("success");
    const { token, subscription } = registered.result;
    expect(lines((await cli(["eth", "subscriptions", "--subscriber", `0x${"00".repeat(19)}14`])).stdout).map((s) => s.id)).toEqual([subscription]);
    expect(lines((await cli(["eth", "oracles"])).stdout)).toHaveLength(3);

    // The oracles take the filter from the chain (cowboy_getEthSubscription), as `cowboy eth oracle start` does without --contract.
    const { filter } = await filterFromChain(ethUrl, client, fromHex(subscription.slice(2)));
    expect(filter).toEqual({ contract: fromHex(bridge.slice(2)), topics: [LOCKED_TOPIC, fromHex(word(ETH_TOKEN))], fromBlock: head + 1n, confirmations: CONFIRMATIONS });
    const shown = JSON.parse((await cli(["eth", "subscription", subscription])).stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ id: subscription, owner: `0x${"00".repeat(19)}14`, handler: "bridge_mint", delivered: "0", cursor: null });
    expect((await client.getEthOracle(oracleKeys[0]!.address))?.stake).toBe(1_000_000_000n);
    expect(await client.getEthOracle(dev[7]!.address)).toBeNull();
    const errors: string[] = [];
    const oracles = oracleKeys.map((o, i) =>
      startOracle({
        eth: httpEthRpc(ethUrl),
        client,
        privateKey: o.privateKey,
        subscriptionId: fromHex(subscription.slice(2)),
        filter,
        stateFile: join(dir, `bridge-oracle-${i}.json`),
        pollMs: 150,
        onError: (e) => errors.push(String(e)),
      }),
    );
    const holder = dev[4]!;
    const balance = async () => BigInt(await client.request<string>("cowboy_tokenBalance", [token, `0x${toHex(holder.address)}`]));

    // lock 2.5 units (18 decimals) for the holder
    await ethCall("eth_sendTransaction", [
      { from, to: bridge, data: `0x${word(ETH_TOKEN)}${word(toHex(holder.address))}${word((2_500_000n * UNIT).toString(16))}`, gas: "0x30000" },
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await balance()).toBe(0n); // not yet confirmed
    await mine(Number(CONFIRMATIONS));
    expect(await until(balance, (b) => b > 0n)).toBe(2_500_000n);
    await new Promise((r) => setTimeout(r, 1500)); // every oracle's pass: late reports are refused, nothing more mints
    expect(await balance()).toBe(2_500_000n);
    for (const o of oracles) await o.stop();
    expect(errors).toEqual([]);
    expect(lines((await cli(["eth", "bridge", "assets"])).stdout)).toEqual([
      { token, subscription, bridge, eth_token: ETH_TOKEN, scale: UNIT.toString(), minted: "2500000", burned: "0" },
    ]);

    const burn = await cli([
      "eth",
      "bridge",
      "burn",
      "--token",
      token,
      "--amount",
      "1000000",
      "--eth-recipient",
      ETH_RECIPIENT,
      "--key",
      `0x${toHex(holder.privateKey)}`,
      "--json",
    ]);
    expect(JSON.parse(burn.stdout)).toMatchObject({ status: "success", result: "0" });
    expect(await balance()).toBe(1_500_000n);
    expect(lines((await cli(["eth", "bridge", "unlocks"])).stdout)).toEqual([
      expect.objectContaining({
        sequence: "0",
        token,
        bridge,
        eth_token: ETH_TOKEN,
        holder: `0x${toHex(holder.address)}`,
        eth_recipient: ETH_RECIPIENT,
        amount: "1000000",
        eth_amount: (1_000_000n * UNIT).toString(),
      }),
    ]);
    expect((await client.getBridgeAsset(BigInt(token)))?.burned).toBe(1_000_000n);
    expect(await client.getBridgeAsset(999n)).toBeNull();
    expect((await client.getEthSubscription(fromHex(subscription.slice(2))))?.delivered).toBe(1n);
    const unlocks = await client.listUnlockRequests();
    expect(unlocks?.map((u) => u.ethAmount)).toEqual([1_000_000n * UNIT]);
  });
});
