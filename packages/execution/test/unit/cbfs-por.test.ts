// CBFS proofs of retrievability (cips/cbfs.md §11) through real blocks: a challenge opened with the relay's storage
// receipt draws its chunk from the block's beacon; a correct answer passes; a challenge left unanswered past its
// deadline suspends the relay without touching its stake (the per-block step); a wrong chunk slashes the relay and
// the slashed stake goes to the challenger; the proposer and a verifier agree on every block.
import { DEFAULT_CBFS_CHAIN_CONFIG as C, RELAY_REGISTRY_ADDRESS, chunkCount, chunkProof, getChallenge, getRelay, getStanding, shardRoot, signStorageReceipt } from "@cowboy/cbfs";
import { concatBytes } from "@cowboy/codec";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { addressOf, key } from "../utils/helpers.js";

const limits = { cycles: 1_000_000n, cells: 100_000n };
const volume = new Uint8Array(32).fill(0xcd);
const CHUNK = 32;
const shard = Uint8Array.from({ length: CHUNK * 4 + 5 }, (_, i) => (i * 13 + 1) & 0xff);
const root = shardRoot(shard, CHUNK);
const count = chunkCount(shard.length, CHUNK);

describe("CBFS PoR instructions (System 106–107)", () => {
  it("pass, miss (suspended, not slashed), fail (slashed to the challenger)", () => {
    const chain = new ActorChain();
    const [reg, anchor] = chain.block([
      chain.tx(1, { type: "relay_register", stake: C.minRelayStake, capacity: 1n << 30n, endpoint: new TextEncoder().encode("http://127.0.0.1:7001") }, limits),
      chain.tx(2, { type: "storage_anchor", root: volume, size: 1000n, k: 2n, m: 1n, blocks: 1000n }, limits),
    ]);
    expect(reg!.status).toBe(ReceiptStatus.Success);
    expect(anchor!.status).toBe(ReceiptStatus.Success);
    const receipt = signStorageReceipt(volume, root, count, key(1));
    const challenge = () => chain.tx(3, { type: "por_challenge", relay: addressOf(1), volume, shard: root, chunkCount: BigInt(count), receipt }, limits);
    const answer = (chunk: Uint8Array, index: number) => {
      const c = getChallenge(chain.store.fork(), addressOf(1))!;
      return chain.tx(1, { type: "por_respond", id: c.id, chunk, proof: concatBytes(...chunkProof(shard, CHUNK, index)) }, limits);
    };
    const slice = (i: number) => shard.subarray(i * CHUNK, (i + 1) * CHUNK);

    // A forged receipt cannot open a challenge.
    const [forged] = chain.block([
      chain.tx(3, { type: "por_challenge", relay: addressOf(1), volume, shard: root, chunkCount: BigInt(count), receipt: signStorageReceipt(volume, root, count, key(4)) }, limits),
    ]);
    expect(forged!.status).toBe(ReceiptStatus.Reverted);
    expect(text(forged!.return_data)).toContain("INVALID_PROOF");

    // Pass.
    expect(chain.block([challenge()])[0]!.status).toBe(ReceiptStatus.Success);
    const c1 = getChallenge(chain.store.fork(), addressOf(1))!;
    expect(chain.block([answer(slice(c1.chunk), c1.chunk)])[0]!.status).toBe(ReceiptStatus.Success);
    expect(getStanding(chain.store.fork(), addressOf(1), C)).toMatchObject({ passed: 1n, suspendedAt: 0n });

    // Miss: no answer until the deadline passes.
    chain.block([challenge()]);
    const c2 = getChallenge(chain.store.fork(), addressOf(1))!;
    while (chain.head.height <= c2.deadline) chain.block([]);
    expect(getChallenge(chain.store.fork(), addressOf(1))).toBeUndefined();
    expect(getStanding(chain.store.fork(), addressOf(1), C)).toMatchObject({ missed: 1, suspendedAt: c2.deadline + 1n, slashed: 0n });
    expect(getRelay(chain.store.fork(), addressOf(1))!.stake).toBe(C.minRelayStake);

    // Fail: a wrong chunk slashes, and the challenger receives it.
    chain.block([challenge()]);
    const c3 = getChallenge(chain.store.fork(), addressOf(1))!;
    const before = chain.account(addressOf(3)).balance;
    const [bad] = chain.block([answer(slice((c3.chunk + 1) % count), c3.chunk)]);
    expect(bad!.status).toBe(ReceiptStatus.Success);
    const slashed = (C.minRelayStake * C.porSlashBps) / 10_000n;
    expect(getRelay(chain.store.fork(), addressOf(1))!.stake).toBe(C.minRelayStake - slashed);
    expect(chain.account(RELAY_REGISTRY_ADDRESS).balance).toBe(C.minRelayStake - slashed);
    expect(chain.account(addressOf(3)).balance).toBe(before + slashed);
    expect(getStanding(chain.store.fork(), addressOf(1), C)).toMatchObject({ failed: 1, slashed });
  });
});
