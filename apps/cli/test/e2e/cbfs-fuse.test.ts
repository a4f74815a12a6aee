// `cowboy fs mount` through FUSE (issue 24; cips/cbfs.md §12): three relays on loopback, a 2+1 file put with
// `fs put`, mounted by `fs mount` (a detached mount process), then read from this process: byte for byte, a ranged
// read in the middle, the directory listed, a write refused (EROFS); one relay stopped and the file read again (its
// first stripes no longer cached: degraded reads through parity); `fs unmount` stops the process and leaves no mount
// in /proc/mounts. Skips, saying why, without root or FUSE. Reads here use fs/promises (libuv's thread pool): the
// relays run in this process, and a synchronous read would block the event loop they answer on.
// Also, everywhere: with FUSE turned off (COWBOY_FUSE=off), `fs mount` says so and makes a verified copy.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { open, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fuseSupport, isFuseMounted, unmountDir } from "@cowboy/cbfs/fuse";
import { type RunningRelay, startRelay } from "@cowboy/relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-cbfs-fuse-"));
const mnt = join(dir, "mnt");
const input = join(dir, "in.bin");
// 6 MiB + 1,234 bytes at K=2 (1 MiB blocks): four stripes of 2 MiB of segment stream.
const plaintext = Uint8Array.from({ length: 6 * 1024 * 1024 + 1234 }, (_, i) => (i * 151 + (i >> 13)) & 0xff);
const support = await fuseSupport();
const skip = !support.available ? support.reason : process.getuid?.() !== 0 ? "not root" : undefined;
if (skip !== undefined) console.log(`cbfs-fuse: FUSE mount test skipped: ${skip}`);
let relays: RunningRelay[] = [];
let mountPid: number | undefined;

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

async function cli(argv: string[], env: Record<string, string | undefined> = process.env) {
  const io = { ...memoryIo({ files: { [input]: plaintext } }), env };
  const status = await runCommand(cowboy, [...argv, "--home", join(dir, "home")], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

beforeAll(async () => {
  writeFileSync(input, plaintext);
  relays = await Promise.all([1, 2, 3].map((i) => startRelay({ privateKey: new Uint8Array(32).fill(i), stake: 1000n, dataDir: join(dir, `relay-${i}`) })));
}, 60_000);

afterAll(async () => {
  // Whatever happened above, no mount and no mount process is left behind.
  if (await isFuseMounted(mnt)) await unmountDir(mnt, mountPid);
  await Promise.all(relays.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("cowboy fs mount", () => {
  let root = "";
  it("puts the file (2+1 on three relays)", async () => {
    const put = await cli(["fs", "put", input, "--k", "2", "--m", "1", "--relays", relays.map((r) => r.url).join(","), "--key", `0x${"11".repeat(32)}`]);
    expect(put.stderr).toBe("");
    root = put.stdout.trim();
    expect(root).toMatch(/^0x[0-9a-f]{64}$/);
  }, 60_000);

  it.skipIf(skip !== undefined)(
    "mounts through FUSE, serves reads lazily and degraded, unmounts cleanly",
    async () => {
      const t0 = performance.now();
      // A mount point must be empty (the copy's directory is not).
      const full = join(dir, "full");
      mkdirSync(full);
      writeFileSync(join(full, "x"), "x");
      expect((await cli(["fs", "mount", root, full])).stderr).toBe(`error: ${full} is not empty: a FUSE mount needs an empty directory (or none)\n`);
      const mounted = await cli(["fs", "mount", root, mnt, "--cache-mib", "1"]);
      expect(mounted.stderr).toBe("");
      expect(mounted.status).toBe(0);
      const m = /^(.+) \(read-only; FUSE, pid (\d+); `cowboy fs unmount (.+)` unmounts\)\n$/.exec(mounted.stdout);
      expect(m?.[1]).toBe(join(mnt, "in.bin"));
      expect(m?.[3]).toBe(mnt);
      mountPid = Number(m![2]);
      expect(await isFuseMounted(mnt)).toBe(true);

      expect((await cli(["fs", "mount", root, mnt])).stderr).toContain(`${mnt} is already a FUSE mount`);
      // The directory comes from the manifest: one read-only file of the plaintext's size.
      expect(await readdir(mnt)).toEqual(["in.bin"]);
      const st = await stat(join(mnt, "in.bin"));
      expect(st.size).toBe(plaintext.length);
      expect(st.mode & 0o777).toBe(0o444);

      // Byte for byte, then a ranged read in the middle (across a segment boundary).
      expect(same(await readFile(join(mnt, "in.bin")), plaintext)).toBe(true);
      const handle = await open(join(mnt, "in.bin"), "r");
      const at = 3 * 1024 * 1024 - 1000;
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(70_000), 0, 70_000, at);
      await handle.close();
      expect(bytesRead).toBe(70_000);
      expect(same(buffer, plaintext.subarray(at, at + 70_000))).toBe(true);
      await expect(writeFile(join(mnt, "in.bin"), "x")).rejects.toMatchObject({ code: "EROFS" });
      await expect(writeFile(join(mnt, "new.bin"), "x")).rejects.toMatchObject({ code: "EROFS" });

      // One relay stops: the mount's cache holds three stripes, so the first ones are fetched again, through parity.
      await relays[1]!.close();
      expect(same(await readFile(join(mnt, "in.bin")), plaintext)).toBe(true);

      const unmounted = await cli(["fs", "unmount", mnt]);
      expect(unmounted.stdout).toBe(`unmounted ${mnt}\n`);
      expect(await isFuseMounted(mnt)).toBe(false);
      expect(readFileSync("/proc/mounts", "utf8")).not.toContain(mnt);
      expect(() => process.kill(mountPid!, 0)).toThrow(); // the mount process is gone
      expect((await cli(["fs", "unmount", mnt])).stderr).toContain("is not a FUSE mount");
      console.log(`cbfs-fuse: mount, two 6 MiB reads, a ranged read, unmount: ${(performance.now() - t0).toFixed(0)} ms`);
    },
    60_000,
  );

  it("says when there is no FUSE and makes a verified read-only copy instead", async () => {
    const copy = join(dir, "copy");
    const out = await cli(["fs", "mount", root, copy], { ...process.env, COWBOY_FUSE: "off" });
    expect(out.stderr).toBe("fs mount: no FUSE mount here (FUSE is turned off (COWBOY_FUSE=off)); making a verified read-only copy instead\n");
    expect(out.stdout).toBe(`${join(copy, "in.bin")} (read-only; copied)\n`);
    expect(same(readFileSync(join(copy, "in.bin")), plaintext)).toBe(true);
    expect(statSync(join(copy, "in.bin")).mode & 0o777).toBe(0o444);
  }, 60_000);
});
