// A real crash: a child process appends and syncs journal records, the test kills it with SIGKILL
// mid-stream, and a reopened FileStorage must hold every acknowledged (synced) record, in order,
// with no torn record: then a second writer continues the same journal and is killed again.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { FileStorage } from "../../src/index.js";

const WRITER = fileURLToPath(new URL("./journal-writer.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cowboy-runtime-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `acks` more records, kills it, returns the last acknowledged number. */
function writeThenKill(acks: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", WRITER, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let seen = 0;
    let last = -1;
    let buffered = "";
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.stdout.on("data", (d) => {
      buffered += d;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        last = Number(line);
        if (++seen === acks) child.kill("SIGKILL");
      }
    });
    child.on("exit", (_code, signal) => (signal === "SIGKILL" ? resolve(last) : reject(new Error(`writer exited without being killed: ${stderr}`))));
  });
}

/** The records the writer writes, numbered 0 to n - 1. */
function expected(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `record ${i} `.padEnd(200 + (i % 37), "x"));
}

async function readBack(): Promise<string[]> {
  const journal = await (await FileStorage.open(dir)).journal("log");
  const records = [...journal.replay()].map((r) => new TextDecoder().decode(r.record));
  await journal.close();
  return records;
}

describe("FileStorage across SIGKILL", () => {
  it("keeps every synced record, in order, untorn, and a restarted writer continues after them", async () => {
    const firstAck = await writeThenKill(60);
    const first = await readBack();
    expect(first.length).toBeGreaterThanOrEqual(firstAck + 1);
    expect(first).toEqual(expected(first.length));

    const secondAck = await writeThenKill(40);
    expect(secondAck).toBeGreaterThanOrEqual(first.length + 39);
    const second = await readBack();
    expect(second.length).toBeGreaterThanOrEqual(secondAck + 1);
    expect(second).toEqual(expected(second.length));
  });
});
