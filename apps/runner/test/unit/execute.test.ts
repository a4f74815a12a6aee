import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate, parseProvides } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { executeJob, type JobInput, servableKinds } from "../../src/execute.js";
import { decodeCbor } from "@cowboy/codec";
import { outputBytes } from "../../src/result-schema.js";
import { SecretValue, type SecretRef, type SecretSource, parseSecretRef, secretRefsIn, substituteSecrets } from "../../src/secrets.js";

const OWNER = "0x11".padEnd(42, "1");
const REF = `${OWNER}/api_key`;

/** A secret source over a fixed table, recording each release (the CBSS client's interface). */
class TableSecretSource implements SecretSource {
  released: string[] = [];
  constructor(private readonly table: Record<string, string>) {}
  async get(ref: SecretRef, job: Uint8Array): Promise<SecretValue> {
    const key = `0x${Buffer.from(ref.owner).toString("hex")}/${ref.name}`;
    const v = this.table[key];
    if (v === undefined) throw new Error(`no secret ${key}`);
    this.released.push(`${key}@${Buffer.from(job).toString("hex").slice(0, 4)}`);
    return new SecretValue(new TextEncoder().encode(v));
  }
}

let server: Server;
let url = "";
let lastAuth: string | undefined;
beforeAll(async () => {
  server = createServer((req, res) => {
    lastAuth = req.headers.authorization;
    res.end(JSON.stringify({ price: 7, extra: "y" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/p`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const schema = { type: "object", properties: { price: { type: "integer" } }, required: ["price"] };
const job = (over: Partial<JobInput> = {}): JobInput => ({
  id: new Uint8Array(32).fill(9),
  kind: "http",
  spec: { method: "GET", url },
  resultSchema: schema,
  allowDomains: ["127.0.0.1"],
  secrets: [],
  volumes: [],
  requires: ["net.http"],
  ...over,
});
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}

describe("entitlements", () => {
  it("parses --provides and refuses unknown names", () => {
    expect(parseProvides("llm, net.http,llm")).toEqual(["llm", "net.http"]);
    expect(() => parseProvides("net.http,gpu")).toThrow(/gpu/);
  });
  it("matches requires ⊆ provides", () => {
    const g = new EntitlementGate(["net.http", "llm"]);
    expect(g.covers(["net.http"])).toBe(true);
    expect(g.covers([])).toBe(true);
    expect(g.covers(["net.http", "mcp"])).toBe(false);
    expect(g.covers(["bogus"])).toBe(false);
  });
});

describe("executeJob", () => {
  const config = { gate: new EntitlementGate(["net.http"]), devnet: true };
  it("runs, validates and returns canonical output bytes", async () => {
    const out = await executeJob(job(), config);
    expect(out.value).toEqual({ price: 7, extra: "y" });
    expect(decodeCbor(out.output)).toEqual(
      new Map<string, unknown>([
        ["extra", "y"],
        ["price", 7n],
      ]),
    );
    expect(out.output).toEqual(outputBytes({ price: 7, extra: "y" }));
  });
  it("refuses a job whose requires are not provided, unknown kinds, volumes and schema violations", async () => {
    expect(await code(executeJob(job({ requires: ["net.http", "llm"] }), config))).toBe("ENTITLEMENT_MISSING");
    expect(await code(executeJob(job({ kind: "teleport" }), config))).toBe("UNKNOWN_KIND");
    expect(await code(executeJob(job({ volumes: [{ root: "0x00" }] }), config))).toBe("ENTITLEMENT_MISSING");
    expect(await code(executeJob(job({ resultSchema: { type: "object", required: ["volume"] } }), config))).toBe("SCHEMA_VIOLATION");
    const computeConfig = { gate: new EntitlementGate(["compute"]) };
    const big = job({ kind: "compute", spec: { language: "javascript", code: "return 'x'.repeat(60000) + 'y'.repeat(6000);" }, resultSchema: {}, requires: ["compute"] });
    expect(await code(executeJob(big, computeConfig))).toBe("OUTPUT_TOO_LARGE");
    expect(await code(executeJob(big, config))).toBe("ENTITLEMENT_MISSING");
  });
  it("substitutes declared secrets just in time, and only with secret.read and a source", async () => {
    const source = new TableSecretSource({ [REF]: "Bearer s3cret" });
    const withSecret = job({ spec: { method: "GET", url, headers: { authorization: { $secret: REF } } }, secrets: [REF] });
    await executeJob(withSecret, { gate: new EntitlementGate(["net.http", "secret.read"]), devnet: true, secrets: source });
    expect(lastAuth).toBe("Bearer s3cret");
    expect(source.released).toEqual([`${REF}@0909`]);
    expect(await code(executeJob(withSecret, { gate: new EntitlementGate(["net.http"]), devnet: true, secrets: source }))).toBe("ENTITLEMENT_MISSING");
    expect(await code(executeJob(withSecret, { gate: new EntitlementGate(["net.http", "secret.read"]), devnet: true }))).toBe("SECRET_UNAVAILABLE");
    expect(await code(executeJob({ ...withSecret, secrets: [] }, { gate: new EntitlementGate(["net.http", "secret.read"]), devnet: true, secrets: source }))).toBe(
      "SECRET_UNAVAILABLE",
    );
  });
  it("lists the kinds a configuration can serve", () => {
    expect(servableKinds({ gate: new EntitlementGate(["net.http", "mcp"]) })).toEqual(["http", "mcp"]);
    expect(servableKinds({ gate: new EntitlementGate(["llm", "compute"]) })).toEqual(["compute"]);
  });
});

describe("secret references", () => {
  it("parses 0xOWNER/NAME and finds references anywhere in a spec", async () => {
    expect(parseSecretRef(REF).name).toBe("api_key");
    expect(() => parseSecretRef("0x12/short")).toThrow();
    expect(() => parseSecretRef(`${OWNER}/bad name`)).toThrow();
    expect(secretRefsIn({ a: [{ $secret: REF }, { b: { $secret: "x" } }], c: { $secret: 1 } })).toEqual([REF, "x"]);
    const src = new TableSecretSource({ [REF]: "v" });
    const out = await substituteSecrets(
      { h: { $secret: REF }, k: [1, { $secret: REF }] },
      { gate: new EntitlementGate(["secret.read"]), source: src, job: new Uint8Array(32), declared: [REF.toUpperCase().replace("0X", "0x")] },
    );
    expect(out).toEqual({ h: "v", k: [1, "v"] });
    expect(src.released.length).toBe(1);
  });
  it("zeroes the bytes after use", async () => {
    const bytes = new TextEncoder().encode("abc");
    const s = new SecretValue(bytes);
    expect(await s.use((b) => new TextDecoder().decode(b))).toBe("abc");
    expect([...bytes]).toEqual([0, 0, 0]);
  });
  it("outputs are canonical CBOR: key order does not matter, integers stay integers", () => {
    expect(outputBytes({ b: 1, a: [{ d: 1, c: 2 }] })).toEqual(outputBytes({ a: [{ c: 2, d: 1 }], b: 1 }));
    expect(decodeCbor(outputBytes({ n: 12345678901 }))).toEqual(new Map([["n", 12345678901n]]));
  });
});
