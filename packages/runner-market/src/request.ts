// A job request (spec §5.3 "Post", §17.7 JobSpec; cips/runner-market.md "Job requests"): what runner.submit and
// job_submit carry, as the canonical CBOR of a map with str keys:
//   kind (str, required), spec (map, required), result_schema (map, required), verification (str), runners (int),
//   quorum (int), allow_domains ([str]), callback (str or None), secrets (["0x<owner>/<name>"]), volumes ([32 bytes]),
//   requires ([str]), match_fields ([str]).
// The spec of each kind is checked here (cips/sdk.md "Job kinds"); anything else is INVALID_JOB.
import { CborError, CborTuple, decodeCbor, encodeCbor, equalBytes, type CborValue, U64_MAX } from "@cowboy/codec";
import { JOB_KINDS, type JobKind } from "./capabilities.js";
import type { RunnerMarketConfig } from "./config.js";
import { allowedImage } from "./containers.js";
import { RunnerMarketError } from "./errors.js";
import { checkSchema } from "./schema.js";

export const VERIFICATION_MODES = ["none", "economic_bond", "majority_vote", "structured_match", "deterministic", "semantic_similarity"] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];
/** The modes this release verifies (cips/runner-market.md "Verification"): all six. */
export const SUPPORTED_MODES: readonly VerificationMode[] = VERIFICATION_MODES;

export interface JobRequest {
  readonly kind: JobKind;
  readonly spec: CborValue;
  readonly resultSchema: CborValue;
  readonly verification: VerificationMode;
  /** Committee size asked for; 0 = the §5.3 formula. Single-runner modes: 1. */
  readonly runners: bigint;
  /** Matching reveals needed; 0 = ceil(2M/3). */
  readonly quorum: bigint;
  readonly allowDomains: readonly string[];
  readonly callback: string | null;
  readonly secrets: readonly string[];
  readonly volumes: readonly Uint8Array[];
  readonly requires: readonly string[];
  readonly matchFields: readonly string[];
  /** "fixed" (rate_card[kind] per execution) or "usage" (reported units × rates; usage.ts). */
  readonly pricing: JobPricing;
  /** Paid to the paid runners on success on top of the price, out of max_price (§8.4 "+ tip"); refunded otherwise. */
  readonly tip: bigint;
}

export const JOB_PRICINGS = ["fixed", "usage"] as const;
export type JobPricing = (typeof JOB_PRICINGS)[number];

const KEYS = new Set([
  "kind",
  "spec",
  "result_schema",
  "verification",
  "runners",
  "quorum",
  "allow_domains",
  "callback",
  "secrets",
  "volumes",
  "requires",
  "match_fields",
  "pricing",
  "tip",
]);
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const NAME = /^[a-z0-9][a-z0-9._:/-]{0,63}$/;
const SECRET_REF = /^0x[0-9a-f]{40}\/[A-Za-z0-9._-]{1,64}$/;
const METHOD = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

const bad = (why: string): never => {
  throw new RunnerMarketError("INVALID_JOB", why);
};

const get = (m: Map<CborValue, CborValue>, k: string): CborValue | undefined => m.get(k);

function dict(v: CborValue | undefined, what: string): Map<CborValue, CborValue> {
  if (v instanceof Map) {
    for (const k of v.keys()) if (typeof k !== "string") bad(`${what}: keys must be str`);
    return v;
  }
  return bad(`${what}: expected a dict`);
}

function strList(v: CborValue | undefined, what: string, re: RegExp, max: number): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : v instanceof CborTuple ? v.items : bad(`${what}: expected a list`);
  if (list.length > max) bad(`${what}: at most ${max} entries`);
  const out: string[] = [];
  for (const s of list) {
    if (typeof s !== "string" || !re.test(s)) bad(`${what}: ${JSON.stringify(String(s))} is not allowed`);
    if (!out.includes(s as string)) out.push(s as string);
  }
  return out;
}

function count(v: CborValue | undefined, what: string, max: bigint): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v !== "bigint" || v < 0n || v > max) bad(`${what}: expected an int in [0, ${max}]`);
  return v as bigint;
}

function text(m: Map<CborValue, CborValue>, k: string, what: string, required: boolean): string | undefined {
  const v = m.get(k);
  if (v === undefined || v === null) return required ? bad(`${what}.${k}: required`) : undefined;
  if (typeof v !== "string" || v.length === 0) bad(`${what}.${k}: expected a non-empty str`);
  return v as string;
}

/** The host of an http(s) URL, lower-cased, or null. */
export function urlHost(url: string): string | null {
  const m = /^https?:\/\/(?:[^@/?#\s]*@)?(\[[^\]]+\]|[^:/?#\s]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(url);
  return m === null ? null : m[1]!.toLowerCase();
}

/** True when `host` is an allowed domain or a subdomain of one. */
export function domainAllowed(host: string, allow: readonly string[]): boolean {
  return allow.some((d) => host === d || host.endsWith(`.${d}`));
}

function checkUrl(url: string, allow: readonly string[], what: string): void {
  const host = urlHost(url);
  if (host === null) bad(`${what}: not an http(s) URL`);
  if (!domainAllowed(host!, allow)) bad(`${what}: host ${host} is not in allow_domains`);
}

function checkSpec(kind: JobKind, spec: Map<CborValue, CborValue>, allow: readonly string[], cfg: RunnerMarketConfig): void {
  switch (kind) {
    case "http": {
      const method = text(spec, "method", "spec", true)!;
      if (!["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].includes(method)) bad(`spec.method: ${method} is not an HTTP method`);
      checkUrl(text(spec, "url", "spec", true)!, allow, "spec.url");
      const headers = get(spec, "headers");
      if (headers !== undefined && headers !== null) {
        for (const [k, v] of dict(headers, "spec.headers")) {
          const secret = v instanceof Map && v.size === 1 && typeof v.get("$secret") === "string";
          if (typeof k !== "string" || (typeof v !== "string" && !secret)) bad('spec.headers: str → str (or {"$secret": ref})');
        }
      }
      const body = get(spec, "body");
      if (body !== undefined && body !== null && typeof body !== "string") bad("spec.body: expected a str");
      return;
    }
    case "llm":
      text(spec, "model", "spec", true);
      text(spec, "prompt", "spec", true);
      if (get(spec, "max_tokens") !== undefined) count(get(spec, "max_tokens"), "spec.max_tokens", 1_000_000n);
      return;
    case "mcp":
      checkUrl(text(spec, "server", "spec", true)!, allow, "spec.server");
      text(spec, "tool", "spec", true);
      if (get(spec, "arguments") !== undefined) dict(get(spec, "arguments"), "spec.arguments");
      return;
    case "compute": {
      const language = text(spec, "language", "spec", true)!;
      if (language !== "javascript" && language !== "python") bad("spec.language: javascript or python");
      text(spec, "code", "spec", true);
      return;
    }
    case "container": {
      const image = text(spec, "image", "spec", true)!;
      if (allowedImage(cfg, image) === undefined) bad(`spec.image: ${image} is not in the Container Registry (0x11) allowlist`);
      const command = get(spec, "command");
      if (!Array.isArray(command) || command.length === 0 || command.some((c) => typeof c !== "string")) bad("spec.command: a non-empty list of str");
      return;
    }
  }
}

/** Parses and checks the request bytes (canonical CBOR only). */
export function decodeJobRequest(bytes: Uint8Array, cfg: RunnerMarketConfig): JobRequest {
  if (bytes.length > cfg.maxRequestBytes) bad(`request: at most ${cfg.maxRequestBytes} bytes`);
  let value: CborValue;
  try {
    value = decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) bad(`request: ${error.message}`);
    throw error;
  }
  if (!equalBytes(encodeCbor(value!), bytes)) bad("request: not canonical CBOR");
  return parseJobRequest(value!, cfg);
}

/** Checks a decoded request value (what runner.submit passes). */
export function parseJobRequest(value: CborValue, cfg: RunnerMarketConfig): JobRequest {
  // Plain objects (JSON input) become Maps, as decoded CBOR has them: one canonical round trip.
  let normal: CborValue = value;
  if (!(value instanceof Map)) {
    try {
      normal = decodeCbor(encodeCbor(value));
    } catch (error) {
      if (error instanceof CborError) bad(`request: ${error.message}`);
      throw error;
    }
  }
  const m = dict(normal, "request");
  for (const k of m.keys()) if (!KEYS.has(k as string)) bad(`request: unknown field ${String(k)}`);
  const kind = text(m, "kind", "request", true)!;
  if (!(JOB_KINDS as readonly string[]).includes(kind)) bad(`kind: ${kind} is not one of ${JOB_KINDS.join(", ")}`);
  const resultSchema = get(m, "result_schema");
  if (resultSchema === undefined || resultSchema === null) bad("result_schema: required (every job declares the shape of its result)");
  checkSchema(resultSchema!);
  const runners = count(get(m, "runners"), "runners", cfg.committeeMax);
  const verification = (text(m, "verification", "request", false) ?? (runners > 1n ? "majority_vote" : "none")) as VerificationMode;
  if (!(VERIFICATION_MODES as readonly string[]).includes(verification)) bad(`verification: ${verification} is not a mode`);
  if (!SUPPORTED_MODES.includes(verification)) bad(`verification: ${verification} is not supported by this chain yet`);
  if (verification === "deterministic" && cfg.teeMeasurements.length === 0) bad("verification: deterministic needs an allowlisted TEE measurement and this chain lists none");
  const single = verification === "none" || verification === "economic_bond";
  if (single && runners > 1n) bad(`verification ${verification} runs on one runner; runners=${runners}`);
  if (verification === "semantic_similarity" && runners === 1n) bad("verification semantic_similarity compares several runners' outputs; runners=1");
  const quorum = count(get(m, "quorum"), "quorum", cfg.committeeMax);
  if (runners > 0n && quorum > runners) bad(`quorum ${quorum} exceeds runners ${runners}`);
  const allowDomains = strList(get(m, "allow_domains"), "allow_domains", DOMAIN, 32);
  const spec = dict(get(m, "spec"), "spec");
  checkSpec(kind as JobKind, spec, allowDomains, cfg);
  const pricingRaw = get(m, "pricing") ?? "fixed";
  if (typeof pricingRaw !== "string" || !(JOB_PRICINGS as readonly string[]).includes(pricingRaw)) bad('pricing: "fixed" or "usage"');
  const pricing = pricingRaw as JobPricing;
  if (pricing === "usage" && (verification === "deterministic" || verification === "semantic_similarity")) {
    bad(`pricing usage: not with ${verification} verification in this release`);
  }
  const tip = get(m, "tip") ?? 0n;
  if (typeof tip !== "bigint" || tip < 0n || tip > U64_MAX) bad("tip: a u64 amount in base units");
  const cb = get(m, "callback");
  if (cb !== undefined && cb !== null && (typeof cb !== "string" || !METHOD.test(cb))) bad("callback: a method name");
  const volumesRaw = get(m, "volumes");
  const volumes: Uint8Array[] = [];
  if (volumesRaw !== undefined && volumesRaw !== null) {
    if (!Array.isArray(volumesRaw) || volumesRaw.length > 8) bad("volumes: a list of at most 8 manifest roots");
    for (const v of volumesRaw as CborValue[]) {
      if (!(v instanceof Uint8Array) || v.length !== 32) bad("volumes: each a 32-byte manifest root");
      volumes.push(v as Uint8Array);
    }
  }
  return {
    kind: kind as JobKind,
    spec,
    resultSchema: resultSchema!,
    verification,
    runners: single ? 1n : runners,
    quorum: single ? 1n : quorum,
    allowDomains,
    callback: typeof cb === "string" ? cb : null,
    secrets: strList(get(m, "secrets"), "secrets", SECRET_REF, 16),
    volumes,
    requires: strList(get(m, "requires"), "requires", NAME, 32),
    matchFields: strList(get(m, "match_fields"), "match_fields", /^[^\s]{1,64}$/, 32),
    pricing,
    tip: tip as bigint,
  };
}

/** The request as canonical CBOR (what job_submit carries): the inverse of decodeJobRequest for the fields set. */
export function encodeJobRequest(r: {
  kind: string;
  spec: CborValue;
  resultSchema: CborValue;
  verification?: string;
  runners?: bigint;
  quorum?: bigint;
  allowDomains?: readonly string[];
  callback?: string | null;
  secrets?: readonly string[];
  volumes?: readonly Uint8Array[];
  requires?: readonly string[];
  matchFields?: readonly string[];
  pricing?: JobPricing;
  tip?: bigint;
}): Uint8Array {
  const m = new Map<CborValue, CborValue>([
    ["kind", r.kind],
    ["spec", r.spec],
    ["result_schema", r.resultSchema],
  ]);
  if (r.verification !== undefined) m.set("verification", r.verification);
  if (r.runners !== undefined) m.set("runners", r.runners);
  if (r.quorum !== undefined) m.set("quorum", r.quorum);
  if (r.allowDomains !== undefined) m.set("allow_domains", [...r.allowDomains]);
  if (r.callback !== undefined) m.set("callback", r.callback);
  if (r.secrets !== undefined) m.set("secrets", [...r.secrets]);
  if (r.volumes !== undefined) m.set("volumes", [...r.volumes]);
  if (r.requires !== undefined) m.set("requires", [...r.requires]);
  if (r.matchFields !== undefined) m.set("match_fields", [...r.matchFields]);
  if (r.pricing !== undefined) m.set("pricing", r.pricing);
  if (r.tip !== undefined) m.set("tip", r.tip);
  return encodeCbor(m);
}
