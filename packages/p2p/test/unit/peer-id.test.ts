// Peer identity (peer-id.ts): our PeerId is hex of the raw Ed25519 public key; it maps to and from
// libp2p's peer id without loss, and anything else is INVALID_PEER_ID.
import { toHex } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { libp2pPeerId, peerIdHex } from "../../src/index.js";
import { libp2pKeyFromSeed } from "../../src/peer-id.js";

describe("peer ids", () => {
  it("libp2p's key from a seed has the Ed25519 public key of @cowboy/crypto", async () => {
    const seed = new Uint8Array(32).fill(7);
    const key = await libp2pKeyFromSeed(seed);
    expect(toHex(key.publicKey.raw)).toBe(toHex(ed25519.getPublicKey(seed)));
  });

  it("round-trips hex -> libp2p peer id -> hex", () => {
    const hex = toHex(ed25519.getPublicKey(new Uint8Array(32).fill(3)));
    const id = libp2pPeerId(hex);
    expect(id.type).toBe("Ed25519");
    expect(id.toString()).toMatch(/^12D3KooW/);
    expect(peerIdHex(id)).toBe(hex);
  });

  it.each(["", "AB".repeat(32), "ab".repeat(31), "zz".repeat(32), `0x${"ab".repeat(31)}`])("refuses %j", (bad) => {
    expect(() => libp2pPeerId(bad)).toThrow(expect.objectContaining({ code: "INVALID_PEER_ID" }));
  });
});
