// The CBFS control-plane instructions (cips/cbfs.md §7) through real blocks: a relay bonds stake at 0x0B and
// heartbeats; an owner anchors a manifest root at 0x0A paying rent, a stranger cannot delete it, the owner
// deletes it for a refund; a revoked CapToken nonce is recorded; the proposer and a verifier agree.
import { DEFAULT_CBFS_CHAIN_CONFIG as C, RELAY_REGISTRY_ADDRESS, STORAGE_MANAGER_ADDRESS, getRelay, getVolume, isRevoked, placementSet, rentFor } from "@cowboy/cbfs";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { addressOf } from "../utils/helpers.js";
import { ActorChain, text } from "../utils/chain.js";

const limits = { cycles: 100_000n, cells: 1_000n };
const root = new Uint8Array(32).fill(0xab);

describe("CBFS instructions (System 96–105)", () => {
  it("register a relay, anchor a volume with rent, refuse a stranger's delete, refund the owner's", () => {
    const chain = new ActorChain();
    const [reg, beat] = chain.block([
      chain.tx(1, { type: "relay_register", stake: C.minRelayStake, capacity: 1n << 40n, endpoint: new TextEncoder().encode("http://127.0.0.1:7001") }, limits),
      chain.tx(1, { type: "relay_heartbeat" }, limits),
    ]);
    expect(reg!.status).toBe(ReceiptStatus.Success);
    expect(beat!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(RELAY_REGISTRY_ADDRESS).balance).toBe(C.minRelayStake);
    const fork = chain.store.fork();
    expect(getRelay(fork, addressOf(1))!.lastHeartbeat).toBe(chain.head.height);
    expect(placementSet(fork, chain.head.height, C).map((r) => r.endpoint)).toEqual(["http://127.0.0.1:7001"]);

    const before = chain.account(addressOf(2)).balance;
    const [anchor] = chain.block([chain.tx(2, { type: "storage_anchor", root, size: 64n << 20n, k: 4n, m: 2n, blocks: 1000n }, limits)]);
    expect(anchor!.status).toBe(ReceiptStatus.Success);
    const rent = rentFor(64n << 20n, 4, 2, 1000n, C);
    expect(chain.account(STORAGE_MANAGER_ADDRESS).balance).toBe(rent);
    expect(getVolume(chain.store.fork(), root)!.owner).toEqual(addressOf(2));
    expect(before - chain.account(addressOf(2)).balance).toBeGreaterThan(rent);

    const [dup, stranger] = chain.block([
      chain.tx(3, { type: "storage_anchor", root, size: 1n, k: 1n, m: 0n, blocks: 1n }, limits),
      chain.tx(3, { type: "storage_delete", root }, limits),
    ]);
    expect(dup!.status).toBe(ReceiptStatus.Reverted);
    expect(text(dup!.return_data)).toContain("VOLUME_EXISTS");
    expect(stranger!.status).toBe(ReceiptStatus.Reverted);
    expect(text(stranger!.return_data)).toContain("NOT_OWNER");

    const anchoredAt = getVolume(chain.store.fork(), root)!.anchoredAt;
    const [del, revoke] = chain.block([chain.tx(2, { type: "storage_delete", root }, limits), chain.tx(2, { type: "storage_revoke", nonce: 9n }, limits)]);
    expect(del!.status).toBe(ReceiptStatus.Success);
    const refund = rentFor(64n << 20n, 4, 2, anchoredAt + 1000n - chain.head.height, C);
    expect(chain.account(STORAGE_MANAGER_ADDRESS).balance).toBe(rent - refund);
    expect(revoke!.status).toBe(ReceiptStatus.Success);
    expect(isRevoked(chain.store.fork(), addressOf(2), 9n)).toBe(true);
  });

  it("a relay cannot withdraw before unbonding ends, and a short balance reverts the stake", () => {
    const chain = new ActorChain();
    const [poor, exit, withdraw] = chain.block([
      chain.tx(1, { type: "relay_register", stake: 10n ** 18n, capacity: 1n, endpoint: new TextEncoder().encode("http://127.0.0.1:1") }, limits),
      chain.tx(2, { type: "relay_exit" }, limits),
      chain.tx(2, { type: "relay_withdraw" }, limits),
    ]);
    expect(poor!.status).toBe(ReceiptStatus.Reverted);
    expect(getRelay(chain.store.fork(), addressOf(1))).toBeUndefined();
    expect(text(exit!.return_data)).toContain("RELAY_NOT_FOUND");
    expect(withdraw!.status).toBe(ReceiptStatus.Reverted);
  });
});
