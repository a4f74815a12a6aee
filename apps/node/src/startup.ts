// What cowboyd checks before it opens anything (issue 20, "a lock on the data directory", "a
// one-line error on a busy port"; apps/node/README.md "Data directory"): one node per data
// directory, held by DIR/LOCK (the holder's pid), and a free RPC port.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { CowboyError } from "@cowboy/codec";

export type NodeStartErrorCode =
  /** Another live process holds the data directory's lock (meta: its pid). */
  | "DATA_DIR_LOCKED"
  /** The RPC port is taken (or cannot be bound) on its interface. */
  | "PORT_IN_USE";

/** Why a node did not start; the message is one line naming the directory or port and what to do. */
export class NodeStartError extends CowboyError<NodeStartErrorCode> {
  override readonly name = "NodeStartError";
}

/** The lock file's name inside the data directory. */
export const LOCK_FILE = "LOCK";

/** True when a process with `pid` exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock on `dataDir` for this process: creates DIR/LOCK exclusively with this pid. A lock
 * whose pid is no longer running (a node killed with SIGKILL, a crash) is stale and taken over; one
 * held by a running process refuses with NodeStartError DATA_DIR_LOCKED. Returns the release
 * function (idempotent; removes the file only while it is still ours).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, "wx", 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const holder = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new NodeStartError("DATA_DIR_LOCKED", `the data directory ${dataDir} is in use by another node (pid ${holder}); stop it or pass another --data`, {
          pid: holder,
        });
      }
      // Stale (its process is gone, or the file is unreadable): remove it and race for it again.
      rmSync(path, { force: true });
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      try {
        if (readFileSync(path, "utf8").trim() === String(process.pid)) rmSync(path, { force: true });
      } catch {
        // Already gone (e.g. --reset removed the directory): nothing to release.
      }
    };
  }
}

/** Refuses with NodeStartError PORT_IN_USE when `host:port` cannot be listened on (port 0 always can). */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      const why = error.code === "EADDRINUSE" ? "is in use (another node or devnet?)" : `cannot be bound (${error.code ?? error.message})`;
      reject(new NodeStartError("PORT_IN_USE", `port ${port} on ${host} ${why}; stop that process or choose another port`, { port }));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
