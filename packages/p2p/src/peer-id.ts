// Peer identity (cips/consensus.md, "Network" → "Identity"): a peer is named by the lowercase hex of
// its 32-byte Ed25519 network public key, the key the validator registers. libp2p's PeerId is the
// identity multihash of that same key, and QUIC's TLS 1.3 handshake proves possession of it, so the
// hex we hand to handlers is authenticated by the transport, never read from a message.
import { fromHex, toHex } from "@cowboy/codec";
import { generateKeyPairFromSeed, publicKeyFromRaw } from "@libp2p/crypto/keys";
import type { Ed25519PrivateKey, PeerId as Libp2pPeerId } from "@libp2p/interface";
import { peerIdFromPublicKey } from "@libp2p/peer-id";
import type { PeerId } from "@cowboy/runtime";
import { P2PError } from "./errors.js";

const HEX_KEY = /^[0-9a-f]{64}$/;

/** The libp2p private key for a 32-byte Ed25519 seed (the node's key file holds the seed). */
export function libp2pKeyFromSeed(seed: Uint8Array): Promise<Ed25519PrivateKey> {
  return generateKeyPairFromSeed("Ed25519", seed);
}

/** Our PeerId (hex of the raw Ed25519 public key) of a libp2p peer id; undefined for a non-Ed25519 peer. */
export function peerIdHex(id: Libp2pPeerId): PeerId | undefined {
  if (id.type !== "Ed25519" || id.publicKey === undefined) return undefined;
  return toHex(id.publicKey.raw);
}

/** The libp2p peer id of our PeerId; throws INVALID_PEER_ID for a string that is not an Ed25519 key in lowercase hex. */
export function libp2pPeerId(peer: PeerId): Libp2pPeerId {
  if (typeof peer !== "string" || !HEX_KEY.test(peer)) {
    throw new P2PError("INVALID_PEER_ID", `peer id must be 64 lowercase hex digits, got ${JSON.stringify(String(peer).slice(0, 80))}`, { peer });
  }
  try {
    return peerIdFromPublicKey(publicKeyFromRaw(fromHex(peer)));
  } catch (cause) {
    throw new P2PError("INVALID_PEER_ID", `peer id ${peer} is not an Ed25519 public key`, { peer }, { cause });
  }
}
