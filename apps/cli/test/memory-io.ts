import type { CliIo } from "../src/io.js";

/** An in-memory CliIo: stdin and files are given up front; stdout and stderr are captured. */
export interface MemoryIo extends CliIo {
  readonly stdout: string[];
  readonly stderr: string[];
}

export function memoryIo(options: { stdin?: string; files?: Record<string, Uint8Array | string> } = {}): MemoryIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const files = options.files ?? {};
  return {
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
  };
}
