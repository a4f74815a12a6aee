// Issue 18: "Accepted transactions survive a crash" (1,632 and 1,849 accepted transactions vanished
// in two SIGKILL runs). A real cowboyd that produces no blocks accepts transfers, is killed with
// SIGKILL, and after the restart every accepted transaction is pooled again and then included.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { ReceiptStatus, type Transaction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { startNodeProcess, type NodeProcess } from "../utils/spawn.js";

const dir = mkdtempSync(join(tmpdir(), "cowboyd-mempool-crash-"));
const running: NodeProcess[] = [];
afterAll(async () => {
  for (const node of running) if (node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("cowboyd killed with pending transactions", () => {
  it("re-admits every accepted transaction from its journal after SIGKILL", async () => {
    const data = join(dir, "chain");
    // --block-time 0: no blocks, so everything accepted is still pending at the kill
    let node = await startNodeProcess(["--data", data, "--block-time", "0"]);
    running.push(node);
    let client = createClient({ url: node.url });
    const dev = devAccounts();
    const sent: Transaction[] = [];
    for (let round = 0; round < 8; round++) {
      for (const account of dev.slice(1, 6))
        sent.push(await client.transfer({ privateKey: account.privateKey, to: new Uint8Array(20).fill(0x77), amount: 1_000n + BigInt(round) }));
    }
    expect(await client.request<number>("cowboy_pendingCount")).toBe(40);
    await node.stop("SIGKILL");

    node = await startNodeProcess(["--data", data, "--block-time", "200"]);
    running.push(node);
    expect(node.stderr()).toMatch(/mempool restored restored=40 refused=0/);
    client = createClient({ url: node.url });
    for (const tx of sent) expect((await client.waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 50 })).status).toBe(ReceiptStatus.Success);
    expect(await client.getBalance(new Uint8Array(20).fill(0x77))).toBe(5n * (8n * 1_000n + 28n));
    await node.stop();
  }, 180_000);
});
