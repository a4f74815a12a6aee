import { describe, expect, it } from "vitest";
import { SecretValue, collectSecretRefs, parseSecretRef, withSecrets } from "../../src/client/index.js";
import type { SecretSource } from "../../src/client/index.js";

const A = `0x${"ab".repeat(20)}/api.key`;
const B = `0x${"cd".repeat(20)}/token`;
const spec = { url: "http://127.0.0.1:9/x", headers: { authorization: { $secret: A }, "x-token": { $secret: B } }, body: [{ $secret: A }, "plain"] };

describe("job-spec secret references", () => {
  it("parses references and refuses malformed ones", () => {
    expect(parseSecretRef(A)).toEqual({ owner: new Uint8Array(20).fill(0xab), name: "api.key" });
    expect(() => parseSecretRef("0x12/x")).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => parseSecretRef(`0x${"ab".repeat(20)}/bad name`)).toThrow(expect.objectContaining({ code: "INVALID_NAME" }));
  });

  it("collects distinct references and substitutes them only inside the call", async () => {
    expect(collectSecretRefs(spec)).toEqual([A, B]);
    const asked: string[] = [];
    const source: SecretSource = {
      async get(ref, job) {
        asked.push(`${ref.name}@${job[0]}`);
        return new SecretValue(new TextEncoder().encode(ref.name === "api.key" ? "sk-1" : "tok-2"));
      },
    };
    const seen = await withSecrets(spec, source, new Uint8Array(32).fill(7), (resolved) => JSON.stringify(resolved));
    expect(seen).toBe('{"url":"http://127.0.0.1:9/x","headers":{"authorization":"sk-1","x-token":"tok-2"},"body":["sk-1","plain"]}');
    expect(asked.sort()).toEqual(["api.key@7", "token@7"]);
    expect(JSON.stringify(spec)).not.toContain("sk-1");
  });
});
