// The dev_* methods of a devnet in manual mode (issue 20), over real JSON-RPC on loopback: mining,
// timestamps, snapshot/revert of state, blocks and mempool, balances, impersonation, automine, and
// their refusal on a chain that is not a manual-mode devnet.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { nextBlockBasefees, transferTransaction } from "@cowboy/execution";
import { transactionToJson } from "@cowboy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { startNode, type RunningNode } from "../../src/node.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-dev-methods-"));
let node: RunningNode;
let paced: RunningNode;
const quiet = createLogger({ level: "error", format: "json", write: () => {} });
const { devnetGenesis } = await import("../../src/chain/genesis.js");

beforeAll(async () => {
  node = await startNode({ dataDir: join(dir, "manual"), genesis: devnetGenesis(), blockTimeMs: 0, rpcHost: "127.0.0.1", rpcPort: 0, reset: true, logger: quiet, interpreters: 1 });
  paced = await startNode({
    dataDir: join(dir, "paced"),
    genesis: devnetGenesis(),
    blockTimeMs: 500,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: quiet,
    interpreters: 1,
  });
}, 120_000);
afterAll(async () => {
  await node.close();
  await paced.close();
  rmSync(dir, { recursive: true, force: true });
});

let id = 0;
async function call(url: string, method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }) });
  return (await res.json()) as { result?: any; error?: { code: number; message: string } };
}
async function ok(method: string, params: unknown[] = []): Promise<any> {
  const r = await call(node.rpcUrl, method, params);
  if (r.error !== undefined) throw new Error(`${method}: ${r.error.message}`);
  return r.result;
}
const addr = (b: Uint8Array) => `0x${toHex(b)}`;
const height = async () => BigInt((await ok("cowboy_head")).height);
const balance = async (a: Uint8Array) => BigInt(await ok("cowboy_getBalance", [addr(a)]));

function transfer(from: number, to: Uint8Array, amount: bigint) {
  const payer = node.devAccounts[from]!;
  return transferTransaction(node.chain.params, {
    from: payer.address,
    to,
    amount,
    nonce: node.mempool.pendingNonce(payer.address, node.chain.accounts),
    basefees: nextBlockBasefees(node.chain.head, node.chain.params),
  });
}

describe("dev methods on a manual-mode devnet", () => {
  it("mines on demand and sets the next block's timestamp", async () => {
    const h0 = await height();
    expect(await ok("dev_mine", [3])).toBe((h0 + 3n).toString());
    expect(await height()).toBe(h0 + 3n);
    const future = Math.floor(Date.now() / 1000) + 3_600;
    expect(await ok("dev_setNextBlockTimestamp", [future])).toBe(true);
    await ok("dev_mine");
    expect((await ok("cowboy_head")).timestamp_ms).toBe(String(future * 1000));
    // The next block continues from there, not from the wall clock.
    await ok("dev_mine");
    expect(BigInt((await ok("cowboy_head")).timestamp_ms)).toBeGreaterThan(BigInt(future * 1000));
    const past = await call(node.rpcUrl, "dev_setNextBlockTimestamp", [1]);
    expect(past.error?.code).toBe(-32602);
  });

  it("leaves transactions pending until mined while automine is off, and mines each at once when on", async () => {
    const to = new Uint8Array(20).fill(0x31);
    const raw = `0x${toHex(transfer(0, to, 7n).sign(node.devAccounts[0]!.privateKey).encode())}`;
    const h = await height();
    const hash = await ok("cowboy_sendRawTransaction", [raw]);
    expect(await ok("cowboy_getReceipt", [hash])).toBeNull();
    expect(await height()).toBe(h);
    await ok("dev_mine");
    expect((await ok("cowboy_getReceipt", [hash])).status).toBe("success");
    expect(await ok("dev_setAutomine", [true])).toBe(true);
    const raw2 = `0x${toHex(transfer(0, to, 8n).sign(node.devAccounts[0]!.privateKey).encode())}`;
    const hash2 = await ok("cowboy_sendRawTransaction", [raw2]);
    expect((await ok("cowboy_getReceipt", [hash2])).height).toBe((h + 2n).toString());
    expect(await balance(to)).toBe(15n);
    await ok("dev_setAutomine", [false]);
  });

  it("reverts state, blocks and mempool to a snapshot", async () => {
    const to = new Uint8Array(20).fill(0x32);
    const snap = await ok("dev_snapshot");
    const h = await height();
    const rootBefore = (await ok("cowboy_head")).state_root;
    const mined = await ok("cowboy_sendRawTransaction", [`0x${toHex(transfer(1, to, 100n).sign(node.devAccounts[1]!.privateKey).encode())}`]);
    await ok("dev_mine", [5]);
    const pending = await ok("cowboy_sendRawTransaction", [`0x${toHex(transfer(1, to, 1n).sign(node.devAccounts[1]!.privateKey).encode())}`]);
    expect(await balance(to)).toBe(100n);
    expect(await ok("dev_revert", [snap])).toBe(true);
    expect(await height()).toBe(h);
    expect((await ok("cowboy_head")).state_root).toBe(rootBefore);
    expect(await balance(to)).toBe(0n);
    expect((await call(node.rpcUrl, "cowboy_getBlockByNumber", [(h + 1n).toString()])).error?.code).toBe(-32001);
    // The mined transaction is gone with its block; the pending one's nonce is now taken by no one
    // earlier, so it waits queued behind the gap (not executable).
    expect((await call(node.rpcUrl, "cowboy_getReceipt", [mined])).error?.code).toBe(-32001);
    expect(node.mempool.candidates(node.chain.accounts).map((t) => addr(t.digest()))).not.toContain(pending);
    expect(await ok("dev_revert", [snap])).toBe(false); // used up
    // New blocks build on the reverted head.
    await ok("dev_mine");
    expect(await height()).toBe(h + 1n);
    expect(await ok("dev_revert", [999])).toBe(false);
  });

  it("sets balances and sends as an impersonated account without its key", async () => {
    const who = new Uint8Array(20).fill(0x77);
    await ok("dev_setBalance", [addr(who), "5000000000000000"]);
    expect(await balance(who)).toBe(0n); // takes effect in the next block
    await ok("dev_mine");
    expect(await balance(who)).toBe(5_000_000_000_000_000n);
    const to = new Uint8Array(20).fill(0x78);
    const tx = transferTransaction(node.chain.params, { from: who, to, amount: 9n, nonce: 0n, basefees: nextBlockBasefees(node.chain.head, node.chain.params) });
    const json = transactionToJson(tx);
    const refused = await call(node.rpcUrl, "dev_sendTransaction", [json]);
    expect(refused.error?.code).toBe(-32602);
    expect(await ok("dev_impersonateAccount", [addr(who)])).toBe(true);
    const hash = await ok("dev_sendTransaction", [json]);
    await ok("dev_mine");
    expect((await ok("cowboy_getReceipt", [hash])).status).toBe("success");
    expect(await balance(to)).toBe(9n);
    expect(await ok("dev_stopImpersonatingAccount", [addr(who)])).toBe(true);
    expect(await ok("dev_stopImpersonatingAccount", [addr(who)])).toBe(false);
  });

  it("refuses every dev method on a devnet whose blocks consensus makes", async () => {
    for (const [method, params] of [
      ["dev_mine", []],
      ["dev_snapshot", []],
      ["dev_setAutomine", [true]],
      ["dev_setBalance", [addr(new Uint8Array(20)), "1"]],
    ] as const) {
      expect((await call(paced.rpcUrl, method, [...params])).error?.code).toBe(-32003);
    }
  });
});
