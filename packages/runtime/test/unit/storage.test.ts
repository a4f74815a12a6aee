// One table of journal behaviour run against both Storage implementations, then the file-only
// recovery cases (torn tail, flipped byte) against real files.
import { mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileStorage, type JournalRecovery, MemoryStorage, type Storage } from "../../src/index.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const root = mkdtempSync(join(tmpdir(), "cowboy-runtime-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;

async function dump(storage: Storage, name: string): Promise<string[]> {
  const j = await storage.journal(name);
  const out = [...j.replay()].map((r) => `${r.section}:${dec(r.record)}`);
  await j.close();
  return out;
}

const implementations: [string, () => Promise<Storage>][] = [
  ["MemoryStorage", async () => new MemoryStorage()],
  ["FileStorage", () => FileStorage.open(join(root, `s${dirs++}`))],
];

describe.each(implementations)("%s", (_name, make) => {
  it("replays sections ascending, append order within a section, and survives close/reopen", async () => {
    const storage = await make();
    const j = await storage.journal("votes");
    expect([...j.replay()]).toEqual([]);
    j.append(5n, enc("5a"));
    j.append(2n, enc("2a"));
    j.append(5n, enc("5b"));
    j.append(0x1_0000_0000n, enc("big"));
    j.append(2n, enc("")); // an empty record, from an empty backing buffer
    await j.sync();
    expect([...j.replay()].map((r) => `${r.section}:${dec(r.record)}`)).toEqual(["2:2a", "2:", "5:5a", "5:5b", "4294967296:big"]);
    await j.close();
    expect(await dump(storage, "votes")).toEqual(["2:2a", "2:", "5:5a", "5:5b", "4294967296:big"]);
  });

  it("keeps journals apart and copies records in and out", async () => {
    const storage = await make();
    const a = await storage.journal("a");
    const b = await storage.journal("b-2_x");
    const buf = enc("one");
    a.append(1n, buf);
    buf.fill(0);
    b.append(1n, enc("two"));
    await Promise.all([a.sync(), b.sync()]);
    const first = [...a.replay()][0];
    first?.record.fill(0);
    expect([...a.replay()].map((r) => dec(r.record))).toEqual(["one"]);
    expect([...b.replay()].map((r) => dec(r.record))).toEqual(["two"]);
    await Promise.all([a.close(), b.close()]);
  });

  it("prune removes every section below, durably, and appends continue above", async () => {
    const storage = await make();
    const j = await storage.journal("p");
    for (const s of [1n, 2n, 3n, 4n]) j.append(s, enc(`r${s}`));
    await j.sync();
    await j.prune(3n);
    expect([...j.replay()].map((r) => r.section)).toEqual([3n, 4n]);
    j.append(5n, enc("r5"));
    await j.sync();
    await j.prune(0n);
    await j.close();
    expect(await dump(storage, "p")).toEqual(["3:r3", "4:r4", "5:r5"]);
  });

  it("refuses bad names, a second open, use after close, bad sections and non-bytes", async () => {
    const storage = await make();
    await expect(storage.journal("")).rejects.toMatchObject({ code: "INVALID_JOURNAL_NAME" });
    await expect(storage.journal("../up")).rejects.toMatchObject({ code: "INVALID_JOURNAL_NAME" });
    await expect(storage.journal("a b")).rejects.toMatchObject({ code: "INVALID_JOURNAL_NAME" });
    const j = await storage.journal("x");
    await expect(storage.journal("x")).rejects.toMatchObject({ code: "JOURNAL_OPEN" });
    expect(() => j.append(-1n, enc("r"))).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => j.append(1n << 64n, enc("r"))).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => j.append(1n, "r" as unknown as Uint8Array)).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    await j.close();
    await j.close();
    expect(() => j.append(1n, enc("r"))).toThrowError(expect.objectContaining({ code: "JOURNAL_CLOSED" }));
    await expect(j.sync()).rejects.toMatchObject({ code: "JOURNAL_CLOSED" });
    await expect(j.prune(1n)).rejects.toMatchObject({ code: "JOURNAL_CLOSED" });
    const again = await storage.journal("x");
    await again.close();
  });
});

describe("MemoryStorage crash", () => {
  it("loses unsynced records, keeps synced ones, closes open handles", async () => {
    const storage = new MemoryStorage();
    const j = await storage.journal("j");
    j.append(1n, enc("kept"));
    await j.sync();
    j.append(1n, enc("lost"));
    j.append(2n, enc("lost too"));
    storage.crash();
    expect(() => j.append(1n, enc("x"))).toThrowError(expect.objectContaining({ code: "JOURNAL_CLOSED" }));
    expect(await dump(storage, "j")).toEqual(["1:kept"]);
  });
});

describe("FileStorage files", () => {
  async function written(records: string[]): Promise<{ dir: string; file: string }> {
    const dir = join(root, `f${dirs++}`);
    const storage = await FileStorage.open(dir);
    const j = await storage.journal("votes");
    for (const r of records) j.append(7n, enc(r));
    await j.sync();
    await j.close();
    return { dir, file: join(dir, "votes", "0000000000000007.log") };
  }

  it("writes one file per section of length + CRC-32 framed records", async () => {
    const { dir, file } = await written(["abc"]);
    expect(readdirSync(join(dir, "votes"))).toEqual(["0000000000000007.log"]);
    // u32 LE length 3, u32 LE crc32(03 00 00 00 || "abc") (zlib.crc32 in Python agrees), "abc"
    expect(Buffer.from(readFileSync(file)).toString("hex")).toBe("03000000335de166616263");
  });

  it("a torn tail (file cut mid-record) is truncated on open; the good prefix stays and appends follow it", async () => {
    const { dir, file } = await written(["first", "second", "third"]);
    const full = readFileSync(file).length;
    truncateSync(file, full - 3);
    const recoveries: JournalRecovery[] = [];
    const storage = await FileStorage.open(dir, { onRecovery: (r) => recoveries.push(r) });
    const j = await storage.journal("votes");
    expect([...j.replay()].map((r) => dec(r.record))).toEqual(["first", "second"]);
    expect(recoveries).toEqual([{ journal: "votes", section: 7n, keptBytes: 8 + 5 + 8 + 6, droppedBytes: 8 + 5 - 3 }]);
    expect(readFileSync(file).length).toBe(8 + 5 + 8 + 6);
    j.append(7n, enc("fourth"));
    await j.sync();
    await j.close();
    expect(await dump(await FileStorage.open(dir), "votes")).toEqual(["7:first", "7:second", "7:fourth"]);
  });

  it("a flipped byte inside a record ends the valid prefix there", async () => {
    const { dir, file } = await written(["first", "second", "third"]);
    const bytes = readFileSync(file);
    bytes[8 + 5 + 8 + 2] = (bytes[8 + 5 + 8 + 2] as number) ^ 0x01; // inside "second"
    writeFileSync(file, bytes);
    expect(await dump(await FileStorage.open(dir), "votes")).toEqual(["7:first"]);
  });

  it("a corrupt length field (larger than the file) is a torn tail, not an allocation", async () => {
    const { dir, file } = await written(["first"]);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3, 4, 5])]));
    expect(await dump(await FileStorage.open(dir), "votes")).toEqual(["7:first"]);
    expect(readFileSync(file).length).toBe(13);
  });

  it("a file cut at any byte yields exactly the records whose frames end before the cut", async () => {
    const { decodeFrames, encodeFrame } = await import("../../src/journal-frame.js");
    const records = ["", "a", "bb", "a longer record of bytes", "z"].map(enc);
    const frames = records.map(encodeFrame);
    const file = Buffer.concat(frames);
    const ends = frames.map((_, i) => frames.slice(0, i + 1).reduce((n, f) => n + f.length, 0));
    for (let cut = 0; cut <= file.length; cut++) {
      const whole = ends.filter((end) => end <= cut).length;
      const decoded = decodeFrames(file.subarray(0, cut));
      expect(decoded.records.map(dec)).toEqual(records.slice(0, whole).map(dec));
      expect(decoded.validBytes).toBe(whole === 0 ? 0 : ends[whole - 1]);
    }
    // And through real files, at a few cut points.
    for (const cut of [0, 9, ends[2] as number, file.length - 1]) {
      const { dir, file: path } = await written(records.map(dec));
      truncateSync(path, cut);
      const whole = ends.filter((end) => end <= cut).length;
      expect(await dump(await FileStorage.open(dir), "votes")).toEqual(records.slice(0, whole).map((r) => `7:${dec(r)}`));
    }
  });

  it("prune unlinks the section files below and ignores foreign files", async () => {
    const dir = join(root, `f${dirs++}`);
    const storage = await FileStorage.open(dir);
    const j = await storage.journal("q");
    for (const s of [1n, 2n, 3n]) j.append(s, enc("x"));
    writeFileSync(join(dir, "q", "notes.txt"), "not a section");
    await j.sync();
    await j.prune(3n);
    expect(readdirSync(join(dir, "q")).sort()).toEqual(["0000000000000003.log", "notes.txt"]);
    await j.close();
  });
});

describe("FileStorage failures", () => {
  it("reports a failing file operation as STORAGE_IO with the errno, and a concurrent second open as JOURNAL_OPEN", async () => {
    const file = join(root, `plain-file-${dirs++}`);
    writeFileSync(file, "not a directory");
    await expect(FileStorage.open(join(file, "sub"))).rejects.toMatchObject({ code: "STORAGE_IO", meta: { op: "mkdir", errno: "ENOTDIR" } });
    const storage = await FileStorage.open(join(root, `f${dirs++}`));
    const [one, two] = await Promise.allSettled([storage.journal("same"), storage.journal("same")]);
    expect(one.status).toBe("fulfilled");
    expect(two).toMatchObject({ status: "rejected", reason: { code: "JOURNAL_OPEN" } });
    await expect(FileStorage.open("")).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });
});
