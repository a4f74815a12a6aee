// Streaming put and get (cips/cbfs.md §13): a file larger than the memory the client may use is put from disk one
// stripe at a time (shards spooled to disk until the manifest root fixes placement) and read back into a file
// stripe by stripe; the child process doing it stays within a fixed bound of resident memory, far below the
// file's size, and the file comes back byte for byte.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningRelay, startRelay } from "../../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const tsx = resolve(here, "../../../../node_modules/.bin/tsx");
const FILE_MIB = Number(process.env.CBFS_STREAM_MIB ?? 160);
/**
 * The client's resident-memory growth allowed, whatever the file's size: measured 75–89 MiB for 96, 160 and 192 MiB
 * files (stripes in flight, HTTP buffers, garbage not yet collected), where coding in memory needs over 3× the file.
 */
const BUFFER_LIMIT_MIB = 120;
const dir = mkdtempSync(join(tmpdir(), "cbfs-stream-"));
let relays: RunningRelay[] = [];

async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

beforeAll(async () => {
  relays = await Promise.all(Array.from({ length: 6 }, (_, i) => startRelay({ privateKey: new Uint8Array(32).fill(i + 1), stake: 1000n, dataDir: join(dir, `r${i}`) })));
  // A file written a MiB at a time (never whole in this process either): xorshift bytes, incompressible.
  const handle = await open(join(dir, "in.bin"), "w");
  let x = 0x9e3779b9;
  const block = new Uint32Array(2 ** 18);
  for (let m = 0; m < FILE_MIB; m++) {
    for (let i = 0; i < block.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      block[i] = x >>> 0;
    }
    await handle.write(new Uint8Array(block.buffer));
  }
  await handle.close();
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe("streaming put and get", () => {
  it(`moves a ${FILE_MIB} MiB file through the relays with under ${BUFFER_LIMIT_MIB} MiB of client memory growth`, async () => {
    const spool = join(dir, "spool");
    mkdirSync(spool);
    const args = ["--conditions=@cowboy/source", join(here, "stream-child.ts"), join(dir, "in.bin"), join(dir, "out.bin"), spool, ...relays.map((r) => r.url)];
    const stdout = await new Promise<string>((ok, fail) =>
      execFile(tsx, args, { timeout: 170_000, maxBuffer: 1 << 20 }, (error, out, err) => (error ? fail(new Error(`${error.message}\n${err}`)) : ok(out))),
    );
    const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as { written: number; rssStartMiB: number; maxRssMiB: number };
    expect(report.written).toBe(FILE_MIB * 2 ** 20);
    expect(await sha256File(join(dir, "out.bin"))).toBe(await sha256File(join(dir, "in.bin")));
    expect(readdirSync(spool)).toEqual([]); // the spool directory is removed after the upload
    console.log(`streaming: client RSS ${report.rssStartMiB.toFixed(0)} MiB at start, ${report.maxRssMiB.toFixed(0)} MiB peak, file ${FILE_MIB} MiB`);
    expect(report.maxRssMiB - report.rssStartMiB).toBeLessThan(BUFFER_LIMIT_MIB);
  });
});
