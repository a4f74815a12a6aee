// Job-spec secret references (cips/cbss.md §8 "Job specs"): any string value of a job spec may be given as
// {"$secret": "0xOWNER/NAME"}; the runner resolves each through its SecretSource just before the call and hands
// the substituted spec to the executor only inside `withSecrets`, so the plaintext never sits in the stored spec.
import { fromHex } from "@cowboy/codec";
import { checkSecretName } from "../crypto/identity.js";
import { CbssError } from "../errors.js";
import type { SecretRefInput, SecretSource } from "./secret-source.js";

const REF = /^0x([0-9a-fA-F]{40})\/(.+)$/;

/** Parses "0xOWNER/NAME" (INVALID_ARGUMENT / INVALID_NAME otherwise). */
export function parseSecretRef(text: string): SecretRefInput {
  const m = REF.exec(text);
  if (m === null) throw new CbssError("INVALID_ARGUMENT", `secret reference: expected "0xOWNER/NAME", got ${JSON.stringify(text)}`);
  return { owner: fromHex(m[1]!.toLowerCase()), name: checkSecretName(m[2]) };
}

const isRef = (v: unknown): v is { $secret: string } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { $secret?: unknown }).$secret === "string";

/** Every distinct "0xOWNER/NAME" referenced in `spec`, in first-seen order. */
export function collectSecretRefs(spec: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (isRef(v)) {
      if (!out.includes(v.$secret)) out.push(v.$secret);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk);
  };
  walk(spec);
  return out;
}

/**
 * Resolves every reference in `spec` through `source` for `jobId`, calls `fn` with a copy of the spec where
 * each reference is replaced by the secret's UTF-8 text, and returns `fn`'s result. The secret bytes are zeroed
 * when `fn` settles; the substituted copy is `fn`'s alone (do not keep or log it).
 */
export async function withSecrets<T>(spec: unknown, source: SecretSource, jobId: Uint8Array, fn: (resolved: unknown) => T | Promise<T>): Promise<T> {
  const refs = collectSecretRefs(spec);
  const values = await Promise.all(refs.map((r) => source.get(parseSecretRef(r), jobId)));
  const texts = new Map<string, string>();
  const bytes: Uint8Array[] = [];
  // Take the bytes out of each SecretValue for the duration of fn, then zero them.
  await Promise.all(
    values.map((v, i) =>
      v.use((b) => {
        const copy = b.slice();
        bytes.push(copy);
        texts.set(refs[i]!, new TextDecoder("utf-8", { fatal: true }).decode(copy));
      }),
    ),
  );
  const subst = (v: unknown): unknown => {
    if (isRef(v)) return texts.get(v.$secret);
    if (Array.isArray(v)) return v.map(subst);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, subst(x)]));
    return v;
  };
  try {
    return await fn(subst(spec));
  } finally {
    for (const b of bytes) b.fill(0);
    texts.clear();
  }
}
