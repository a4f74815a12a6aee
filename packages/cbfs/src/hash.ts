// SHA-256 for content addresses and chunk trees (cips/cbfs.md §4). node:crypto (OpenSSL, SHA extensions)
// hashes shard data at GB/s where the pure-JS reference manages ~80 MB/s; the spec test cross-checks it
// against @cowboy/crypto's sha256.
import { createHash } from "node:crypto";

export function sha256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  const d = h.digest();
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
}
