// A signature-verification worker: receives packed signature checks (see verify.ts), answers with
// the failures as [index, reason]. Recovery uses the default secp256k1 (libsecp256k1 when its addon
// loads) and the WASM keccak-256; results equal verifyTransactionSignatures' on the main thread.
import { parentPort } from "node:worker_threads";
import { loadFastHashes } from "@cowboy/crypto";
import { verifyPackedSignatures } from "./verify.js";

interface Request {
  readonly id: number;
  readonly offset: number;
  readonly packed: Uint8Array;
}

const hashes = await loadFastHashes();

parentPort!.on("message", ({ id, offset, packed }: Request) => {
  try {
    parentPort!.postMessage({ id, failures: verifyPackedSignatures(packed, hashes, offset) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
