// Unmounting by a remembered pid (`cowboy fs unmount` reads it from a pid file that can outlive its mount process):
// a pid that now belongs to another process is never signalled; only a CBFS mount process is.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unmountDir } from "../../src/fuse/index.js";

const children: number[] = [];
afterAll(() => {
  for (const pid of children) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

describe("unmountDir", () => {
  it("leaves a process that is not a mount process alone (a stale pid file's pid reused)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cbfs-unmount-"));
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(other.pid!);
    let exit: NodeJS.Signals | number | null | undefined;
    other.once("exit", (code, signal) => {
      exit = signal ?? code;
    });
    try {
      await expect(unmountDir(dir, other.pid!, 300)).resolves.toBeUndefined();
      expect(exit).toBeUndefined();
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
