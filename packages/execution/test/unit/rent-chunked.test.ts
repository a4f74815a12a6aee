// Chunked restoration on chain (cips/rent.md "Chunked restoration"): an actor holding more storage than one
// transaction can carry is evicted, then restored by rent_restore_chunk transactions from two accounts, each chunk
// checked against the segment hash kept at eviction; a tampered chunk is refused; the actor answers calls again.
import { DEFAULT_RENT_CONFIG, getRentRecord, getRestoreProgress, RentStatus, storagePairsOf, storageStream, streamSegments } from "@cowboy/rent";
import type { Fork } from "@cowboy/state";
import { DEFAULT_TRANSACTION_LIMITS, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import type { ChainParams } from "../../src/index.js";
import { ActorChain, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const HOARD = `from cowboy_sdk import actor

@actor
class Hoard:
    def __init__(self):
        pass

    def fill(self, start, n, size):
        for i in range(start, start + n):
            self.storage["k%d" % i] = "x" * size
        return n

    def read(self, i):
        return len(self.storage["k%d" % i])
`;

/** Rent epochs of 4 blocks, 1,000 base units per excess byte per epoch; no reserve (the actor holds nothing). */
const PARAMS: ChainParams = {
  ...base,
  rent: { ...DEFAULT_RENT_CONFIG, epochLength: 4n, blocksPerYear: 4_000n, ratePerByteYear: 1_000_000n, reserveBps: 0n },
};
const CHUNK = { cycles: 100_000n, cells: 80_000n };

describe("chunked restoration on chain", () => {
  it("evicts a 150 KB actor and restores it chunk by chunk from two accounts; a tampered chunk is refused", { timeout: 120_000 }, () => {
    const chain = new ActorChain(PARAMS);
    const [d] = chain.block([chain.deployTx(0, HOARD)]);
    const actor = d!.return_data;
    const fills = chain.block([0, 5, 10].map((s) => chain.callTx(1, actor, "fill", [s, 5, 10_000], { cycles: 5_000_000n, cells: 200_000n })));
    expect(fills.map((r) => r.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    const original = storagePairsOf(chain.store.fork() as Fork, actor);
    expect(original).toHaveLength(15);
    const stream = storageStream(original);
    expect(stream.length).toBeGreaterThan(DEFAULT_TRANSACTION_LIMITS.maxTxSize);
    const segments = streamSegments(stream);
    expect(segments).toHaveLength(3);

    for (let i = 0; i < 80 && getRentRecord(chain.store.fork(), actor)!.status !== RentStatus.Dormant; i++) chain.block([]);
    const record = getRentRecord(chain.store.fork(), actor)!;
    expect(record.status).toBe(RentStatus.Dormant);
    const debt = record.debt.reduce((n, x) => n + x.amount, 0n);

    const chunk = (from: number, index: number, data: Uint8Array) => chain.tx(from, { type: "rent_restore_chunk", actor, index: BigInt(index), data }, CHUNK);
    const tampered = segments[0]!.slice();
    tampered[5]! ^= 1;
    const [bad] = chain.block([chunk(2, 0, tampered)]);
    expect(text(bad!.return_data)).toBe("RentError: STORAGE_ROOT_MISMATCH: chunk 0 does not hash to segment 0 kept at eviction");
    expect(getRestoreProgress(chain.store.fork(), actor)).toBeUndefined();

    const mid = chain.account(addressOf(2)).balance;
    const [c0] = chain.block([chunk(2, 0, segments[0]!)]);
    expect([c0!.status, text(c0!.return_data)]).toEqual([ReceiptStatus.Success, '{"received":1,"segments":3}']);
    // The first chunk's sender pays the back rent and the 10% catch-up fee.
    expect(mid - chain.account(addressOf(2)).balance).toBe(c0!.fee_paid + debt + debt / 10n);
    const [early] = chain.block([chain.callTx(1, actor, "read", [0])]);
    expect(text(early!.return_data)).toMatch(/is dormant/);
    const [skip] = chain.block([chunk(3, 2, segments[2]!)]);
    expect(text(skip!.return_data)).toBe("RentError: INVALID_ARGUMENT: chunk 2: the restoration expects chunk 1 of 3");
    const [c1] = chain.block([chunk(3, 1, segments[1]!)]);
    expect(text(c1!.return_data)).toBe('{"received":2,"segments":3}');
    const [c2] = chain.block([chunk(3, 2, segments[2]!)]);
    expect(text(c2!.return_data)).toBe('{"received":3,"segments":3}');
    expect(text(c2!.events[0]!.topic)).toBe("cowboy:rent_restored");

    const restored = chain.store.fork() as Fork;
    expect(storagePairsOf(restored, actor)).toEqual(original);
    expect(getRentRecord(restored, actor)).toMatchObject({ status: RentStatus.Current, evicted: null, slotCount: 15n });
    expect(chain.account(actor).storage_bytes).toBe(original.reduce((n, [s, v]) => n + BigInt(s.length + v.length), 0n));
    const [read] = chain.block([chain.callTx(1, actor, "read", [14])]);
    expect(read!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(actor).balance).toBe(0n);
  });
});
