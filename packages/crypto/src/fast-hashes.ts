import { createHash } from "node:crypto";
import { abytes } from "./guards.js";
import { nobleHashes, type Hashes } from "./hashes.js";

/**
 * Below this size node:crypto's per-call setup (createHash allocates a native object) costs more
 * than hashing with @noble (measured: noble 21 MB/s vs node:crypto 19 MB/s at 32 B; 93 vs 437 MB/s
 * at 1 KiB), so short inputs stay in JS.
 */
const SHA256_NATIVE_MIN_BYTES = 256;

/**
 * Instantiates the fast hashers: hash-wasm's WASM keccak-256 and blake3 (about 13x @noble at 1 KiB)
 * and node:crypto's OpenSSL sha256 for inputs of 256 bytes and more. WASM compilation is asynchronous, so this is an explicit async
 * factory; the returned object is synchronous afterwards and owns its WASM instances (no hidden
 * module-level cache: call it once at startup and pass the result to whoever hashes).
 *
 * The hash-wasm hasher objects keep internal state between init/update/digest; each call below runs
 * the whole init-update-digest sequence synchronously, so a single object is safe to share within
 * one JS thread.
 *
 * hash-wasm itself is imported here, on the first call (issue 19 "Startup": evaluating it, with its embedded WASM,
 * was ~100 ms of CPU in every process that imported @cowboy/crypto, most of which never call this).
 */
export async function loadFastHashes(): Promise<Hashes> {
  const { createBLAKE3, createKeccak } = await import("hash-wasm");
  const [keccak, b3] = await Promise.all([createKeccak(256), createBLAKE3(256)]);
  return Object.freeze({
    name: "hash-wasm+node:crypto",
    keccak256(data: Uint8Array): Uint8Array {
      abytes(data, "data");
      keccak.init();
      keccak.update(data);
      return keccak.digest("binary");
    },
    sha256(data: Uint8Array): Uint8Array {
      abytes(data, "data");
      if (data.length < SHA256_NATIVE_MIN_BYTES) return nobleHashes.sha256(data);
      // Copy out of the Buffer so callers get a plain, unshared Uint8Array.
      return new Uint8Array(createHash("sha256").update(data).digest());
    },
    blake3(data: Uint8Array): Uint8Array {
      abytes(data, "data");
      b3.init();
      b3.update(data);
      return b3.digest("binary");
    },
  });
}
