// Serving one CBFS file read-only through FUSE (cips/cbfs.md §12): the mount point is a directory holding a single
// file, `name`, whose size comes from the manifest; every read goes to the VolumeReader, which fetches and verifies
// only the stripes it needs. Writes of any kind are EROFS. Runs in the mount process (mount-process.ts): a process
// must not read its own FUSE mount (the kernel would wait on the event loop that is waiting on it).
import { CbfsError } from "../errors.js";
import type { VolumeReader } from "../client/reader.js";
import { type FuseBinding, loadFuseBinding } from "./support.js";

export interface ServeOptions {
  /** The mount point (an absolute path; created if missing). */
  readonly dir: string;
  /** The file's name inside it (no slash). */
  readonly name: string;
  /** Where read failures are reported (they reach the reader as EIO). */
  readonly log?: (line: string) => void;
}

export interface ServedVolume {
  unmount(): Promise<void>;
}

type Cb = (code: number, ...rest: unknown[]) => void;

const DIR_MODE = 0o40555;
const FILE_MODE = 0o100444;
/** O_WRONLY | O_RDWR: an open for writing. */
const WRITE_FLAGS = 3;

export function serveVolume(reader: VolumeReader, options: ServeOptions): Promise<ServedVolume> {
  if (options.name === "" || options.name.includes("/") || options.name === "." || options.name === "..")
    throw new CbfsError("INVALID_PARAMS", `a mounted file name must be one path component, got '${options.name}'`);
  const binding = loadFuseBinding();
  if (typeof binding === "string") throw new CbfsError("FUSE_UNAVAILABLE", binding);
  const Fuse: FuseBinding = binding;
  const file = `/${options.name}`;
  const started = new Date();
  const attr = (mode: number, size: number) => ({
    mtime: started,
    atime: started,
    ctime: started,
    nlink: mode === DIR_MODE ? 2 : 1,
    size,
    mode,
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
  });
  const readOnly = (...args: unknown[]) => (args[args.length - 1] as Cb)(Fuse.EROFS);
  let handles = 0;
  const ops: Record<string, unknown> = {
    getattr(path: string, cb: Cb) {
      if (path === "/") return cb(0, attr(DIR_MODE, 0));
      if (path === file) return cb(0, attr(FILE_MODE, reader.size));
      cb(Fuse.ENOENT);
    },
    readdir(path: string, cb: Cb) {
      if (path === "/") return cb(0, [options.name]);
      cb(Fuse.ENOENT);
    },
    open(path: string, flags: number, cb: Cb) {
      if (path !== file) return cb(Fuse.ENOENT);
      if ((flags & WRITE_FLAGS) !== 0) return cb(Fuse.EROFS);
      cb(0, ++handles);
    },
    release(_path: string, _fd: number, cb: Cb) {
      cb(0);
    },
    read(path: string, _fd: number, buf: Buffer, len: number, pos: number, cb: (n: number) => void) {
      if (path !== file) return cb(Fuse.ENOENT);
      reader.read(pos, len).then(
        (bytes) => {
          buf.set(bytes);
          cb(bytes.length);
        },
        (error: unknown) => {
          options.log?.(`read of ${len} bytes at ${pos}: ${(error as Error).message}`);
          cb(Fuse.EIO);
        },
      );
    },
    write: readOnly,
    create: readOnly,
    truncate: readOnly,
    ftruncate: readOnly,
    unlink: readOnly,
    rename: readOnly,
    mkdir: readOnly,
    rmdir: readOnly,
    chmod: readOnly,
    chown: readOnly,
    utimens: readOnly,
    symlink: readOnly,
    link: readOnly,
    setxattr: readOnly,
    removexattr: readOnly,
  };
  const fuse = new Fuse(options.dir, ops, { mkdir: true, force: true, fsname: "cbfs" });
  const done = (resolve: () => void, reject: (e: Error) => void, what: string) => (err: Error | null) =>
    err === null ? resolve() : reject(new CbfsError("MOUNT_FAILED", `${what} ${options.dir}: ${err.message}`, { cause: err }));
  return new Promise<ServedVolume>((resolve, reject) => {
    fuse.mount(done(() => resolve({ unmount: () => new Promise<void>((res, rej) => fuse.unmount(done(res, rej, "unmount"))) }), reject, "mount"));
  });
}
