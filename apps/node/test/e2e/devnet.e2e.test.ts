import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, ClientError } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { accountKey, decodeProof, verifyProof } from "@cowboy/state";
import { decodeAccount, ReceiptStatus } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { startNodeProcess, type NodeProcess } from "../utils/spawn.js";

/** The node serves JSON-RPC only to bodies declared as JSON. */
const JSON_HEADERS = { "content-type": "application/json" };

const dir = mkdtempSync(join(tmpdir(), "cowboyd-e2e-"));
const running: NodeProcess[] = [];
afterAll(async () => {
  for (const node of running) if (node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(data: string, extra: string[] = []): Promise<NodeProcess> {
  const node = await startNodeProcess(["--data", data, "--block-time", "200", ...extra]);
  running.push(node);
  return node;
}

const dev = devAccounts();
const RECIPIENT = new Uint8Array(20).fill(0x42);

describe("cowboyd devnet, as a process", () => {
  it("prints its dev accounts, includes transfers, and keeps the state across a restart and a crash", async () => {
    const data = join(dir, "chain");
    let node = await start(data);
    expect(node.stdout()).toContain(`0x${toHex(dev[0]!.address)}`);
    let client = createClient({ url: node.url });
    expect(await client.getChainId()).toBe(1337n);

    const tx = await client.transfer({ privateKey: dev[1]!.privateKey, to: RECIPIENT, amount: 12_345n, tip: 2n });
    const receipt = await client.waitForReceipt(tx.digest(), { timeoutMs: 20_000, pollMs: 50 });
    expect(receipt.status).toBe(ReceiptStatus.Success);
    expect(receipt.cycles_used).toBe(21_000n);
    expect(receipt.fee_tipped).toBe(21_000n * 2n);
    expect(await client.getBalance(RECIPIENT)).toBe(12_345n);
    expect(await client.getNonce(dev[1]!.address)).toBe(1n);

    // the account comes with a proof that verifies against the head's state root alone
    const proved = await client.request<{ state_root: string; account: { balance: string } | null; proof: string }>("cowboy_getAccountProof", [`0x${toHex(RECIPIENT)}`]);
    expect(proved.account?.balance).toBe("12345");
    const value = verifyProof(fromHex(proved.state_root), accountKey(RECIPIENT), decodeProof(fromHex(proved.proof)));
    expect(value === null ? null : decodeAccount(value).balance).toBe(12_345n);
    const absent = await client.request<{ state_root: string; account: null; proof: string }>("cowboy_getAccountProof", [`0x${"99".repeat(20)}`]);
    expect(absent.account).toBeNull();
    expect(verifyProof(fromHex(absent.state_root), accountKey(new Uint8Array(20).fill(0x99)), decodeProof(fromHex(absent.proof)))).toBeNull();

    // new heads arrive over the WebSocket subscription, in order
    const heads: bigint[] = [];
    const stop = await client.watchBlocks((header) => heads.push(header.height));
    while (heads.length < 2) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(heads[1]).toBe(heads[0]! + 1n);

    // graceful restart
    expect(await node.stop("SIGTERM")).toBe(0);
    expect(node.stderr()).toMatch(/INFO {2}\[node\] stopped height=\d+/);
    node = await start(data);
    client = createClient({ url: node.url });
    expect(await client.getBalance(RECIPIENT)).toBe(12_345n);
    const before = (await client.getHead()).height;
    expect(before).toBeGreaterThanOrEqual(receipt.height);

    // crash: SIGKILL, then the store reopens at its last committed block
    const second = await client.transfer({ privateKey: dev[2]!.privateKey, to: RECIPIENT, amount: 5n });
    await client.waitForReceipt(second.digest(), { timeoutMs: 20_000, pollMs: 50 });
    await node.stop("SIGKILL");
    node = await start(data);
    client = createClient({ url: node.url });
    expect(await client.getBalance(RECIPIENT)).toBe(12_350n);
    const head = await client.getHead();
    const block = await client.getBlock(head.height);
    expect(toHex(block.header.state_root)).toBe(toHex(head.state_root));
    await node.stop();
  }, 180_000);

  it("answers bad input with JSON-RPC errors and stays up", async () => {
    const node = await start(join(dir, "fuzz"));
    const post = async (body: string) => {
      const res = await fetch(node.url, { method: "POST", headers: JSON_HEADERS, body });
      return { status: res.status, json: (await res.json()) as { error?: { code: number; message: string } } };
    };
    expect((await post("{")).json.error?.code).toBe(-32700);
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"cowboy_getBalance","params":[42]}')).json.error?.code).toBe(-32602);
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"cowboy_getBalance","params":["0xZZ"]}')).json.error?.message).toMatch(/^invalid address/);
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')).json.error?.code).toBe(-32601);
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"cowboy_sendRawTransaction","params":["0x00"]}')).json.error?.message).toMatch(/^invalid raw: /);
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_getBlockByNumber", params: ["99999"] }))).json.error?.code).toBe(-32001);
    expect((await post("x".repeat(2 * 1024 * 1024))).status).toBe(413);
    const client = createClient({ url: node.url });
    const error = await client.sendTransaction({ privateKey: new Uint8Array(32).fill(7), instruction: { type: "transfer", to: RECIPIENT, amount: 1n } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).message).toMatch(/^INSUFFICIENT_BALANCE/);
    const transferJson = {
      chain_id: "1337",
      nonce: "0",
      instruction: { type: "transfer", to: `0x${toHex(RECIPIENT)}`, amount: "1" },
      cycles_limit: "0",
      cells_limit: "0",
      max_fee_per_cycle: "0",
      max_fee_per_cell: "0",
      max_priority_fee_per_cycle: "0",
      max_priority_fee_per_cell: "0",
      from: `0x${toHex(dev[0]!.address)}`,
      access_list: null,
      metadata: "0x",
      origin_tx_hash: null,
      origin_remaining_cycles: null,
      origin_remaining_cells: null,
      signature: `0x${"00".repeat(65)}`,
      additional_signers: [],
    };
    const estimate = await client.request<Record<string, string>>("cowboy_estimateFee", [transferJson, 12]);
    expect(estimate).toMatchObject({ cycles_limit: "25200", cells_limit: "0", max_priority_fee_per_cycle: "0" });
    expect(BigInt(estimate.max_fee_per_cycle!) > 10_000n).toBe(true);
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_estimateFee", params: [{ nonce: "x" }] }))).json.error?.message).toMatch(/^invalid transaction: /);
    const health = await (await fetch(`${node.url}/health`)).json();
    expect(health).toMatchObject({ status: "ok" });
    await node.stop();
  }, 120_000);

  it("refuses to open a data directory that holds another chain", async () => {
    const { writeFileSync } = await import("node:fs");
    const data = join(dir, "other-chain");
    const first = await start(data);
    await first.stop();
    const genesis = join(dir, "genesis.json");
    writeFileSync(genesis, JSON.stringify({ chain_id: "5", timestamp_ms: "0", allocations: [{ address: `0x${"11".repeat(20)}`, balance: "1" }] }));
    await expect(start(data, ["--genesis", genesis])).rejects.toThrow(/holds a different chain.*--reset/);
  }, 120_000);

  it("refuses bad options with exit 2 and a clear line", async () => {
    const { spawnSync } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
    const result = spawnSync(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", main, "--block-time", "soon"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe("error: --block-time must be an integer in [0, 3600000], got 'soon'");
  }, 60_000);
});
