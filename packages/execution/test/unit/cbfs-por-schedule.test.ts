// CBFS receipted holdings and scheduled PoR (cips/cbfs.md §11.1–§11.2) through real blocks: storage_record_receipt
// (0/108) records only a genuine receipt; storage_record_repair (0/104) records the new holder's receipt and moves the
// holding; at the next multiple of porScheduleInterval the block step opens a challenge, 0x0A the challenger,
// against the holder — which the relay answers and passes.
import {
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  STORAGE_MANAGER_ADDRESS,
  chunkCount,
  chunkProof,
  getChallenge,
  getHolding,
  getStanding,
  getVolume,
  shardRoot,
  signStorageReceipt,
} from "@cowboy/cbfs";
import { concatBytes } from "@cowboy/codec";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { addressOf, key } from "../utils/helpers.js";

const limits = { cycles: 1_000_000n, cells: 100_000n };
const volume = new Uint8Array(32).fill(0xce);
const CHUNK = 32;
const shard = Uint8Array.from({ length: CHUNK * 4 + 5 }, (_, i) => (i * 17 + 3) & 0xff);
const root = shardRoot(shard, CHUNK);
const count = chunkCount(shard.length, CHUNK);
const endpoint = (p: number) => new TextEncoder().encode(`http://127.0.0.1:${p}`);

describe("CBFS holdings (System 104, 108) and scheduled PoR", () => {
  it("records receipts, moves a holding on repair, and the chain challenges the holder on schedule", () => {
    const chain = new ActorChain();
    const setup = chain.block([
      chain.tx(1, { type: "relay_register", stake: C.minRelayStake, capacity: 1n << 30n, endpoint: endpoint(7001) }, limits),
      chain.tx(3, { type: "relay_register", stake: C.minRelayStake, capacity: 1n << 30n, endpoint: endpoint(7004) }, limits),
      chain.tx(2, { type: "storage_anchor", root: volume, size: 1000n, k: 2n, m: 1n, blocks: 1000n }, limits),
    ]);
    for (const r of setup) expect(r!.status).toBe(ReceiptStatus.Success);
    const record = (from: number, holder: number, signer = holder) =>
      chain.tx(
        from,
        {
          type: "storage_record_receipt",
          root: volume,
          shardRoot: root,
          relay: addressOf(holder),
          chunkCount: BigInt(count),
          receipt: signStorageReceipt(volume, root, count, key(signer)),
        },
        limits,
      );

    const [forged, ok] = chain.block([record(2, 1, 4), record(2, 1)]);
    expect(forged!.status).toBe(ReceiptStatus.Reverted);
    expect(text(forged!.return_data)).toContain("INVALID_PROOF");
    expect(ok!.status).toBe(ReceiptStatus.Success);
    expect(getHolding(chain.store.fork(), volume, root)?.relay).toEqual(addressOf(1));

    const repair = (from: number) =>
      chain.tx(
        from,
        {
          type: "storage_record_repair",
          root: volume,
          stripe: 0n,
          shard: 1n,
          shardRoot: root,
          relay: addressOf(3),
          chunkCount: BigInt(count),
          receipt: signStorageReceipt(volume, root, count, key(3)),
        },
        limits,
      );
    const [stranger, byOwner] = chain.block([repair(0), repair(2)]);
    expect(stranger!.status).toBe(ReceiptStatus.Reverted);
    expect(text(stranger!.return_data)).toContain("NOT_OWNER");
    expect(byOwner!.status).toBe(ReceiptStatus.Success);
    expect(getHolding(chain.store.fork(), volume, root)?.relay).toEqual(addressOf(3));
    expect(getVolume(chain.store.fork(), volume)?.repairs).toBe(1n);

    while (chain.head.height % C.porScheduleInterval !== 0n) {
      expect(getChallenge(chain.store.fork(), addressOf(3))).toBeUndefined();
      chain.block([]);
    }
    const c = getChallenge(chain.store.fork(), addressOf(3))!;
    expect(c.challenger).toEqual(STORAGE_MANAGER_ADDRESS);
    expect(c.issuedAt).toBe(chain.head.height);
    expect(c.shard).toEqual(root);
    expect(getChallenge(chain.store.fork(), addressOf(1))).toBeUndefined();
    const chunk = shard.subarray(c.chunk * CHUNK, (c.chunk + 1) * CHUNK);
    const [answer] = chain.block([chain.tx(3, { type: "por_respond", id: c.id, chunk, proof: concatBytes(...chunkProof(shard, CHUNK, c.chunk)) }, limits)]);
    expect(answer!.status).toBe(ReceiptStatus.Success);
    expect(getStanding(chain.store.fork(), addressOf(3), C).passed).toBe(1n);
  });
});
