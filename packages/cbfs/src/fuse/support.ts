// Can this machine mount a CBFS volume through FUSE? (cips/cbfs.md §12.) Linux with /dev/fuse readable and
// writable, the kernel's `fuse` filesystem, libfuse's `fusermount` (fuse-native unmounts with it), permission to
// mount (root, or a setuid-root fusermount) and the `fuse-native` binding. Anything missing is a reason, never a
// crash: callers fall back to a verified copy. COWBOY_FUSE=off turns FUSE off (to choose the copy on purpose).
import { constants } from "node:fs";
import { access, readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CbfsError } from "../errors.js";

export type FuseSupport = { readonly available: true } | { readonly available: false; readonly reason: string };

/** The subset of fuse-native (2.2.6) the mount server calls. */
export interface FuseBinding {
  new (mnt: string, ops: Record<string, unknown>, opts: Record<string, unknown>): { mount(cb: (err: Error | null) => void): void; unmount(cb: (err: Error | null) => void): void };
  readonly ENOENT: number;
  readonly EIO: number;
  readonly EROFS: number;
}

/** fuse-native, or the reason it cannot be loaded. */
export function loadFuseBinding(): FuseBinding | string {
  try {
    return createRequire(import.meta.url)("fuse-native") as FuseBinding;
  } catch (error) {
    return `the fuse-native binding does not load (${(error as Error).message.split("\n")[0]})`;
  }
}

/** The first directory on PATH holding `name`, or undefined. */
export async function onPath(name: string, env: Record<string, string | undefined> = process.env): Promise<string | undefined> {
  for (const dir of (env.PATH ?? "").split(":").filter((d) => d !== "")) {
    const path = join(dir, name);
    if (
      await access(path, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}

export async function fuseSupport(env: Record<string, string | undefined> = process.env): Promise<FuseSupport> {
  const no = (reason: string): FuseSupport => ({ available: false, reason });
  if (env.COWBOY_FUSE === "off") return no("FUSE is turned off (COWBOY_FUSE=off)");
  if (process.platform !== "linux") return no(`FUSE mounts are built for Linux only, not ${process.platform}`);
  if (
    !(await access("/dev/fuse", constants.R_OK | constants.W_OK).then(
      () => true,
      () => false,
    ))
  )
    return no("/dev/fuse is missing or not readable and writable");
  const filesystems = await readFile("/proc/filesystems", "utf8").catch(() => "");
  if (!/\bfuse$/m.test(filesystems)) return no("the kernel has no fuse filesystem (/proc/filesystems)");
  const fusermount = await onPath("fusermount", env);
  if (fusermount === undefined) return no("libfuse's fusermount is not on PATH (apt-get install fuse libfuse2)");
  const setuid = await stat(fusermount).then(
    (s) => s.uid === 0 && (s.mode & 0o4000) !== 0,
    () => false,
  );
  if (process.getuid?.() !== 0 && !setuid) return no("mounting needs root or a setuid-root fusermount");
  const binding = loadFuseBinding();
  return typeof binding === "string" ? no(binding) : { available: true };
}

/** Throws FUSE_UNAVAILABLE with the reason unless FUSE can be used here. */
export async function requireFuse(env: Record<string, string | undefined> = process.env): Promise<void> {
  const support = await fuseSupport(env);
  if (!support.available) throw new CbfsError("FUSE_UNAVAILABLE", support.reason);
}

/** Unescapes a path field of /proc/mounts (octal escapes such as \040 for a space). */
const unescapeMountField = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));

/** The FUSE mount points a /proc/mounts text lists (type `fuse` or `fuse.*`), unescaped. */
export function fuseMountPoints(mounts: string): string[] {
  return mounts.split("\n").flatMap((line) => {
    const [, point, type] = line.split(" ");
    return point !== undefined && (type === "fuse" || type?.startsWith("fuse.") === true) ? [unescapeMountField(point)] : [];
  });
}

/** True when `dir` (an absolute path) is a FUSE mount point in /proc/mounts. */
export async function isFuseMounted(dir: string): Promise<boolean> {
  return fuseMountPoints(await readFile("/proc/mounts", "utf8").catch(() => "")).includes(dir);
}
