// The CLI's only contact with the process: injected, so tests drive commands in-process.
import { CliError } from "./errors.js";

export interface CliIo {
  /** Reads all of standard input as UTF-8. */
  readStdin(): Promise<string>;
  /** Writes to standard output exactly what is given. */
  out(text: string): void;
  /** Writes to standard error exactly what is given. */
  err(text: string): void;
  /** Reads a file's bytes (relative paths resolve against the working directory). */
  readFile(path: string): Promise<Uint8Array>;
  /** The process environment (for COWBOY_KEY and friends). */
  env: Readonly<Record<string, string | undefined>>;
  /** True when stderr is a terminal: long operations then show progress there. */
  isTTY?: boolean;
  /** Writes a new file, creating its directories; fails if the file exists. */
  createFile(path: string, text: string): Promise<void>;
  /** True when something exists at `path`. */
  exists(path: string): Promise<boolean>;
  /** The names in a directory (sorted), or undefined when it is not one. */
  listDir(path: string): Promise<string[] | undefined>;
}

export function processIo(): CliIo {
  return {
    async readStdin() {
      if (process.stdin.isTTY) return "";
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    async readFile(path) {
      const { readFile } = await import("node:fs/promises");
      return new Uint8Array(await readFile(path));
    },
    env: process.env,
    isTTY: process.stderr.isTTY === true,
    async createFile(path, text) {
      const { mkdir, writeFile } = await import("node:fs/promises");
      const { dirname } = await import("node:path");
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text, { flag: "wx" });
    },
    async exists(path) {
      const { access } = await import("node:fs/promises");
      return access(path).then(
        () => true,
        () => false,
      );
    },
    async listDir(path) {
      const { readdir } = await import("node:fs/promises");
      return readdir(path).then(
        (names) => names.sort(),
        () => undefined,
      );
    },
  };
}

/** Reads `path` through `io`, turning a missing or unreadable file into one clear CliError line. */
export async function readInputFile(io: CliIo, path: string): Promise<Uint8Array> {
  try {
    return await io.readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (error as Error).message;
    throw new CliError(`cannot read ${path}: ${reason}`);
  }
}

/** Decodes UTF-8 strictly: a file that is not valid UTF-8 is an error, never silently replaced. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new CliError(`${what} is not valid UTF-8`);
  }
}
