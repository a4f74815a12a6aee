// Where a put keeps its encoded stripes between encoding and upload (cips/cbfs.md §13): placement draws from the
// manifest root, which needs every shard's root, so nothing can be uploaded before the whole file is encoded.
// In memory for a Uint8Array; on disk, one file per stripe, for a PlaintextSource (bounded memory).
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CbfsError } from "../errors.js";

/** A file's plaintext read in pieces: `read(start, end)` resolves to exactly bytes [start, end). */
export interface PlaintextSource {
  readonly length: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

/** A PlaintextSource over a file on disk, read with positioned reads (the file must not change meanwhile). */
export async function fileSource(path: string): Promise<PlaintextSource & { close(): Promise<void> }> {
  const handle = await open(path, "r");
  const { size } = await handle.stat();
  return {
    length: size,
    async read(start, end) {
      const out = new Uint8Array(end - start);
      for (let at = 0; at < out.length; ) {
        const { bytesRead } = await handle.read(out, at, out.length - at, start + at);
        if (bytesRead === 0) throw new CbfsError("INVALID_PARAMS", `${path} ended at ${start + at} of ${size} bytes: it changed while being read`);
        at += bytesRead;
      }
      return out;
    },
    close: () => handle.close(),
  };
}

export interface StripeSpool {
  write(stripe: number, shards: readonly Uint8Array[]): Promise<void>;
  read(stripe: number): Promise<Uint8Array[]>;
  close(): Promise<void>;
}

export function memorySpool(): StripeSpool {
  const held = new Map<number, Uint8Array[]>();
  return {
    async write(stripe, shards) {
      held.set(stripe, [...shards]);
    },
    async read(stripe) {
      const shards = held.get(stripe);
      held.delete(stripe);
      if (shards === undefined) throw new CbfsError("INVALID_PARAMS", `stripe ${stripe} was never spooled`);
      return shards;
    },
    async close() {
      held.clear();
    },
  };
}

/** One file per stripe (its K+M equal-sized shards back to back) in a fresh directory under `parent`. */
export async function diskSpool(parent: string = tmpdir()): Promise<StripeSpool> {
  const dir = await mkdtemp(join(parent, "cbfs-spool-"));
  const counts = new Map<number, number>();
  return {
    async write(stripe, shards) {
      const handle = await open(join(dir, String(stripe)), "w");
      try {
        let at = 0;
        for (const shard of shards) {
          await handle.write(shard, 0, shard.length, at);
          at += shard.length;
        }
      } finally {
        await handle.close();
      }
      counts.set(stripe, shards.length);
    },
    async read(stripe) {
      const count = counts.get(stripe);
      if (count === undefined) throw new CbfsError("INVALID_PARAMS", `stripe ${stripe} was never spooled`);
      const file = await readFile(join(dir, String(stripe)));
      const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
      await rm(join(dir, String(stripe)), { force: true });
      const size = bytes.length / count;
      return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
