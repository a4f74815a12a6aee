import type { CliIo } from "../../src/io.js";

/** An in-memory CliIo: stdin and files are given up front; stdout and stderr are captured. */
export interface MemoryIo extends CliIo {
  readonly stdout: string[];
  readonly stderr: string[];
}

export function memoryIo(options: { stdin?: string; files?: Record<string, Uint8Array | string> } = {}): MemoryIo & { files: Record<string, Uint8Array | string> } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const files: Record<string, Uint8Array | string> = options.files ?? {};
  return {
    files,
    stdout,
    stderr,
    readStdin: async () => options.stdin ?? "",
    out: (text) => void stdout.push(text),
    err: (text) => void stderr.push(text),
    async readFile(path) {
      const content = files[path];
      if (content === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
      return typeof content === "string" ? new TextEncoder().encode(content) : content;
    },
    env: {},
    async createFile(path, text) {
      if (files[path] !== undefined) throw Object.assign(new Error(`EEXIST: ${path}`), { code: "EEXIST" });
      files[path] = text;
    },
    async exists(path) {
      return Object.keys(files).some((f) => f === path || f.startsWith(`${path}/`));
    },
    async listDir(path) {
      const prefix = path === "." ? "" : `${path.replace(/\/$/, "")}/`;
      const names = Object.keys(files)
        .filter((f) => f.startsWith(prefix))
        .map((f) => f.slice(prefix.length).split("/")[0]!);
      return names.length === 0 ? undefined : [...new Set(names)].sort();
    },
  };
}
