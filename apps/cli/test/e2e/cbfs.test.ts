// CBFS end to end (issue 24): six `cowboy relay start` processes on loopback; `cowboy fs put` of a 64 MiB file
// from another process; two relays killed with SIGKILL; `cowboy fs get` reads it back byte for byte; no relay's
// data directory holds a plaintext marker; two spare relays join and `cowboy fs repair` rebuilds the lost shards onto
// them; a third relay is killed and the file still reads back; `fs ls` lists it and `fs rm` deletes it everywhere.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAIN = resolve(fileURLToPath(import.meta.url), "../../../src/main.ts");
const NODE_ARGS = ["--import", "tsx", "--conditions=@cowboy/source", MAIN];
const dir = mkdtempSync(join(tmpdir(), "cowboy-cbfs-e2e-"));
const OWNER = `0x${"11".repeat(32)}`;
const MARKER = "COWBOY-PLAINTEXT-MARKER-7f3a";
const relays: { child: ChildProcess; url: string; data: string }[] = [];
const env: Record<string, string | undefined> = { ...process.env, COWBOY_CBFS_HOME: join(dir, "home"), COWBOY_KEY: OWNER };

function cowboy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [...NODE_ARGS, ...args], { env, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : ((error as { code?: number }).code ?? 1), stdout, stderr }),
    );
  });
}

function startRelay(i: number): Promise<{ child: ChildProcess; url: string; data: string }> {
  const data = join(dir, `relay${i}`);
  const key = `0x${(i + 1).toString(16).padStart(2, "0").repeat(32)}`;
  const child = spawn(process.execPath, [...NODE_ARGS, "relay", "start", "--key", key, "--stake", String(1000 * (i + 1)), "--data", data], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((ready, fail) => {
    let out = "";
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) ready({ child, url: m[1]!, data });
    });
    child.once("exit", (code) => fail(new Error(`relay ${i} exited with ${code}: ${out}`)));
  });
}

function filesUnder(path: string): string[] {
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  // Six tsx processes start slowly on a loaded 2-core machine.
  relays.push(...(await Promise.all([0, 1, 2, 3, 4, 5].map(startRelay))));
  env.COWBOY_RELAYS = relays.map((r) => r.url).join(",");
}, 600_000);
afterAll(() => {
  for (const r of relays) r.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("cbfs end to end: 6 relay processes, 64 MiB, kill -9 two", () => {
  it("puts 64 MiB, survives two SIGKILLed relays, reads back byte for byte; relays hold no plaintext", async () => {
    const size = 64 * 1024 * 1024;
    const file = new Uint8Array(size);
    file.set(randomBytes(size));
    const marker = new TextEncoder().encode(MARKER);
    for (let at = 0; at + marker.length <= size; at += 1 << 16) file.set(marker, at);
    const input = join(dir, "input.bin");
    writeFileSync(input, file);

    const t0 = performance.now();
    // --memory-mib 16: the 64 MiB file is read a stripe at a time, its shards spooled under the home directory.
    const put = await cowboy(["fs", "put", input, "--memory-mib", "16"]);
    const putMs = performance.now() - t0;
    expect(put.stderr).toBe("");
    expect(put.code).toBe(0);
    const root = put.stdout.trim();
    expect(root).toMatch(/^0x[0-9a-f]{64}$/);
    expect(readdirSync(join(dir, "home", "spool"))).toEqual([]); // the spooled stripes are gone after the upload

    // Every relay stored its shards (17 stripes — 64 MiB plus 1,024 GCM tags — × one shard each) and the manifest.
    for (const r of relays) expect(readdirSync(join(r.data, "shards"))).toHaveLength(17);

    // No relay's disk holds the plaintext marker (or the file key).
    const record = JSON.parse(readFileSync(join(dir, "home", "volumes", `${root.slice(2)}.json`), "utf8")) as { key: string };
    const needles = [Buffer.from(MARKER), Buffer.from(record.key, "hex"), Buffer.from(record.key)];
    let scanned = 0;
    for (const r of relays)
      for (const f of filesUnder(r.data)) {
        const bytes = readFileSync(f);
        scanned += bytes.length;
        for (const n of needles) expect(bytes.indexOf(n)).toBe(-1);
      }
    expect(scanned).toBeGreaterThan(size * 1.5);

    relays[1]!.child.kill("SIGKILL");
    relays[4]!.child.kill("SIGKILL");
    await new Promise((r) => relays[4]!.child.once("exit", r));

    const out = join(dir, "output.bin");
    const t1 = performance.now();
    const got = await cowboy(["fs", "get", root, out]);
    const getMs = performance.now() - t1;
    expect(got.stderr).toBe("");
    expect(got.code).toBe(0);
    expect(statSync(out).size).toBe(size);
    expect(readFileSync(out).equals(Buffer.from(file.buffer, file.byteOffset, file.byteLength))).toBe(true);
    console.log(
      `64 MiB: put ${putMs.toFixed(0)} ms (${((64 * 1000) / putMs).toFixed(1)} MiB/s incl. process start), degraded get ${getMs.toFixed(0)} ms (${((64 * 1000) / getMs).toFixed(1)} MiB/s)`,
    );

    // Repair: two spare relays join; `fs repair` rebuilds every stripe's two lost shards onto them (after a
    // 1 s grace), then a third original relay dies and the file still reads back byte for byte.
    const spares = await Promise.all([6, 7].map(startRelay));
    relays.push(...spares);
    const survivors = [0, 2, 3, 5, 6, 7].map((i) => relays[i]!.url).join(",");
    const t2 = performance.now();
    const repaired = await cowboy(["fs", "repair", root, "--relays", survivors, "--grace", "1"]);
    const repairMs = performance.now() - t2;
    expect(repaired.stderr).toBe("");
    expect(repaired.stdout).toBe(`${root}: rebuilt 34 shards onto 2 relays\n`);
    for (const r of spares) expect(readdirSync(join(r.data, "shards"))).toHaveLength(17);
    expect((await cowboy(["fs", "repair", root, "--relays", survivors, "--grace", "0"])).stdout).toBe("nothing to repair\n");
    relays[0]!.child.kill("SIGKILL");
    await new Promise((r) => relays[0]!.child.once("exit", r));
    const again = await cowboy(["fs", "get", root, out]);
    expect(again.stderr).toBe("");
    expect(readFileSync(out).equals(Buffer.from(file.buffer, file.byteOffset, file.byteLength))).toBe(true);
    console.log(`64 MiB repair of 2 lost relays (34 shards, incl. 1 s grace and process start): ${repairMs.toFixed(0)} ms`);

    const ls = await cowboy(["fs", "ls"]);
    expect(ls.stdout).toBe(`${root} ${size} 4+2 ${input}\n`);
    const removed = await cowboy(["fs", "rm", root]);
    expect(removed.stdout).toBe("removed from 5 relays\n");
    for (const i of [2, 3, 5, 6, 7]) expect(readdirSync(join(relays[i]!.data, "shards"))).toHaveLength(0);
    expect((await cowboy(["fs", "ls"])).stdout).toBe("");
  }, 900_000);
});
