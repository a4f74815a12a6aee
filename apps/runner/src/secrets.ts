// Secrets reach executors only through a SecretSource (contracts.md "CBSS"; cips/runner-process.md "Secrets").
// The interface is @cowboy/cbss's runner-side client; it is written here until that package lands (same shape).
// Job-spec substitution: any value `{"$secret": "0xOWNER/NAME"}` becomes the secret's UTF-8 text, just in time.
import { inspect } from "node:util";
import { fromHex, toHex } from "@cowboy/codec";
import type { EntitlementGate } from "./entitlements.js";
import { RunnerError } from "./errors.js";

const SECRET_TEXT = "[secret]";

/** Secret bytes that never print: JSON, string and inspect forms are "[secret]"; no enumerable plaintext. */
export class SecretValue {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Hands the bytes to `fn`, then zeroes them (a SecretValue is single-use). */
  async use<T>(fn: (bytes: Uint8Array) => T | Promise<T>): Promise<T> {
    try {
      return await fn(this.#bytes);
    } finally {
      this.#bytes.fill(0);
    }
  }

  toJSON(): string {
    return SECRET_TEXT;
  }

  toString(): string {
    return SECRET_TEXT;
  }

  [inspect.custom](): string {
    return SECRET_TEXT;
  }
}

export interface SecretRef {
  readonly owner: Uint8Array;
  readonly name: string;
}

/** What a SecretSource hands out: single-use bytes (SecretValue here, @cowboy/cbss/client's SecretValue alike). */
export interface SecretBytes {
  use<T>(fn: (bytes: Uint8Array) => T | Promise<T>): Promise<T>;
}

/**
 * Releases a secret for a job (CBSS proxies check the job's committee and policy). Structural, so
 * @cowboy/cbss/client's `createSecretSource(...)` plugs in as is.
 */
export interface SecretSource {
  get(ref: SecretRef, job: Uint8Array): Promise<SecretBytes>;
}

/** Parses `0xOWNER/NAME` (OWNER a 20-byte address, NAME 1–64 bytes of [A-Za-z0-9._-]). */
export function parseSecretRef(text: string): SecretRef {
  const m = /^0x([0-9a-fA-F]{40})\/([A-Za-z0-9._-]{1,64})$/.exec(text);
  if (m === null) throw new RunnerError("SECRET_UNAVAILABLE", `'${text}' is not a secret reference 0xOWNER/NAME`);
  return { owner: fromHex(m[1]!), name: m[2]! };
}

export function formatSecretRef(ref: SecretRef): string {
  return `0x${toHex(ref.owner)}/${ref.name}`;
}

function isSecretMarker(value: unknown): value is { $secret: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "$secret" && typeof (value as { $secret: unknown }).$secret === "string";
}

/** The secret references a spec contains, in document order (so a job can be checked before anything runs). */
export function secretRefsIn(spec: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (isSecretMarker(v)) found.push(v.$secret);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) walk(x);
  };
  walk(spec);
  return found;
}

/**
 * Returns a copy of `spec` with every `{"$secret": ref}` replaced by the secret's UTF-8 text. Needs the
 * `secret.read` entitlement and a source; each reference must be among the job's declared `secrets`.
 */
export async function substituteSecrets(
  spec: unknown,
  options: { gate: EntitlementGate; source: SecretSource | undefined; job: Uint8Array; declared: readonly string[] },
): Promise<unknown> {
  const refs = secretRefsIn(spec);
  if (refs.length === 0) return spec;
  options.gate.require("secret.read", "a job spec with $secret references");
  const source = options.source;
  if (source === undefined) throw new RunnerError("SECRET_UNAVAILABLE", "this runner has no secret source configured");
  const declared = new Set(options.declared.map((d) => d.toLowerCase()));
  const texts = new Map<string, string>();
  for (const text of refs) {
    if (texts.has(text)) continue;
    const ref = parseSecretRef(text);
    if (!declared.has(formatSecretRef(ref).toLowerCase())) throw new RunnerError("SECRET_UNAVAILABLE", `secret ${text} is not among the job's declared secrets`);
    const value = await source.get(ref, options.job);
    texts.set(text, await value.use((bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
  }
  const replace = (v: unknown): unknown => {
    if (isSecretMarker(v)) return texts.get(v.$secret);
    if (Array.isArray(v)) return v.map(replace);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replace(x)]));
    return v;
  };
  return replace(spec);
}
