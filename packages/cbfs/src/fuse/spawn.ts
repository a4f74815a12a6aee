// Starting and stopping FUSE mount processes (cips/cbfs.md §12). The mount runs in a child process because a
// process that reads its own FUSE mount deadlocks. Built, the child is mount-process.js beside this module (this
// package's dist/fuse/, or the CLI bundle's dist/, its own tsup entry), or fuse/mount-process.js when this module
// landed in a chunk at dist/; from sources (tests), mount-process.ts through tsx, as @cowboy/execution's verify pool
// does for its worker.
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CbfsError } from "../errors.js";
import type { MountConfig } from "./config.js";
import { isFuseMounted } from "./support.js";

export interface MountProcess {
  readonly pid: number;
  /** The mounted file's size in bytes. */
  readonly size: number;
  /** Resolves with the exit code once the process ends (only for a child that is not detached). */
  readonly exited: Promise<number | null>;
}

export interface SpawnMountOptions {
  /** Outlive the parent (`cowboy fs mount` without --foreground): its own session, unreferenced once mounted. */
  readonly detached?: boolean;
  /** Where the child's stderr goes: "inherit", "ignore" or an open file descriptor (default "ignore"). */
  readonly stderr?: "inherit" | "ignore" | number;
  /** Give up (and kill the child) if it has not mounted after this long (default 60 s). */
  readonly timeoutMs?: number;
}

function entry(): { command: string; args: string[] } {
  const self = import.meta.url;
  if (!self.endsWith(".ts")) {
    const candidates = ["./mount-process.js", "./fuse/mount-process.js"].map((path) => fileURLToPath(new URL(path, self)));
    const found = candidates.find((path) => existsSync(path));
    if (found === undefined) throw new CbfsError("FUSE_UNAVAILABLE", `the mount process is not built (looked for ${candidates.join(", ")})`);
    return { command: process.execPath, args: [found] };
  }
  const tsx = pathToFileURL(createRequire(self).resolve("tsx")).href;
  return { command: process.execPath, args: ["--import", tsx, "--conditions=@cowboy/source", fileURLToPath(new URL("./mount-process.ts", self))] };
}

/** Spawns a mount process and resolves once the volume is mounted; rejects with the child's own error code. */
export async function spawnMountProcess(config: MountConfig, options: SpawnMountOptions = {}): Promise<MountProcess> {
  const { command, args } = entry();
  const child = spawn(command, args, { detached: options.detached === true, stdio: ["pipe", "pipe", options.stderr ?? "ignore"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A child that dies before reading its config breaks the pipe: that is reported by "close" below.
  child.stdin!.on("error", () => {});
  child.stdin!.end(JSON.stringify(config));
  return new Promise<MountProcess>((resolve, reject) => {
    let out = "";
    const fail = (error: CbfsError) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new CbfsError("MOUNT_FAILED", `the mount process did not mount ${config.dir} within ${options.timeoutMs ?? 60_000} ms`)),
      options.timeoutMs ?? 60_000,
    );
    child.once("error", (error) => fail(new CbfsError("MOUNT_FAILED", `the mount process did not start: ${error.message}`)));
    const early = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(new CbfsError("MOUNT_FAILED", `the mount process exited (${signal ?? code}) before mounting ${config.dir}${out === "" ? "" : `: ${out.trim()}`}`));
    // "close" (not "exit"): it comes after the child's stdout has been read, so its error line is never lost.
    child.once("close", early);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const newline = out.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      child.removeListener("close", early);
      child.stdout!.removeAllListeners("data");
      child.stdout!.destroy();
      let line: { ready?: boolean; size?: number; error?: { code?: string; message?: string } };
      try {
        line = JSON.parse(out.slice(0, newline)) as typeof line;
      } catch {
        line = { error: { message: `unreadable answer '${out.slice(0, newline)}'` } };
      }
      if (line.ready !== true || typeof line.size !== "number") {
        const code = (line.error?.code ?? "MOUNT_FAILED") as ConstructorParameters<typeof CbfsError>[0];
        child.kill("SIGKILL");
        reject(new CbfsError(code, line.error?.message ?? "the mount process did not mount"));
        return;
      }
      if (options.detached === true) child.unref();
      resolve({ pid: child.pid!, size: line.size, exited });
    });
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** True when `pid` runs a mount process (a pid file can outlive its process, and the pid go to another one). */
const isMountProcess = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .some((arg) => /mount-process\.[jt]s$/.test(arg));
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Unmounts `dir`: SIGTERM to its mount process when its pid is known and still runs a mount process (never to a
 * process that took over a stale pid), then waits until the
 * mount is gone from /proc/mounts; a mount left behind (no pid, or a process that died) is lifted with
 * `fusermount -uz`. MOUNT_FAILED if it is still mounted after `timeoutMs` (default 10 s).
 */
export async function unmountDir(dir: string, pid?: number, timeoutMs = 10_000): Promise<void> {
  const own = pid !== undefined && isMountProcess(pid) ? pid : undefined;
  if (own !== undefined) process.kill(own, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mounted = await isFuseMounted(dir);
    const running = own !== undefined && alive(own);
    if (!mounted && !running) return;
    if (mounted && !running) {
      await new Promise<void>((resolve) => execFile("fusermount", ["-uz", dir], () => resolve()));
      if (!(await isFuseMounted(dir))) return;
    }
    await sleep(50);
  }
  throw new CbfsError("MOUNT_FAILED", `${dir} is still mounted after ${timeoutMs} ms`);
}
