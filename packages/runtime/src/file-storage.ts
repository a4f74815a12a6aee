// The real Storage (capabilities.ts, `Storage`, `Journal`): each journal is a directory holding one
// file per section (`<16 hex digits>.log`) of CRC-framed records (journal-frame.ts). Appends are
// written at once (into the page cache); `sync` fdatasyncs every file written since the last sync and
// the directory when files were created; opening truncates a torn or corrupt tail so it is never yielded;
// `prune` unlinks whole section files and fsyncs the directory. Layout and guarantees: cips/runtime.md §3.
// A failing file operation surfaces as RuntimeError STORAGE_IO with the operation, the path and the errno.
import { ArgumentError, au64, isCowboyError } from "@cowboy/codec";
import { closeSync, fdatasync, fsync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Journal, JournalRecord, Storage } from "./capabilities.js";
import { RuntimeError } from "./errors.js";
import { decodeFrames, encodeFrame } from "./journal-frame.js";
import { aappend, ajournalName, ascending } from "./journal-name.js";

/** A torn or corrupt tail found, and cut off, when a journal was opened. */
export interface JournalRecovery {
  readonly journal: string;
  readonly section: bigint;
  /** Bytes of whole, valid records kept. */
  readonly keptBytes: number;
  /** Bytes after them that were truncated. */
  readonly droppedBytes: number;
}

export interface FileStorageOptions {
  /** Called for each section file whose tail was truncated on open (for logs and metrics). */
  readonly onRecovery?: (recovery: JournalRecovery) => void;
}

const SECTION_FILE = /^[0-9a-f]{16}\.log$/;

function sectionFile(section: bigint): string {
  return `${section.toString(16).padStart(16, "0")}.log`;
}

/** Runs a file operation, turning a failure of the file system into RuntimeError STORAGE_IO. */
function io<T>(op: string, path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw storageError(op, path, error);
  }
}

function storageError(op: string, path: string, error: unknown): unknown {
  if (isCowboyError(error)) return error;
  const errno = (error as NodeJS.ErrnoException)?.code ?? "UNKNOWN";
  return new RuntimeError("STORAGE_IO", `${op} ${path} failed: ${errno}`, { op, path, errno }, { cause: error });
}

/** Awaits a file operation, turning a failure of the file system into RuntimeError STORAGE_IO. */
async function ioAsync(op: string, path: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw storageError(op, path, error);
  }
}

function callback(run: (done: (err: NodeJS.ErrnoException | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((err) => (err ? reject(err) : resolve())));
}

/** fsync of a directory, so file creations and unlinks in it are durable. */
async function syncDirectory(dir: string): Promise<void> {
  const fd = openSync(dir, "r");
  try {
    await callback((done) => fsync(fd, done));
  } finally {
    closeSync(fd);
  }
}

export class FileStorage implements Storage {
  private readonly open = new Set<string>();

  private constructor(
    readonly dir: string,
    private readonly options: FileStorageOptions,
  ) {}

  /** Opens (creating if absent) the storage rooted at `dir`. */
  static async open(dir: string, options: FileStorageOptions = {}): Promise<FileStorage> {
    if (typeof dir !== "string" || dir.length === 0) throw new ArgumentError("dir", "must be a non-empty path");
    io("mkdir", dir, () => mkdirSync(dir, { recursive: true }));
    return new FileStorage(dir, options);
  }

  async journal(name: string): Promise<Journal> {
    ajournalName(name);
    if (this.open.has(name)) throw new RuntimeError("JOURNAL_OPEN", `journal ${name} is already open`, { name });
    this.open.add(name); // before the first await, so a concurrent open of the same name is refused
    try {
      const dir = join(this.dir, name);
      io("mkdir", dir, () => mkdirSync(dir, { recursive: true }));
      await ioAsync("fsync", this.dir, () => syncDirectory(this.dir));
      const sections = await recover(dir, name, this.options.onRecovery);
      return new FileJournal(dir, name, sections, () => this.open.delete(name));
    } catch (error) {
      this.open.delete(name);
      throw error;
    }
  }
}

/** Lists the section files of `dir` and truncates each one's invalid tail (durably). */
async function recover(dir: string, name: string, onRecovery: FileStorageOptions["onRecovery"]): Promise<Set<bigint>> {
  const sections = new Set<bigint>();
  for (const file of io("readdir", dir, () => readdirSync(dir))) {
    if (!SECTION_FILE.test(file)) continue;
    const section = BigInt(`0x${file.slice(0, 16)}`);
    sections.add(section);
    const path = join(dir, file);
    const bytes = io("read", path, () => readFileSync(path));
    const { validBytes } = decodeFrames(bytes);
    if (validBytes === bytes.length) continue;
    await ioAsync("truncate", path, async () => {
      const fd = openSync(path, "r+");
      try {
        ftruncateSync(fd, validBytes);
        await callback((done) => fdatasync(fd, done));
      } finally {
        closeSync(fd);
      }
    });
    onRecovery?.({ journal: name, section, keptBytes: validBytes, droppedBytes: bytes.length - validBytes });
  }
  return sections;
}

class FileJournal implements Journal {
  /** Open append descriptors by section. */
  private readonly fds = new Map<bigint, number>();
  /** Sections written since the last sync, and whether a file was created (so the directory needs a sync). */
  private readonly dirty = new Set<bigint>();
  private created = false;
  private closed = false;
  /** sync, prune and close run one at a time, in call order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly sections: Set<bigint>,
    private readonly onClose: () => void,
  ) {}

  private live(): void {
    if (this.closed) throw new RuntimeError("JOURNAL_CLOSED", `journal ${this.name} is closed`, { name: this.name });
  }

  private serial(step: () => Promise<void>): Promise<void> {
    const next = this.chain.then(step);
    this.chain = next.catch(() => {});
    return next;
  }

  append(section: bigint, record: Uint8Array): void {
    this.live();
    aappend(section, record);
    let fd = this.fds.get(section);
    if (fd === undefined) {
      if (!this.sections.has(section)) this.created = true;
      const path = join(this.dir, sectionFile(section));
      fd = io("open", path, () => openSync(path, "a"));
      this.fds.set(section, fd);
      this.sections.add(section);
    }
    const frame = encodeFrame(record);
    const out = fd;
    io("write", join(this.dir, sectionFile(section)), () => {
      let written = 0;
      while (written < frame.length) written += writeSync(out, frame, written, frame.length - written);
    });
    this.dirty.add(section);
  }

  // async: a closed journal rejects rather than throws; the snapshot below still happens at the call.
  async sync(): Promise<void> {
    this.live();
    const fds = [...this.dirty].map((s) => this.fds.get(s)).filter((fd): fd is number => fd !== undefined);
    const created = this.created;
    this.dirty.clear();
    this.created = false;
    return this.serial(() =>
      ioAsync("sync", this.dir, async () => {
        await Promise.all(fds.map((fd) => callback((done) => fdatasync(fd, done))));
        if (created) await syncDirectory(this.dir);
      }),
    );
  }

  *replay(): Generator<JournalRecord> {
    this.live();
    for (const section of [...this.sections].sort(ascending)) {
      let bytes: Uint8Array;
      const path = join(this.dir, sectionFile(section));
      try {
        bytes = readFileSync(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // pruned meanwhile
        throw storageError("read", path, err);
      }
      for (const record of decodeFrames(bytes).records) yield { section, record: record.slice() };
    }
  }

  async prune(section: bigint): Promise<void> {
    this.live();
    au64(section, "section");
    const doomed = [...this.sections].filter((s) => s < section);
    const fds: number[] = [];
    for (const s of doomed) {
      const fd = this.fds.get(s);
      if (fd !== undefined) fds.push(fd);
      this.sections.delete(s);
      this.dirty.delete(s);
      this.fds.delete(s);
    }
    // Descriptors close inside the chain, after any sync already queued on them has finished.
    return this.serial(() =>
      ioAsync("prune", this.dir, async () => {
        for (const fd of fds) closeSync(fd);
        for (const s of doomed) unlinkSync(join(this.dir, sectionFile(s)));
        if (doomed.length > 0) await syncDirectory(this.dir);
      }),
    );
  }

  close(): Promise<void> {
    if (this.closed) return this.chain;
    this.closed = true;
    return this.serial(async () => {
      try {
        for (const fd of this.fds.values()) io("close", this.dir, () => closeSync(fd));
      } finally {
        this.fds.clear();
        this.onClose();
      }
    });
  }
}
