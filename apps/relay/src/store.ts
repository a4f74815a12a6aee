// The relay's durable shard store (cips/cbfs.md §6): one file per shard (u32be chunkSize ‖ shard bytes) and
// per manifest (20-byte owner ‖ manifest bytes), named by hex root. A write goes to a temporary file, is
// fsynced, renamed into place and the directory fsynced, all before the relay acknowledges it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

export type Kind = "shards" | "manifests";

export interface StoredObject {
  /** The 4-byte chunk size (shards) or 20-byte owner (manifests). */
  readonly header: Uint8Array;
  readonly body: Uint8Array;
}

export const HEADER_BYTES: Record<Kind, number> = { shards: 4, manifests: 20 };

export class DiskStore {
  private usedBytes = 0;

  constructor(readonly dir: string) {
    for (const kind of ["shards", "manifests"] as const) {
      const sub = join(dir, kind);
      mkdirSync(sub, { recursive: true });
      for (const name of readdirSync(sub)) this.usedBytes += statSync(join(sub, name)).size;
    }
  }

  get used(): number {
    return this.usedBytes;
  }

  private path(kind: Kind, rootHex: string): string {
    return join(this.dir, kind, rootHex);
  }

  /** The hex roots held of one kind, sorted (temporary files are left out). */
  async list(kind: Kind): Promise<string[]> {
    return (await readdir(join(this.dir, kind))).filter((n) => /^[0-9a-f]{64}$/.test(n)).sort();
  }

  async has(kind: Kind, rootHex: string): Promise<boolean> {
    return stat(this.path(kind, rootHex)).then(
      () => true,
      () => false,
    );
  }

  /** Writes header ‖ body durably; an existing object with this root is left as it is (same content by address). */
  async put(kind: Kind, rootHex: string, header: Uint8Array, body: Uint8Array): Promise<void> {
    if (await this.has(kind, rootHex)) return;
    const dir = join(this.dir, kind);
    const tmp = join(dir, `.${rootHex}.${randomBytes(6).toString("hex")}.tmp`);
    const file = await open(tmp, "wx");
    try {
      await file.write(header);
      await file.write(body);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, this.path(kind, rootHex));
    const d = await open(dir, "r");
    try {
      await d.sync();
    } finally {
      await d.close();
    }
    this.usedBytes += header.length + body.length;
  }

  async get(kind: Kind, rootHex: string): Promise<StoredObject | undefined> {
    const bytes = await readFile(this.path(kind, rootHex)).catch(() => undefined);
    if (bytes === undefined) return undefined;
    const all = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const h = HEADER_BYTES[kind];
    return { header: all.subarray(0, h), body: all.subarray(h) };
  }

  /** Body bytes [start, end] (inclusive), clipped to the object; undefined when absent. */
  async range(kind: Kind, rootHex: string, start: number, end: number): Promise<{ bytes: Uint8Array; size: number } | undefined> {
    const file = await open(this.path(kind, rootHex), "r").catch(() => undefined);
    if (file === undefined) return undefined;
    try {
      const size = (await file.stat()).size - HEADER_BYTES[kind];
      const last = Math.min(end, size - 1);
      const out = new Uint8Array(Math.max(0, last - start + 1));
      if (out.length > 0) await file.read(out, 0, out.length, HEADER_BYTES[kind] + start);
      return { bytes: out, size };
    } finally {
      await file.close();
    }
  }

  async delete(kind: Kind, rootHex: string): Promise<boolean> {
    const size = await stat(this.path(kind, rootHex)).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) return false;
    await rm(this.path(kind, rootHex));
    this.usedBytes -= size;
    return true;
  }
}
