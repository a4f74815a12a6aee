import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { classifyAddress } from "../../src/executors/address-guard.js";
import { hostAllowed, runHttp } from "../../src/executors/http.js";

const gate = new EntitlementGate(["net.http"]);
let server: Server;
let port = 0;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const u = req.url ?? "/";
      if (u === "/price") return res.end(JSON.stringify({ price: 4242 }));
      if (u === "/echo") return res.end(JSON.stringify({ method: req.method, body: JSON.parse(body || "null"), auth: req.headers.authorization ?? null }));
      if (u === "/redirect-local") return res.writeHead(302, { location: "/price" }).end();
      if (u === "/redirect-away") return res.writeHead(302, { location: "http://elsewhere.example/price" }).end();
      if (u === "/loop") return res.writeHead(302, { location: "/loop" }).end();
      if (u === "/big") return res.end(JSON.stringify({ pad: "x".repeat(100_000) }));
      if (u === "/big-chunked") {
        res.write("[");
        for (let i = 0; i < 2000; i++) res.write(`${i},`);
        return res.end("0]");
      }
      if (u === "/slow") return setTimeout(() => res.end("{}"), 2_000);
      if (u === "/text") return res.end("hello, not json");
      if (u === "/500") return res.writeHead(500).end("{}");
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const devnet = () => ({ allowDomains: ["127.0.0.1"], devnet: true });
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}

describe("address guard", () => {
  it("classifies loopback, private, link-local, metadata, mapped and public addresses", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("10.1.2.3")).toBe("private");
    expect(classifyAddress("172.20.0.1")).toBe("private");
    expect(classifyAddress("192.168.1.1")).toBe("private");
    expect(classifyAddress("169.254.169.254")).toBe("link-local");
    expect(classifyAddress("0.0.0.0")).toBe("unspecified");
    expect(classifyAddress("8.8.8.8")).toBe("public");
    expect(classifyAddress("::1")).toBe("loopback");
    expect(classifyAddress("::ffff:127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::ffff:169.254.169.254")).toBe("link-local");
    expect(classifyAddress("64:ff9b::a00:1")).toBe("private");
    expect(classifyAddress("fd00:ec2::254")).toBe("private");
    expect(classifyAddress("fe80::1")).toBe("link-local");
    expect(classifyAddress("2606:4700::1111")).toBe("public");
    expect(classifyAddress("not an ip")).toBe("reserved");
  });
  it("matches hosts exactly or by a *. wildcard", () => {
    expect(hostAllowed("prices.example", ["prices.example"])).toBe(true);
    expect(hostAllowed("PRICES.example.", ["prices.example"])).toBe(true);
    expect(hostAllowed("evil-prices.example", ["prices.example"])).toBe(false);
    expect(hostAllowed("a.prices.example", ["*.prices.example"])).toBe(true);
    expect(hostAllowed("prices.example", ["*.prices.example"])).toBe(false);
    expect(hostAllowed("xprices.example", ["*.prices.example"])).toBe(false);
  });
});

describe("http executor", () => {
  it("returns the body parsed as JSON", async () => {
    expect(await runHttp({ method: "GET", url: `http://127.0.0.1:${port}/price` }, gate, devnet())).toEqual({ price: 4242 });
  });
  it("sends a JSON body and headers", async () => {
    const out = await runHttp({ method: "post", url: `http://127.0.0.1:${port}/echo`, headers: { authorization: "Bearer t" }, body: { a: 1 } }, gate, devnet());
    expect(out).toEqual({ method: "POST", body: { a: 1 }, auth: "Bearer t" });
    expect(seen.at(-1)?.headers["content-type"]).toBe("application/json");
  });
  it("refuses without the net.http entitlement", async () => {
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/price` }, new EntitlementGate(["llm"]), devnet()))).toBe("ENTITLEMENT_MISSING");
  });
  it("refuses a host not on the allowlist", async () => {
    expect(await code(runHttp({ method: "GET", url: `http://localhost:${port}/price` }, gate, devnet()))).toBe("HTTP_DOMAIN_NOT_ALLOWED");
  });
  it("refuses loopback without devnet, by literal and after DNS resolution", async () => {
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/price` }, gate, { allowDomains: ["127.0.0.1"] }))).toBe("HTTP_ADDRESS_FORBIDDEN");
    expect(await code(runHttp({ method: "GET", url: `http://localhost:${port}/price` }, gate, { allowDomains: ["localhost"] }))).toBe("HTTP_ADDRESS_FORBIDDEN");
    const before = seen.length;
    // A name that resolves to the metadata service, or to a mix of public and private, is refused even on a devnet.
    const metadata = async () => [{ address: "169.254.169.254", family: 4 as const }];
    expect(await code(runHttp({ method: "GET", url: "http://meta.example/" }, gate, { allowDomains: ["meta.example"], devnet: true, resolve: metadata }))).toBe(
      "HTTP_ADDRESS_FORBIDDEN",
    );
    const mixed = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.0.0.7", family: 4 as const },
    ];
    expect(await code(runHttp({ method: "GET", url: "http://mixed.example/" }, gate, { allowDomains: ["mixed.example"], resolve: mixed }))).toBe("HTTP_ADDRESS_FORBIDDEN");
    expect(seen.length).toBe(before);
  });
  it("connects to the checked address, not to a second resolution", async () => {
    // The name resolves (once) to loopback; the request reaches the local server although the name does not exist.
    const pinned = async () => [{ address: "127.0.0.1", family: 4 as const }];
    expect(await runHttp({ method: "GET", url: `http://prices.example:${port}/price` }, gate, { allowDomains: ["prices.example"], devnet: true, resolve: pinned })).toEqual({
      price: 4242,
    });
    expect(seen.at(-1)?.headers.host).toBe(`prices.example:${port}`);
  });
  it("follows redirects on the allowlist only, and a bounded number of them", async () => {
    expect(await runHttp({ method: "GET", url: `http://127.0.0.1:${port}/redirect-local` }, gate, devnet())).toEqual({ price: 4242 });
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/redirect-away` }, gate, devnet()))).toBe("HTTP_DOMAIN_NOT_ALLOWED");
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/loop` }, gate, devnet()))).toBe("HTTP_REDIRECT_REFUSED");
  });
  it("bounds response size (declared and streamed) and time", async () => {
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/big` }, gate, devnet()))).toBe("HTTP_TOO_LARGE");
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/big-chunked` }, gate, { ...devnet(), maxResponseBytes: 1000 }))).toBe("HTTP_TOO_LARGE");
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/slow` }, gate, { ...devnet(), timeoutMs: 200 }))).toBe("HTTP_TIMEOUT");
  });
  it("reports non-JSON bodies, error statuses and bad specs", async () => {
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/text` }, gate, devnet()))).toBe("HTTP_NOT_JSON");
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/500` }, gate, devnet()))).toBe("HTTP_STATUS");
    expect(await code(runHttp({ method: "GET", url: "file:///etc/passwd" }, gate, devnet()))).toBe("INVALID_SPEC");
    expect(await code(runHttp({ method: "GET", url: `http://u:p@127.0.0.1:${port}/` }, gate, devnet()))).toBe("INVALID_SPEC");
    expect(await code(runHttp({ method: "TRACE", url: `http://127.0.0.1:${port}/` }, gate, devnet()))).toBe("INVALID_SPEC");
    expect(await code(runHttp({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: { Host: "x" } }, gate, devnet()))).toBe("INVALID_SPEC");
  });
});
