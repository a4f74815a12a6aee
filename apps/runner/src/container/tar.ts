// A minimal ustar writer and reader for OCI image layers (cips/runner-process.md "Container"): regular files,
// directories and symlinks only; the reader refuses absolute paths, `..` segments and links that leave the root.
const BLOCK = 512;

export type TarEntry = { readonly path: string; readonly mode: number } & (
  | { readonly type: "file"; readonly data: Uint8Array }
  | { readonly type: "dir" }
  | { readonly type: "symlink"; readonly target: string }
);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(entry: TarEntry): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const enc = new TextEncoder();
  const put = (text: string, at: number, max: number) => {
    const b = enc.encode(text);
    if (b.length > max) throw new RangeError(`tar: '${text}' is longer than ${max} bytes`);
    h.set(b, at);
  };
  put(entry.type === "dir" && !entry.path.endsWith("/") ? `${entry.path}/` : entry.path, 0, 100);
  put(octal(entry.mode, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(entry.type === "file" ? entry.data.length : 0, 12), 124, 12);
  put(octal(0, 12), 136, 12);
  put("        ", 148, 8);
  put(entry.type === "file" ? "0" : entry.type === "dir" ? "5" : "2", 156, 1);
  if (entry.type === "symlink") put(entry.target, 157, 100);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return h;
}

export function writeTar(entries: readonly TarEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const e of entries) {
    parts.push(header(e));
    if (e.type === "file") {
      parts.push(e.data);
      const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
      if (pad > 0) parts.push(new Uint8Array(pad));
    }
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function field(h: Uint8Array, at: number, len: number): string {
  const slice = h.subarray(at, at + len);
  const end = slice.indexOf(0);
  return new TextDecoder().decode(end < 0 ? slice : slice.subarray(0, end));
}

/** A path inside the layer: relative, no `..`, normalised (no leading `./`, no trailing `/`). */
function safePath(raw: string): string {
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (raw.startsWith("/") || parts.some((p) => p === "..") || parts.length === 0) throw new RangeError(`tar: unsafe path '${raw}'`);
  return parts.join("/");
}

export function readTar(bytes: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= bytes.length) {
    const h = bytes.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    const prefix = field(h, 345, 155);
    const name = field(h, 0, 100);
    const path = safePath(prefix === "" ? name : `${prefix}/${name}`);
    const mode = Number.parseInt(field(h, 100, 8) || "0", 8) & 0o7777;
    const size = Number.parseInt(field(h, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(h[156]!);
    at += BLOCK;
    if (type === "0" || type === "\0") entries.push({ type: "file", path, mode, data: bytes.slice(at, at + size) });
    else if (type === "5") entries.push({ type: "dir", path, mode });
    else if (type === "2") {
      const target = field(h, 157, 100);
      if (target.startsWith("/") || target.split("/").includes("..")) throw new RangeError(`tar: symlink '${path}' points outside the layer ('${target}')`);
      entries.push({ type: "symlink", path, mode, target });
    } else throw new RangeError(`tar: entry type '${type}' of '${path}' is not supported`);
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
