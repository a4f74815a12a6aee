// What a proxy keeps on disk (cips/cbss.md §8 "Proxy data"): its key share, encrypted at rest, and the
// receipts of the releases it served (ids and heights only: no secret, no share signature).
//   share.bin = nonce (12) ‖ AES-256-GCM(at-rest key, nonce, aad = "cowboy/cbss/share-at-rest/v1" ‖ epoch u64 BE)(u32 index ‖ scalar)
//   receipts.jsonl: one JSON receipt per line; submitted.jsonl: the batches sent on chain.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseReceipt } from "@cowboy/cbss";
import { fromHex, toHex } from "@cowboy/codec";
import { type SecretShare, decodeShare, encodeShare } from "@cowboy/crypto";
import { gcm } from "@noble/ciphers/aes.js";

const AAD = new TextEncoder().encode("cowboy/cbss/share-at-rest/v1");

function aad(epoch: bigint): Uint8Array {
  const out = new Uint8Array(AAD.length + 8);
  out.set(AAD);
  new DataView(out.buffer).setBigUint64(AAD.length, epoch);
  return out;
}

export class ProxyStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  saveShare(key: Uint8Array, epoch: bigint, share: SecretShare): void {
    const nonce = crypto.getRandomValues(new Uint8Array(12));
    const plain = encodeShare(share);
    const body = gcm(key, nonce, aad(epoch)).encrypt(plain);
    plain.fill(0);
    const tmp = join(this.dir, "share.bin.tmp");
    const out = new Uint8Array(8 + 12 + body.length);
    new DataView(out.buffer).setBigUint64(0, epoch);
    out.set(nonce, 8);
    out.set(body, 20);
    writeFileSync(tmp, out, { mode: 0o600 });
    renameSync(tmp, join(this.dir, "share.bin"));
  }

  /** The stored share if it is for `epoch`, else undefined. */
  loadShare(key: Uint8Array, epoch: bigint): SecretShare | undefined {
    const path = join(this.dir, "share.bin");
    if (!existsSync(path)) return undefined;
    const raw = new Uint8Array(readFileSync(path));
    const stored = new DataView(raw.buffer, raw.byteOffset).getBigUint64(0);
    if (stored !== epoch) return undefined;
    return decodeShare(gcm(key, raw.slice(8, 20), aad(epoch)).decrypt(raw.slice(20)));
  }

  appendReceipt(r: ReleaseReceipt): void {
    const line = { owner: toHex(r.owner), name: r.name, version: r.version, job: toHex(r.jobId), runner: toHex(r.runner), height: r.height.toString() };
    appendFileSync(join(this.dir, "receipts.jsonl"), `${JSON.stringify(line)}\n`);
  }

  /** Every receipt this proxy recorded, submitted or not. */
  allReceipts(): ReleaseReceipt[] {
    const path = join(this.dir, "receipts.jsonl");
    if (!existsSync(path)) return [];
    return readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => {
        const j = JSON.parse(l) as { owner: string; name: string; version: number; job: string; runner: string; height: string };
        return { owner: fromHex(j.owner), name: j.name, version: j.version, jobId: fromHex(j.job), runner: fromHex(j.runner), height: BigInt(j.height) };
      });
  }

  /** Receipts not yet submitted (the lines after the count recorded in submitted.count). */
  pendingReceipts(): { receipts: ReleaseReceipt[]; upTo: number } {
    const path = join(this.dir, "receipts.jsonl");
    if (!existsSync(path)) return { receipts: [], upTo: 0 };
    const lines = readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l !== "");
    const done = existsSync(join(this.dir, "submitted.count")) ? Number(readFileSync(join(this.dir, "submitted.count"), "utf8")) : 0;
    return { receipts: this.allReceipts().slice(done), upTo: lines.length };
  }

  markSubmitted(upTo: number): void {
    writeFileSync(join(this.dir, "submitted.count"), String(upTo));
  }
}
