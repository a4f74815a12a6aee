import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toHex } from "@cowboy/codec";
import { afterAll, describe, expect, it } from "vitest";
import { LmdbBackend, MemoryBackend, StateStore } from "../../src/index.js";
import { blockWrites } from "../utils/blocks.js";

const CHILD = fileURLToPath(new URL("./fixtures/crash-child.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cowboy-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The roots of an uninterrupted run, block by block (memory backend). */
function referenceRoots(count: number): string[] {
  const store = StateStore.open(new MemoryBackend());
  const roots: string[] = [];
  for (let h = 0; h < count; h++) {
    const fork = store.fork();
    for (const [key, value] of blockWrites(h)) value === null ? fork.delete(key) : fork.set(key, value);
    roots.push(toHex(store.commit(fork, BigInt(h), new Uint8Array(32).fill(h % 256))));
  }
  return roots;
}

/** Runs the child until it has reported `after` commits plus a seeded extra delay, then SIGKILLs it. */
function runAndKill(path: string, delayMs: number): Promise<Array<[number, string]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", CHILD, path], { stdio: ["ignore", "pipe", "pipe"] });
    const commits: Array<[number, string]> = [];
    let buffer = "";
    let err = "";
    let armed = false;
    child.stderr.on("data", (d) => (err += d));
    child.stdout.on("data", (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        const [, h, root] = line.split(" ");
        commits.push([Number(h), root!]);
      }
      if (!armed && commits.length > 0) {
        armed = true;
        setTimeout(() => child.kill("SIGKILL"), delayMs);
      }
    });
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`child exited with ${code}: ${err}`));
      else resolve(commits);
    });
  });
}

describe("crash safety on lmdb", () => {
  it("reopens at the last committed block after SIGKILL at random points, and continues to the same roots", async () => {
    const path = join(dir, "store");
    // A seeded sequence of kill delays (ms after the first commit of each run).
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 400;
    let lastReported = -1;
    for (let round = 0; round < 4; round++) {
      const commits = await runAndKill(path, 20 + next());
      expect(commits.length).toBeGreaterThan(0);
      lastReported = commits.at(-1)![0];
      const store = StateStore.open(LmdbBackend.open(path));
      const head = store.head()!;
      // The child may have committed one more block after its last report reached us.
      expect(Number(head.height) === lastReported || Number(head.height) === lastReported + 1).toBe(true);
      const reference = referenceRoots(Number(head.height) + 2);
      expect(toHex(head.root)).toBe(reference[Number(head.height)]);
      for (const [h, root] of commits) expect(root).toBe(reference[h]);
      // Re-applying the next block gives the uninterrupted run's root.
      const fork = store.fork();
      const h = Number(head.height) + 1;
      for (const [key, value] of blockWrites(h)) value === null ? fork.delete(key) : fork.set(key, value);
      expect(toHex(fork.computeRoot())).toBe(reference[h]);
      await store.close();
    }
  }, 120_000);
});
