// struct format strings, parsed as CPython 3.11's _struct.c prepare_s does: an optional byte-order
// character first, then [count]code items with whitespace allowed only between items. Native mode
// ('@') uses x86-64 Linux sizes and alignment; the other modes use the standard sizes, unaligned.

/** Size (and native alignment) of each format code; undefined = not valid in that mode. */
const NATIVE: Record<string, number> = { x: 1, c: 1, b: 1, B: 1, "?": 1, h: 2, H: 2, i: 4, I: 4, l: 8, L: 8, q: 8, Q: 8, n: 8, N: 8, e: 2, f: 4, d: 8, s: 1, p: 1, P: 8 };
const STANDARD: Record<string, number> = { x: 1, c: 1, b: 1, B: 1, "?": 1, h: 2, H: 2, i: 4, I: 4, l: 4, L: 4, q: 8, Q: 8, e: 2, f: 4, d: 8, s: 1, p: 1 };

export interface Item {
  readonly code: string;
  /** Byte offset of the item in the packed buffer. */
  readonly offset: number;
  /** Byte size of one value (for s/p: the whole field). */
  readonly size: number;
}

export interface Format {
  readonly little: boolean;
  readonly native: boolean;
  /** Items that consume or produce a value, in order (pad bytes excluded). */
  readonly items: readonly Item[];
  readonly size: number;
}

/** Why a format string is rejected: the message of CPython's struct.error. */
export class FormatError extends Error {
  readonly code = "STRUCT_FORMAT";
}

/** Largest struct size accepted (CPython's limit is PY_SSIZE_T_MAX; ours bounds host memory). */
const MAX_STRUCT_SIZE = 1 << 30;

const isSpace = (c: string): boolean => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\x0b" || c === "\x0c";
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

export function parseFormat(fmt: string): Format {
  let i = 0;
  let little = true;
  let native = true;
  const first = fmt[0];
  if (first === "@" || first === "=" || first === "<" || first === ">" || first === "!") {
    i = 1;
    native = first === "@";
    little = first === "@" || first === "=" || first === "<";
  }
  const table = native ? NATIVE : STANDARD;
  const items: Item[] = [];
  let size = 0;
  while (i < fmt.length) {
    let c = fmt[i++] as string;
    if (isSpace(c)) continue;
    let count = 1;
    if (isDigit(c)) {
      count = c.charCodeAt(0) - 48;
      while (isDigit(fmt[i])) {
        count = count * 10 + (fmt.charCodeAt(i) - 48);
        if (count > MAX_STRUCT_SIZE) throw new FormatError("total struct size too long");
        i++;
      }
      if (i >= fmt.length) throw new FormatError("repeat count given without format specifier");
      c = fmt[i++] as string;
    }
    const sz = Object.hasOwn(table, c) ? table[c] : undefined;
    if (sz === undefined) throw new FormatError("bad char in struct format");
    if (native && sz > 1) size = Math.ceil(size / sz) * sz;
    if (c === "s" || c === "p") {
      items.push({ code: c, offset: size, size: count });
      size += count;
    } else if (c === "x") {
      size += count;
    } else {
      for (let k = 0; k < count; k++) items.push({ code: c, offset: size + k * sz, size: sz });
      size += count * sz;
    }
    if (size > MAX_STRUCT_SIZE) throw new FormatError("total struct size too long");
  }
  return { little, native, items, size };
}
