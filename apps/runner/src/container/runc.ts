// Runs one container with runc (cips/runner-process.md "Container"): an OCI runtime bundle with a read-only
// rootfs, fresh pid/ipc/uts/mount/network namespaces (no network: committees stay verifiable, spec §12.2), no
// capabilities, no-new-privileges, and cgroup limits on memory, pids and CPU. stdout is bounded; a wall-clock bound
// kills the container. Needs root and runc (Debian `runc`); `containerSupport()` says why not when they are missing.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunnerError } from "../errors.js";
import { unpackLayout } from "./oci.js";

export interface ContainerLimits {
  readonly memoryMb: number;
  readonly pids: number;
  /** CPU quota in thousandths of a core (1000 = one core). */
  readonly cpuMillis: number;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

export interface ContainerRun {
  readonly layout: string;
  readonly image: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** Written to the process's standard input, which is then closed. */
  readonly stdin?: string;
  readonly limits: ContainerLimits;
  readonly runc?: string;
}

export interface ContainerExit {
  readonly exitCode: number;
  readonly stdout: Uint8Array;
  readonly stderr: string;
  readonly timedOut: boolean;
}

/** Whether containers can run here; `reason` says what is missing. */
export function containerSupport(runc = "runc"): { ok: true } | { ok: false; reason: string } {
  if (process.getuid?.() !== 0) return { ok: false, reason: "containers need root (runc with cgroup limits)" };
  const probe = spawnSync(runc, ["--version"], { encoding: "utf8" });
  if (probe.error !== undefined || probe.status !== 0) return { ok: false, reason: `${runc} is not installed (Debian package runc)` };
  return { ok: true };
}

function runtimeConfig(run: ContainerRun): object {
  const period = 100_000;
  return {
    ociVersion: "1.0.2",
    process: {
      terminal: false,
      user: { uid: 65534, gid: 65534 },
      args: [...run.args],
      env: ["PATH=/bin", ...Object.entries(run.env).map(([k, v]) => `${k}=${v}`)],
      cwd: "/",
      noNewPrivileges: true,
      capabilities: { bounding: [], effective: [], permitted: [], ambient: [] },
      rlimits: [{ type: "RLIMIT_NOFILE", hard: 64, soft: 64 }],
    },
    root: { path: "rootfs", readonly: true },
    hostname: "job",
    mounts: [
      { destination: "/proc", type: "proc", source: "proc" },
      { destination: "/dev", type: "tmpfs", source: "tmpfs", options: ["nosuid", "strictatime", "mode=755", "size=65536k"] },
      { destination: "/tmp", type: "tmpfs", source: "tmpfs", options: ["nosuid", "nodev", "size=16m"] },
    ],
    linux: {
      namespaces: [{ type: "pid" }, { type: "ipc" }, { type: "uts" }, { type: "mount" }, { type: "network" }],
      resources: {
        memory: { limit: run.limits.memoryMb * 1024 * 1024, swap: run.limits.memoryMb * 1024 * 1024 },
        pids: { limit: run.limits.pids },
        cpu: { quota: Math.max(1_000, Math.floor((run.limits.cpuMillis * period) / 1000)), period },
        devices: [{ allow: false, access: "rwm" }],
      },
      maskedPaths: ["/proc/kcore", "/proc/keys", "/proc/timer_list", "/sys/firmware"],
      readonlyPaths: ["/proc/bus", "/proc/fs", "/proc/irq", "/proc/sys", "/proc/sysrq-trigger"],
    },
  };
}

/** Unpacks the image into a fresh bundle, runs it under runc with the limits, removes the bundle. */
export async function runContainer(run: ContainerRun): Promise<ContainerExit> {
  const runc = run.runc ?? "runc";
  const bundle = mkdtempSync(join(tmpdir(), "cowboy-job-"));
  const id = `cowboy-${bundle.slice(-6).toLowerCase()}-${process.pid}`;
  try {
    unpackLayout(run.layout, run.image, join(bundle, "rootfs"));
    writeFileSync(join(bundle, "config.json"), JSON.stringify(runtimeConfig(run)));
    return await new Promise<ContainerExit>((resolve, reject) => {
      const child = spawn(runc, ["run", "--bundle", bundle, id], { stdio: [run.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
      if (run.stdin !== undefined) {
        child.stdin!.on("error", () => undefined); // a container that exits without reading it
        child.stdin!.end(run.stdin);
      }
      const out: Uint8Array[] = [];
      let size = 0;
      let stderr = "";
      let timedOut = false;
      let overflow = false;
      const kill = () => spawnSync(runc, ["kill", id, "KILL"]);
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, run.limits.timeoutMs);
      child.stdout!.on("data", (c: Uint8Array) => {
        size += c.length;
        if (size > run.limits.maxOutputBytes) {
          if (!overflow) kill();
          overflow = true;
          return;
        }
        out.push(c);
      });
      child.stderr!.on("data", (c: Uint8Array) => {
        if (stderr.length < 4096) stderr += new TextDecoder().decode(c);
      });
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(new RunnerError("CONTAINER_UNAVAILABLE", `cannot start runc: ${e.message}`));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (overflow) {
          reject(new RunnerError("OUTPUT_TOO_LARGE", `the container printed more than ${run.limits.maxOutputBytes} bytes`, { bound: run.limits.maxOutputBytes }));
          return;
        }
        const stdout = new Uint8Array(size);
        let at = 0;
        for (const c of out) {
          stdout.set(c, at);
          at += c.length;
        }
        resolve({ exitCode: code ?? (signal === null ? -1 : 128), stdout, stderr, timedOut });
      });
    });
  } finally {
    spawnSync(runc, ["delete", "--force", id]);
    if (existsSync(bundle)) rmSync(bundle, { recursive: true, force: true });
  }
}
