// What a runner declares (spec §15 "Runner Entitlements", §17.7 rate cards; cips/runner-market.md "Capabilities"):
// the `capabilities` bytes of runner_register / runner_update are the canonical CBOR of a map
//   {"provides": [str], "job_kinds": [str], "models": [str], "rate_card": {str: int}}
// every key optional (missing = empty); lists hold at most 64 distinct names of 1..64 bytes from [a-z0-9._:/-].
import { CborError, decodeCbor, encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { RunnerMarketError } from "./errors.js";

export interface Capabilities {
  /** Entitlements the runner provides (net.http, llm, mcp, fs.mount, secret.read, oci.run, tee, …). */
  readonly provides: readonly string[];
  readonly jobKinds: readonly string[];
  readonly models: readonly string[];
  /** Prices per unit name (e.g. "http_request", "llm_token"), base units; informational in v1. */
  readonly rateCard: ReadonlyMap<string, bigint>;
}

export const JOB_KINDS = ["http", "llm", "mcp", "compute", "container"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

const NAME = /^[a-z0-9][a-z0-9._:/-]{0,63}$/;
const KEYS = new Set(["provides", "job_kinds", "models", "rate_card"]);

function names(v: CborValue | undefined, what: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 64) throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities.${what}: expected a list of at most 64 names`);
  const out: string[] = [];
  for (const n of v) {
    if (typeof n !== "string" || !NAME.test(n))
      throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities.${what}: ${JSON.stringify(String(n))} is not a name ([a-z0-9._:/-], 1..64)`);
    if (out.includes(n)) throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities.${what}: ${n} is listed twice`);
    out.push(n);
  }
  return out.sort();
}

/** Decodes and checks capability bytes (canonical CBOR only). */
export function decodeCapabilities(bytes: Uint8Array): Capabilities {
  let value: CborValue;
  try {
    value = decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities: ${error.message}`);
    throw error;
  }
  if (!(value instanceof Map)) throw new RunnerMarketError("INVALID_ARGUMENT", "capabilities: expected a map");
  if (!equalBytes(encodeCbor(value), bytes)) throw new RunnerMarketError("INVALID_ARGUMENT", "capabilities: not canonical CBOR");
  for (const k of value.keys()) if (typeof k !== "string" || !KEYS.has(k)) throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities: unknown key ${String(k)}`);
  const jobKinds = names(value.get("job_kinds"), "job_kinds");
  for (const k of jobKinds) if (!(JOB_KINDS as readonly string[]).includes(k)) throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities.job_kinds: unknown kind ${k}`);
  const rate = value.get("rate_card");
  const rateCard = new Map<string, bigint>();
  if (rate !== undefined) {
    if (!(rate instanceof Map) || rate.size > 64) throw new RunnerMarketError("INVALID_ARGUMENT", "capabilities.rate_card: expected a map of at most 64 entries");
    for (const [k, v] of rate) {
      if (typeof k !== "string" || !NAME.test(k) || typeof v !== "bigint" || v < 0n || v >= 1n << 64n)
        throw new RunnerMarketError("INVALID_ARGUMENT", "capabilities.rate_card: name → u64 price");
      rateCard.set(k, v);
    }
  }
  return { provides: names(value.get("provides"), "provides"), jobKinds, models: names(value.get("models"), "models"), rateCard };
}

/** The canonical bytes of `caps` (what a runner puts in runner_register). */
export function encodeCapabilities(caps: Partial<Capabilities>): Uint8Array {
  const m = new Map<CborValue, CborValue>();
  if (caps.provides !== undefined) m.set("provides", [...caps.provides].sort());
  if (caps.jobKinds !== undefined) m.set("job_kinds", [...caps.jobKinds].sort());
  if (caps.models !== undefined) m.set("models", [...caps.models].sort());
  if (caps.rateCard !== undefined) m.set("rate_card", new Map<CborValue, CborValue>([...caps.rateCard]));
  return encodeCbor(m);
}
