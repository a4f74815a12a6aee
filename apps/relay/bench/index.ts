// CBFS throughput end to end (issue 24, cips/cbfs.md): write and read MiB/s of a file through the client and
// relays on loopback (in this process: HTTP, fsync, hashing, AES, Reed–Solomon all real), for K=4,M=2 on 6
// relays and K=10,M=4 on 14 (placement never puts two shards of a stripe on one relay, so 14 shards need 14),
// plus a degraded read with M relays stopped and the time to repair after one relay stops — as ratios against the raw disk measured in the same run
// (write + fsync, read of the same bytes) and against raw AES-256-GCM over the same bytes (the client's least work per
// byte, in CPU time). Where FUSE works, also the same read through a FUSE mount (`cowboy fs mount`'s mount process:
// its CPU is the child's, so wall time only). For information only; nothing is asserted. Run: pnpm bench
// (CBFS_BENCH_MIB sets the file size, default 64).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encryptSegments } from "@cowboy/cbfs";
import { type PutResult, createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { fuseSupport, relayToJson, spawnMountProcess, unmountDir } from "@cowboy/cbfs/fuse";
import { startRelay } from "../src/index.js";

const MIB = Number(process.env.CBFS_BENCH_MIB ?? 64);
const size = MIB * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "cbfs-bench-"));
const data = new Uint8Array(randomBytes(size));

interface Figure {
  wallMiBs: number;
  cpuMiBs: number;
}

async function measure(fn: () => Promise<unknown>): Promise<Figure> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wallMiBs: MIB / wall, cpuMiBs: MIB / ((cpu.user + cpu.system) / 1e6) };
}

let aes: Figure | undefined;
const fmt = (f: Figure, base?: Figure) =>
  `${f.wallMiBs.toFixed(1).padStart(7)} MiB/s wall ${f.cpuMiBs.toFixed(1).padStart(7)} MiB/CPU-s${base ? `   ×${(f.wallMiBs / base.wallMiBs).toFixed(2)} of raw disk` : ""}${base && aes ? `, CPU ×${(f.cpuMiBs / aes.cpuMiBs).toFixed(2)} of raw AES-GCM` : ""}`;

async function rawDisk(): Promise<{ write: Figure; read: Figure }> {
  const path = join(dir, "raw.bin");
  const write = await measure(async () => {
    const f = await open(path, "w");
    await f.write(data);
    await f.sync();
    await f.close();
  });
  const read = await measure(() => readFile(path));
  return { write, read };
}

/** Wall MiB/s of reading the whole file through a FUSE mount process (the relays answer from this process). */
async function fuseRead(put: PutResult, name: string): Promise<string> {
  const support = await fuseSupport();
  if (!support.available) return `skipped: ${support.reason}`;
  const mnt = join(dir, `mnt-${name}`);
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  const proc = await spawnMountProcess({ root: hex(put.root), key: hex(put.key), dir: mnt, name: "f", relays: put.relays.map(relayToJson) });
  try {
    const t0 = performance.now();
    const bytes = await readFile(join(mnt, "f"));
    const wall = (performance.now() - t0) / 1000;
    if (Buffer.compare(bytes, data) !== 0) throw new Error("FUSE read differs");
    return `${(MIB / wall).toFixed(1).padStart(7)} MiB/s wall`;
  } finally {
    await unmountDir(mnt, proc.pid);
  }
}

async function cbfs(k: number, m: number, relayCount: number, base: { write: Figure; read: Figure }): Promise<void> {
  const relays = await Promise.all(
    Array.from({ length: relayCount }, (_, i) => startRelay({ privateKey: new Uint8Array(32).fill(i + 1), stake: 1000n, dataDir: join(dir, `k${k}m${m}-r${i}`) })),
  );
  const transport = createHttpTransport();
  const client = createCbfsClient({ transport });
  try {
    let put: Awaited<ReturnType<typeof client.put>> | undefined;
    const write = await measure(async () => {
      put = await client.put(data, { relays: relays.map((r) => r.url), ownerKey: new Uint8Array(32).fill(7), k, m });
    });
    let back: Uint8Array = new Uint8Array(0);
    const read = await measure(async () => {
      back = await client.get(put!.root, put!.key, { relays: put!.relays });
    });
    if (Buffer.compare(back, data) !== 0) throw new Error("read back differs");
    const fuse = await fuseRead(put!, `k${k}m${m}`);
    for (let i = 0; i < m; i++) await relays[i]!.close();
    const degraded = await measure(async () => {
      back = await client.get(put!.root, put!.key, { relays: put!.relays });
    });
    if (Buffer.compare(back, data) !== 0) throw new Error("degraded read differs");
    console.log(`K=${k},M=${m} on ${relayCount} relays`);
    console.log(`  write          ${fmt(write, base.write)}`);
    console.log(`  read           ${fmt(read, base.read)}`);
    console.log(`  FUSE read      ${fuse}`);
    console.log(`  degraded read  ${fmt(degraded, base.read)}   (${m} relays stopped)`);
  } finally {
    transport.close();
    await Promise.all(relays.map((r) => r.close()));
  }
}

const base = await rawDisk();
aes = await measure(async () => encryptSegments(new Uint8Array(32).fill(1), data, 64 * 1024));
console.log(`CBFS bench, ${MIB} MiB file (baseline: raw disk in this run)`);
console.log(`raw disk write+fsync ${fmt(base.write)}`);
console.log(`raw disk read        ${fmt(base.read)}`);
console.log(`raw AES-256-GCM      ${fmt(aes)}`);
await cbfs(4, 2, 6, base);
await cbfs(10, 4, 14, base);
// Repair: K=4,M=2 on 7 relays (a spare to re-place onto), one relay stopped, every stripe that lost a shard rebuilt.
{
  const relays = await Promise.all(
    Array.from({ length: 7 }, (_, i) => startRelay({ privateKey: new Uint8Array(32).fill(i + 1), stake: 1000n, dataDir: join(dir, `repair-r${i}`) })),
  );
  const transport = createHttpTransport();
  const client = createCbfsClient({ transport });
  const put = await client.put(data, { relays: relays.map((r) => r.url), ownerKey: new Uint8Array(32).fill(7) });
  await relays.find((r) => r.url === put.relays[0]!.endpoint)!.close();
  const t0 = performance.now();
  const moves = await client.repair(put.root, { placedOn: put.relays, candidates: put.relays });
  console.log(`repair after one of 7 relays stopped (K=4,M=2): ${moves.length} shards rebuilt and re-placed in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  transport.close();
  await Promise.all(relays.map((r) => r.close()));
}
rmSync(dir, { recursive: true, force: true });
