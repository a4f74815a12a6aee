// Actor-to-actor messages (cips/actors.md "Messages"): their identity and the queue entry.
import { keccak256 } from "@cowboy/crypto";

export interface QueuedMessage {
  readonly id: Uint8Array;
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  readonly method: string;
  readonly payload: Uint8Array;
  /** Escrowed from `from` when sent; credited to `to` on delivery, refunded if the handler fails. */
  readonly value: bigint;
  readonly depth: number;
}

function u64be(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}

/**
 * msg_hash = keccak256(to ‖ u8 len(method) ‖ method ‖ u32be len(payload) ‖ payload ‖ u64be value);
 * id = keccak256(sender ‖ u64be nonce ‖ msg_hash) (spec §3.3).
 */
export function messageId(from: Uint8Array, nonce: bigint, to: Uint8Array, method: string, payload: Uint8Array, value: bigint): Uint8Array {
  const m = new TextEncoder().encode(method);
  const body = new Uint8Array(20 + 1 + m.length + 4 + payload.length + 8);
  const view = new DataView(body.buffer);
  body.set(to, 0);
  body[20] = m.length;
  body.set(m, 21);
  view.setUint32(21 + m.length, payload.length);
  body.set(payload, 25 + m.length);
  view.setBigUint64(25 + m.length + payload.length, value);
  const msgHash = keccak256(body);
  const pre = new Uint8Array(20 + 8 + 32);
  pre.set(from, 0);
  pre.set(u64be(nonce), 20);
  pre.set(msgHash, 28);
  return keccak256(pre);
}

export { u64be };
