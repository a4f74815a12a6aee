// The /tmp scratch store: a flat, in-memory set of files for one handler invocation, capped in
// total bytes. It knows nothing of Python; scratch/file.ts and scratch.ts give it open().

/** Total bytes all scratch files may hold at once (spec: /tmp is metered scratch, 256 KiB). */
export const SCRATCH_LIMIT = 256 * 1024;

/** A bad call from the host side (not from Python, whose errors are OSError subclasses). */
export class ScratchError extends Error {
  constructor(
    readonly code: "INVALID_ARGUMENT",
    message: string,
  ) {
    super(message);
  }
}

/** One file's bytes: `data` grows by doubling; `len` is the file size. */
export class ScratchData {
  data = new Uint8Array(0);
  len = 0;
  view(): Uint8Array {
    return this.data.subarray(0, this.len);
  }
}

/** Files of one invocation. The host creates one per actor VM and calls wipe() after each handler. */
export class Scratch {
  readonly limit: number;
  readonly #files = new Map<string, ScratchData>();
  #used = 0;

  constructor(limit: number = SCRATCH_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new ScratchError("INVALID_ARGUMENT", `limit must be a non-negative safe integer, got ${String(limit)}`);
    this.limit = limit;
  }

  /** Bytes held by all files. */
  get used(): number {
    return this.#used;
  }

  /** Names of the files, sorted (for hosts and tests). */
  names(): string[] {
    return [...this.#files.keys()].sort();
  }

  /** A copy of one file's bytes, or undefined. */
  read(path: string): Uint8Array | undefined {
    return this.#files.get(path)?.view().slice();
  }

  /** Forget every file: called by the host after each handler. */
  wipe(): void {
    this.#files.clear();
    this.#used = 0;
  }

  get(path: string): ScratchData | undefined {
    return this.#files.get(path);
  }

  create(path: string): ScratchData {
    const f = new ScratchData();
    const old = this.#files.get(path);
    if (old !== undefined) this.#used -= old.len;
    this.#files.set(path, f);
    return f;
  }

  /** Whether growing some file by `n` bytes stays within the limit. */
  fits(n: number): boolean {
    return this.#used + n <= this.limit;
  }

  /** Set a file's size (zero-filling growth); the caller has checked fits(). */
  resize(f: ScratchData, len: number): void {
    if (len > f.data.length) {
      const next = new Uint8Array(Math.max(len, Math.min(2 * f.data.length, this.limit), 64));
      next.set(f.view());
      f.data = next;
    } else if (len < f.len) {
      f.data.fill(0, len, f.len);
    }
    this.#used += len - f.len;
    f.len = len;
  }
}
