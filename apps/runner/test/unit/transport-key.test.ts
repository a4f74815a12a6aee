// The runner's CBSS transport key (cips/runner-process.md "Secrets"): generated once, persisted encrypted under the
// account key, reopened on restart; a stale on-chain registration (placeholder key) is replaced by runner_update.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transportKeyPair } from "@cowboy/cbss";
import { fromHex, toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { parseProxies } from "../../src/cbss-source.js";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { Runner, registrationStale } from "../../src/runner.js";
import { JobStore } from "../../src/state/job-store.js";
import { TRANSPORT_KEY_FILE, loadOrCreateTransportKey, openTransportKey, sealTransportKey } from "../../src/transport-key.js";
import { MemoryChain } from "../fixtures/memory-chain.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "runner-transport-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const key = new Uint8Array(32).fill(0x31);
const other = new Uint8Array(32).fill(0x32);

describe("transport key at rest", () => {
  it("is generated once (0600, 60 bytes, not the plaintext) and reopened with the same public key", () => {
    const dir = tmp();
    const first = loadOrCreateTransportKey(dir, key);
    expect(first.created).toBe(true);
    expect(first.publicKey).toEqual(transportKeyPair(first.secretKey).publicKey);
    const file = join(dir, TRANSPORT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bytes = new Uint8Array(readFileSync(file));
    expect(bytes.length).toBe(60);
    expect(toHex(bytes)).not.toContain(toHex(first.secretKey));
    const again = loadOrCreateTransportKey(dir, key);
    expect(again.created).toBe(false);
    expect(toHex(again.secretKey)).toBe(toHex(first.secretKey));
    expect(toHex(again.publicKey)).toBe(toHex(first.publicKey));
  });

  it("refuses another account's key, a flipped bit and a truncated file", () => {
    const secret = new Uint8Array(32).fill(9);
    const sealed = sealTransportKey(key, secret, new Uint8Array(12).fill(1));
    expect(openTransportKey(key, sealed)).toEqual(secret);
    expect(() => openTransportKey(other, sealed)).toThrow(/does not open with this runner's key/);
    const flipped = sealed.slice();
    flipped[20]! ^= 1;
    expect(() => openTransportKey(key, flipped)).toThrow(/does not open/);
    try {
      openTransportKey(key, sealed.slice(0, 59));
      expect.unreachable();
    } catch (e) {
      expect(isRunnerError(e, "STATE_INVALID")).toBe(true);
    }
    const dir = tmp();
    writeFileSync(join(dir, TRANSPORT_KEY_FILE), sealed);
    expect(() => loadOrCreateTransportKey(dir, other)).toThrow(/does not open/);
  });
});

describe("--proxies", () => {
  it("takes a comma-separated list of http(s) URLs", () => {
    expect(parseProxies("http://127.0.0.1:7401, http://127.0.0.1:7402,")).toEqual(["http://127.0.0.1:7401", "http://127.0.0.1:7402"]);
    expect(() => parseProxies("")).toThrow(/comma-separated/);
    expect(() => parseProxies("127.0.0.1:7401")).toThrow(/not an http\(s\) URL|not a URL/);
    expect(() => parseProxies("ftp://x")).toThrow(/not an http\(s\) URL/);
  });
});

describe("registration update", () => {
  const me = `0x${"77".repeat(20)}`;
  const placeholder = keccak256(fromHex("77".repeat(20)));
  const fresh = transportKeyPair(new Uint8Array(32).fill(5)).publicKey;
  const reg = { stake: 10_000n, provides: ["net.http", "secret.read"], jobKinds: ["http"], models: [], endpoint: "", transportKey: fresh, maxJobValue: 1_000n };

  it("registrationStale compares the transport key, endpoint and capability sets", () => {
    const info = {
      address: me,
      stake: 10_000n,
      provides: ["secret.read", "net.http"],
      jobKinds: ["http"],
      models: [],
      endpoint: "",
      transportKey: `0x${toHex(fresh)}`,
      reputation: 0n,
      status: "active" as const,
      maxJobValue: 1_000n,
    };
    expect(registrationStale(info, reg)).toBe(false);
    expect(registrationStale({ ...info, transportKey: `0x${toHex(placeholder)}` }, reg)).toBe(true);
    expect(registrationStale({ ...info, provides: ["net.http"] }, reg)).toBe(true);
    expect(registrationStale({ ...info, endpoint: "http://x" }, reg)).toBe(true);
    expect(registrationStale({ ...info, rateCard: {} }, reg)).toBe(false);
    expect(registrationStale({ ...info, rateCard: { http: "5" } }, reg)).toBe(true);
    expect(registrationStale({ ...info, rateCard: { http: "5" } }, { ...reg, rateCard: { http: 5n } })).toBe(false);
    expect(registrationStale({ ...info, rateCard: { http: "5" } }, { ...reg, rateCard: { http: 6n } })).toBe(true);
  });

  it("a runner registered with the old placeholder key sends runner_update with its real transport key", async () => {
    const chain = new MemoryChain();
    chain.runners.set(me, {
      address: me,
      stake: 10_000n,
      provides: ["net.http"],
      jobKinds: ["http"],
      models: [],
      endpoint: "",
      transportKey: `0x${toHex(placeholder)}`,
      reputation: 0n,
      status: "active",
      maxJobValue: 1_000n,
    });
    const store = JobStore.open(tmp());
    const runner = new Runner({
      chain: chain.port(me),
      address: fromHex(me.slice(2)),
      store,
      executors: { gate: new EntitlementGate(["net.http", "secret.read"]) },
      registration: reg,
      pollMs: 10,
    });
    const updating = runner.ensureRegistered({ timeoutMs: 5_000 });
    await new Promise((r) => setTimeout(r, 30));
    chain.mine();
    expect(await updating).toBe("updated");
    expect(chain.runners.get(me)).toMatchObject({ transportKey: `0x${toHex(fresh)}`, provides: ["net.http", "secret.read"] });
    expect(await runner.ensureRegistered()).toBe("already");
    await store.close();
  });
});
