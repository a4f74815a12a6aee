import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inspect, promisify } from "node:util";
import { toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { runLlm } from "../../src/executors/llm.js";
import type { LlmBackend } from "../../src/llm/backend.js";
import { createLlamaCppBackend } from "../../src/llm/llama-cpp.js";
import { createOpenAiBackend } from "../../src/llm/openai.js";
import { tinyGguf, writeTinyGguf } from "../../src/llm/tiny-gguf.js";
import { SecretValue } from "../../src/secrets.js";

const gate = new EntitlementGate(["llm"]);
const schema = {
  type: "object",
  properties: { verdict: { enum: ["up", "down", "flat"] }, confident: { type: "boolean" } },
  required: ["verdict", "confident"],
  additionalProperties: false,
};
const base = { prompt: "Is the price going up?", max_tokens: 64, seed: 3 };
let spec: typeof base & { model: string };
const dir = mkdtempSync(join(tmpdir(), "runner-llm-"));
const modelPath = join(dir, "tiny.gguf");
let backend: LlmBackend;

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}

beforeAll(async () => {
  writeTinyGguf(modelPath, new Uint8Array(32).fill(1));
  backend = await createLlamaCppBackend({ modelPath });
  spec = { ...base, model: backend.model };
}, 120_000);
afterAll(async () => {
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("tiny GGUF", () => {
  it("is the same bytes for the same seed, other bytes for another, and small", () => {
    const a = tinyGguf(new Uint8Array(32).fill(1));
    expect(toHex(keccak256(a))).toBe(toHex(keccak256(readFileSync(modelPath))));
    expect(toHex(keccak256(tinyGguf(new Uint8Array(32).fill(2))))).not.toBe(toHex(keccak256(a)));
    expect(new TextDecoder().decode(a.subarray(0, 4))).toBe("GGUF");
    expect(a.length).toBeLessThan(600_000);
  });
});

describe("llm executor, embedded model", () => {
  it("produces schema-valid JSON, the same twice", async () => {
    const a = await runLlm(spec, { gate, backend, resultSchema: schema });
    const b = await runLlm(spec, { gate, backend, resultSchema: schema });
    expect(a).toEqual(b);
    expect(["up", "down", "flat"]).toContain((a as { verdict: string }).verdict);
    expect(typeof (a as { confident: unknown }).confident).toBe("boolean");
  }, 60_000);
  it("gives identical output in two separate processes", async () => {
    const tsx = resolve(__dirname, "../../../../node_modules/.bin/tsx");
    const child = resolve(__dirname, "../fixtures/llm-child.ts");
    const run = () => promisify(execFile)(tsx, ["--conditions=@cowboy/source", child, modelPath, JSON.stringify(spec), JSON.stringify(schema)], { timeout: 120_000 });
    const [one, two] = [await run(), await run()];
    expect(one.stdout.trim()).not.toBe("");
    expect(one.stdout).toBe(two.stdout);
    expect(JSON.parse(one.stdout)).toEqual(await runLlm(spec, { gate, backend, resultSchema: schema }));
  }, 240_000);
  it("refuses without the llm entitlement, and bad specs", async () => {
    expect(await code(runLlm(spec, { gate: new EntitlementGate(["net.http"]), backend, resultSchema: schema }))).toBe("ENTITLEMENT_MISSING");
    expect(await code(runLlm({ ...spec, prompt: "" }, { gate, backend, resultSchema: schema }))).toBe("INVALID_SPEC");
    expect(await code(runLlm({ ...spec, max_tokens: 10_000 }, { gate, backend, resultSchema: schema }))).toBe("INVALID_SPEC");
    expect(await code(runLlm({ ...spec, model: "0x00" }, { gate, backend, resultSchema: schema }))).toBe("LLM_FAILED");
    expect(await code(runLlm(spec, { gate, backend: undefined, resultSchema: schema }))).toBe("LLM_FAILED");
  });
});

describe("llm executor, OpenAI-compatible endpoint", () => {
  let server: Server;
  let url = "";
  const requests: { auth: string | undefined; body: Record<string, unknown> }[] = [];
  let reply: unknown = { verdict: "flat", confident: true };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = "";
      req.on("data", (c) => {
        text += c;
      });
      req.on("end", () => {
        if (req.url !== "/v1/chat/completions" || req.method !== "POST") return res.writeHead(404).end();
        requests.push({ auth: req.headers.authorization, body: JSON.parse(text) });
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({ id: "c1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(reply) }, finish_reason: "stop" }] }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("asks for greedy, seeded, schema-constrained output and returns the parsed result", async () => {
    const key = () => Promise.resolve(new SecretValue(new TextEncoder().encode("sk-test-123")));
    const openai = createOpenAiBackend({ baseUrl: url, model: "tiny", apiKey: key });
    expect(await runLlm({ ...spec, model: "tiny", system: "Answer in JSON." }, { gate, backend: openai, resultSchema: schema })).toEqual({ verdict: "flat", confident: true });
    const r = requests.at(-1)!;
    expect(r.auth).toBe("Bearer sk-test-123");
    expect(r.body).toMatchObject({ model: "tiny", temperature: 0, seed: 3, max_tokens: 64, messages: [{ role: "system" }, { role: "user", content: base.prompt }] });
    expect((r.body.response_format as { json_schema: { schema: unknown } }).json_schema.schema).toEqual(schema);
  });
  it("rejects an endpoint's output that violates the schema", async () => {
    reply = { verdict: "sideways", confident: true };
    expect(await code(runLlm({ ...spec, model: "tiny" }, { gate, backend: createOpenAiBackend({ baseUrl: url, model: "tiny" }), resultSchema: schema }))).toBe("SCHEMA_VIOLATION");
    expect(await code(runLlm({ ...spec, model: "tiny" }, { gate, backend: createOpenAiBackend({ baseUrl: `${url}/nope`, model: "tiny" }), resultSchema: schema }))).toBe(
      "LLM_FAILED",
    );
  });
  it("never prints a secret", () => {
    const s = new SecretValue(new TextEncoder().encode("sk-test-123"));
    expect(JSON.stringify({ s })).toBe('{"s":"[secret]"}');
    expect(`${s}`).toBe("[secret]");
    expect(inspect({ s })).not.toContain("sk-test");
  });
});
