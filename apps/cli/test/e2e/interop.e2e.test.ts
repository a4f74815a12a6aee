import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type CowboyClient } from "@cowboy/client";
import { decodeCbor, toHex } from "@cowboy/codec";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import { privateKeyToAccount, signTypedData } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// spec §16.1 on a devnet: a Cowboy transaction signed by a viem account deploys packages/pvm/examples/eth_vouchers.py,
// an Ethereum wallet (viem, a devDependency) signs EIP-712 vouchers, and the actor accepts exactly the genuine ones.
const dir = mkdtempSync(join(tmpdir(), "cowboy-interop-"));
const SOURCE = readFileSync(fileURLToPath(new URL("../../../../packages/pvm/examples/eth_vouchers.py", import.meta.url)), "utf8");
const ETH_SIGNER = `0x${"11".repeat(32)}` as const;
const OTHER_SIGNER = `0x${"22".repeat(32)}` as const;
const TYPES = {
  Voucher: [
    { name: "recipient", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint64" },
  ],
} as const;

let node: RunningNode;
let client: CowboyClient;
let actor: Uint8Array;
const account = privateKeyToAccount(`0x${toHex(devAccounts()[7]!.privateKey)}`);

beforeAll(async () => {
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
  const warm = await client.transfer({ privateKey: devAccounts()[9]!.privateKey, to: devAccounts()[8]!.address, amount: 1n });
  await client.waitForReceipt(warm.digest(), { timeoutMs: 120_000 });
});
afterAll(async () => {
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

function voucher(key: `0x${string}`, nonce: bigint, chainId = 1337n, amount = 250n) {
  const message = { recipient: "0x000000000000000000000000000000000000bEEF", amount, nonce } as const;
  const domain = { name: "VoucherBook", version: "1", chainId, verifyingContract: `0x${toHex(actor)}` } as const;
  return signTypedData({ privateKey: key, domain, types: TYPES, primaryType: "Voucher", message }).then((signature) => [message.recipient, amount, nonce, signature]);
}

async function redeem(args: unknown[]) {
  const tx = await client.callActor({ account, to: actor, method: "redeem", args: args as never, cyclesLimit: 3_000_000n });
  return client.waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 50 });
}

describe("EIP-712 vouchers on a devnet", () => {
  it("deploys with a viem account and redeems a voucher an Ethereum wallet signed, once", async () => {
    const deployed = await client.deployActor({ account, source: SOURCE, args: [privateKeyToAccount(ETH_SIGNER).address], cyclesLimit: 5_000_000n });
    actor = deployed.address;
    const receipt = await client.waitForReceipt(deployed.tx.digest(), { timeoutMs: 30_000, pollMs: 50 });
    expect(receipt.status).toBe(0);
    expect(toHex(deployed.tx.from)).toBe(account.address.slice(2).toLowerCase());

    const ok = await redeem(await voucher(ETH_SIGNER, 1n));
    expect(ok.status).toBe(0);
    expect(decodeCbor(ok.return_data)).toBe(250n);
    expect(new TextDecoder().decode(ok.events[0]!.topic)).toBe("Redeemed");
    const again = await redeem(await voucher(ETH_SIGNER, 1n));
    expect(again.status).toBe(1);
    const total = await client.queryActor({ to: actor, method: "total" });
    expect(total.ok && total.value).toBe(250n);
  });

  it("refuses a forged voucher and one signed for another chain", async () => {
    const forged = await voucher(OTHER_SIGNER, 2n);
    const q = await client.queryActor({ to: actor, method: "redeem", args: forged as never, from: devAccounts()[7]!.address });
    expect(q).toMatchObject({ ok: false, error: `PermissionError: the voucher is not signed by ${privateKeyToAccount(ETH_SIGNER).address}` });
    expect((await redeem(forged)).status).toBe(1);
    const wrongChain = await voucher(ETH_SIGNER, 3n, 1n);
    expect((await redeem(wrongChain)).status).toBe(1);
    const good = await redeem(await voucher(ETH_SIGNER, 4n, 1337n, 5n));
    expect(decodeCbor(good.return_data)).toBe(255n);
  });
});
