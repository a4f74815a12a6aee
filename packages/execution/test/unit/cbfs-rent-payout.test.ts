// CBFS rent paid out to relays through real blocks (cips/cbfs.md §7.1): the owner's prepaid rent sits at 0x0A; at
// every multiple of rentPayoutInterval the block step pays each receipted holder its share of the blocks since the
// last payout, and storage_delete settles the holders up to its height before refunding the unexpired rest. Balances
// are checked to the base unit and 0x0A + the relays hold exactly what they held before (nothing minted or burned).
import { DEFAULT_CBFS_CHAIN_CONFIG as C, STORAGE_MANAGER_ADDRESS, chunkCount, shardRoot, signStorageReceipt } from "@cowboy/cbfs";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain } from "../utils/chain.js";
import { addressOf, key } from "../utils/helpers.js";

const limits = { cycles: 1_000_000n, cells: 100_000n };
const volume = new Uint8Array(32).fill(0xcd);
const CHUNK = 32;
const shards = [1, 3].map((s) => Uint8Array.from({ length: CHUNK * 3 }, (_, i) => (i * s + 5) & 0xff));
const roots = shards.map((s) => shardRoot(s, CHUNK));
const count = chunkCount(CHUNK * 3, CHUNK);
const endpoint = (p: number) => new TextEncoder().encode(`http://127.0.0.1:${p}`);
const RELAYS = [1, 3];

describe("CBFS rent payout (block step processCbfsRentPayout)", () => {
  it("pays receipted holders their exact shares from 0x0A on schedule and on delete, conserving the total", () => {
    const chain = new ActorChain();
    const setup = chain.block([
      ...RELAYS.map((r) => chain.tx(r, { type: "relay_register", stake: C.minRelayStake, capacity: 1n << 30n, endpoint: endpoint(7000 + r) }, limits)),
      // 1,000 bytes coded 2+1: 1 stored MiB, 10 base units per block; 1,000 blocks prepaid.
      chain.tx(2, { type: "storage_anchor", root: volume, size: 1000n, k: 2n, m: 1n, blocks: 1000n }, limits),
    ]);
    for (const r of setup) expect(r!.status).toBe(ReceiptStatus.Success);
    const anchoredAt = chain.head.height;
    const record = RELAYS.map((r, i) =>
      chain.tx(
        2,
        {
          type: "storage_record_receipt",
          root: volume,
          shardRoot: roots[i]!,
          relay: addressOf(r),
          chunkCount: BigInt(count),
          receipt: signStorageReceipt(volume, roots[i]!, count, key(r)),
        },
        limits,
      ),
    );
    for (const r of chain.block(record)) expect(r!.status).toBe(ReceiptStatus.Success);

    const bal = (a: Uint8Array) => chain.account(a).balance;
    const relayBal = () => RELAYS.map((r) => bal(addressOf(r)));
    const manager0 = bal(STORAGE_MANAGER_ADDRESS);
    expect(manager0).toBe(1000n * 10n);
    const relays0 = relayBal();
    const total0 = manager0 + relays0.reduce((a, b) => a + b, 0n);

    while (chain.head.height < C.rentPayoutInterval - 1n) chain.block([]);
    expect(relayBal()).toEqual(relays0); // nothing before the first payout height
    chain.block([]);
    expect(chain.head.height).toBe(C.rentPayoutInterval);
    // Blocks [anchoredAt, 100) in max(2 holdings, K+M = 3) shares each.
    const share1 = ((C.rentPayoutInterval - anchoredAt) * 10n) / 3n;
    expect(relayBal()).toEqual(relays0.map((b) => b + share1));
    expect(bal(STORAGE_MANAGER_ADDRESS)).toBe(manager0 - 2n * share1);
    expect(bal(STORAGE_MANAGER_ADDRESS) + relayBal().reduce((a, b) => a + b, 0n)).toBe(total0);

    // The owner deletes at height d: the holders are paid [100, d) first, then the owner gets (paidUntil - d) × 10.
    chain.block([]);
    const [del] = chain.block([chain.tx(2, { type: "storage_delete", root: volume }, limits)]);
    expect(del!.status).toBe(ReceiptStatus.Success);
    const d = chain.head.height;
    const share2 = ((d - C.rentPayoutInterval) * 10n) / 3n;
    const refund = (anchoredAt + 1000n - d) * 10n;
    expect(relayBal()).toEqual(relays0.map((b) => b + share1 + share2));
    expect(bal(STORAGE_MANAGER_ADDRESS)).toBe(manager0 - 2n * share1 - 2n * share2 - refund);
    // What stays at 0x0A: the unheld third share of every term and the rounding remainders.
    expect(bal(STORAGE_MANAGER_ADDRESS)).toBe((d - anchoredAt) * 10n - 2n * (share1 + share2));

    // After the delete nothing more is paid at the next payout height.
    const after = relayBal();
    while (chain.head.height < 2n * C.rentPayoutInterval) chain.block([], { verify: false });
    expect(relayBal()).toEqual(after);
  });
});
