import { CryptoError } from "./errors.js";

/** Asserts `value` is a Uint8Array (optionally of one of the given lengths); names `arg` on failure. Same argument order as @cowboy/codec's guards (value, name, bounds). */
export function abytes(value: unknown, arg: string, ...lengths: number[]): Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new CryptoError("INVALID_TYPE", `${arg}: expected Uint8Array, got ${describe(value)}`);
  }
  if (lengths.length > 0 && !lengths.includes(value.length)) {
    throw new CryptoError("INVALID_LENGTH", `${arg}: expected ${lengths.join(" or ")} bytes, got ${value.length}`);
  }
  return value;
}

/** Asserts `value` is an array of Uint8Array, each of one of the given lengths. */
export function abytesArray(value: unknown, arg: string, ...lengths: number[]): Uint8Array[] {
  if (!Array.isArray(value)) {
    throw new CryptoError("INVALID_TYPE", `${arg}: expected an array, got ${describe(value)}`);
  }
  return value.map((v, i) => abytes(v, `${arg}[${i}]`, ...lengths));
}

/** Asserts a safe non-negative integer in [min, max]. */
export function aint(value: unknown, arg: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new CryptoError("INVALID_ARGUMENT", `${arg}: expected an integer in [${min}, ${max}], got ${describe(value)}`);
  }
  return value;
}

export function bytesToBigint(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

export function bigintToBytes(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let v = n;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (v !== 0n) throw new CryptoError("INVALID_ARGUMENT", `value does not fit in ${length} bytes`);
  return out;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === "number") return String(value);
  return typeof value;
}
