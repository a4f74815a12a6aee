import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkPortFree, LOCK_FILE, lockDataDir, NodeStartError } from "../../src/startup.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited (a stale holder). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the data directory lock", () => {
  it("writes this pid, refuses a second holder naming the first's pid, and is released by its holder", () => {
    const data = join(dir, "a");
    const release = lockDataDir(data);
    expect(readFileSync(join(data, LOCK_FILE), "utf8")).toBe(`${process.pid}\n`);
    // Another live process (the parent of this one stands in: alive, not us).
    writeFileSync(join(data, LOCK_FILE), `${process.ppid}\n`);
    let refused: unknown;
    try {
      lockDataDir(data);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(NodeStartError);
    expect((refused as NodeStartError).code).toBe("DATA_DIR_LOCKED");
    expect((refused as NodeStartError).message).toBe(`the data directory ${data} is in use by another node (pid ${process.ppid}); stop it or pass another --data`);
    // Not ours any more: release leaves the other holder's lock alone.
    release();
    expect(readFileSync(join(data, LOCK_FILE), "utf8")).toBe(`${process.ppid}\n`);
    writeFileSync(join(data, LOCK_FILE), `${process.pid}\n`);
    release();
    expect(readFileSync(join(data, LOCK_FILE), "utf8")).toBe(`${process.pid}\n`); // released once only
  });

  it("takes over a stale lock (its process is gone) and an unreadable one", () => {
    const data = join(dir, "b");
    const stale = deadPid();
    lockDataDir(data)();
    writeFileSync(join(data, LOCK_FILE), `${stale}\n`);
    const release = lockDataDir(data);
    expect(readFileSync(join(data, LOCK_FILE), "utf8")).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
    writeFileSync(join(data, LOCK_FILE), "garbage");
    lockDataDir(data)();
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
  });
});

describe("the RPC port check", () => {
  it("passes a free port and port 0, refuses a taken one in one line", async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen({ host: "127.0.0.1", port: 0 }, resolve));
    const port = (server.address() as { port: number }).port;
    try {
      await expect(checkPortFree("127.0.0.1", port)).rejects.toThrow(
        new NodeStartError("PORT_IN_USE", `port ${port} on 127.0.0.1 is in use (another node or devnet?); stop that process or choose another port`, { port }),
      );
      await expect(checkPortFree("127.0.0.1", 0)).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await expect(checkPortFree("127.0.0.1", port)).resolves.toBeUndefined();
  });
});
