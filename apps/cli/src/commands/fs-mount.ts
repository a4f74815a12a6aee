// `cowboy fs mount` through FUSE and `cowboy fs unmount` (cips/cbfs.md §12). The volume is served read-only by a
// mount process (@cowboy/cbfs/fuse): each read fetches and verifies only the stripes it needs. Without
// --foreground the process outlives the command; its pid is kept in <home>/mounts/<id>.json (id: the first 16 hex
// digits of sha256 of the mount point) and its stderr in <home>/mounts/<id>.log, which is how `fs unmount DIR`
// finds it.
import { createHash } from "node:crypto";
import { mkdir, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type MountConfig, isFuseMounted, spawnMountProcess, unmountDir } from "@cowboy/cbfs/fuse";
import { parseCommandArgs, type Command } from "../command.js";
import { CliError } from "../errors.js";
import type { CliIo } from "../io.js";

const mountId = (dir: string) => createHash("sha256").update(dir).digest("hex").slice(0, 16);
const pidFile = (home: string, dir: string) => join(home, "mounts", `${mountId(dir)}.json`);

const asCliError = (error: unknown): never => {
  if (error instanceof Error && "code" in error) throw new CliError(`${String(error.code)}: ${error.message}`);
  throw error;
};

/** Mounts through a mount process; in the foreground, waits until it ends (Ctrl-C, SIGTERM or `fs unmount`). */
export async function fuseMount(o: { io: CliIo; home: string; config: MountConfig; foreground: boolean }): Promise<number> {
  const { io, home, config } = o;
  const path = join(config.dir, config.name);
  // fuse-native would unmount whatever is mounted there first, and libfuse refuses a non-empty mount point.
  if (await isFuseMounted(config.dir)) throw new CliError(`${config.dir} is already a FUSE mount; \`cowboy fs unmount ${config.dir}\` first`);
  const entries = await readdir(config.dir).catch(() => [] as string[]);
  if (entries.length > 0) throw new CliError(`${config.dir} is not empty: a FUSE mount needs an empty directory (or none)`);
  if (o.foreground) {
    const proc = await spawnMountProcess(config, { stderr: "inherit" }).catch(asCliError);
    io.out(`${path} (read-only; FUSE, pid ${proc.pid}; Ctrl-C or \`cowboy fs unmount ${config.dir}\` unmounts)\n`);
    // The child sees a terminal's Ctrl-C itself; a signal sent to this process alone is passed on. Handled on every
    // delivery (a wrapper such as pnpm may forward a signal this process also got), so none kills it mid-unmount.
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      unmountDir(config.dir, proc.pid).catch((e: unknown) => io.err(`${(e as Error).message}\n`));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    const code = await proc.exited;
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
    return code === 0 ? 0 : 1;
  }
  await mkdir(join(home, "mounts"), { recursive: true, mode: 0o700 });
  const log = await open(join(home, "mounts", `${mountId(config.dir)}.log`), "a", 0o600);
  try {
    const proc = await spawnMountProcess(config, { detached: true, stderr: log.fd }).catch(asCliError);
    await writeFile(pidFile(home, config.dir), `${JSON.stringify({ dir: config.dir, pid: proc.pid, root: `0x${config.root}` })}\n`, { mode: 0o600 });
    io.out(`${path} (read-only; FUSE, pid ${proc.pid}; \`cowboy fs unmount ${config.dir}\` unmounts)\n`);
    return 0;
  } finally {
    await log.close();
  }
}

export function unmountCommand(homeDir: (value: string | undefined, io: CliIo) => string): Command {
  return {
    summary: "unmount a volume `fs mount` mounted through FUSE at DIR (stops its mount process)",
    usage: "DIR [--home DIR]",
    async run(args, io) {
      const { values, positionals } = parseCommandArgs(args, { home: { type: "string" } }, { min: 1, max: 1, names: "DIR" });
      const home = homeDir(values.home, io);
      const dir = resolve(positionals[0]!);
      const text = await readFile(pidFile(home, dir), "utf8").catch(() => undefined);
      let pid: unknown;
      try {
        pid = text === undefined ? undefined : (JSON.parse(text) as { pid?: unknown } | null)?.pid;
      } catch {
        io.err(`fs unmount: ${pidFile(home, dir)} is not JSON; unmounting without its pid\n`);
      }
      if (text === undefined && !(await isFuseMounted(dir))) throw new CliError(`${dir} is not a FUSE mount`);
      await unmountDir(dir, typeof pid === "number" ? pid : undefined).catch(asCliError);
      await rm(pidFile(home, dir), { force: true });
      io.out(`unmounted ${dir}\n`);
      return 0;
    },
  };
}
