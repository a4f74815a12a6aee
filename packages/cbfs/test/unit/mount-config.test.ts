// The FUSE mount process's input (cips/cbfs.md §12): every field of the stdin config is checked, bad input is
// INVALID_PARAMS naming the field, and a mount process given bad input says so with its error code and mounts nothing.
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { encodeCapToken, signCapToken } from "../../src/captoken.js";
import { type MountConfig, chainHeight, fuseMountPoints, fuseSupport, parseMountConfig, spawnMountProcess, startTokenRenewal } from "../../src/fuse/index.js";

const relay = { endpoint: "http://127.0.0.1:7001", address: "aa".repeat(20), operator: "bb".repeat(20), stake: "1000" };
const good: MountConfig = { root: "11".repeat(32), key: "22".repeat(32), dir: "/tmp/cbfs-mount-config-test", name: "in.bin", relays: [relay] };
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const ownerKey = new Uint8Array(32).fill(7);
const scope = new Uint8Array(32).fill(0x11);
// Issued by key 0x07… to itself (renewable by the mount), and by 0x07… to someone else (not).
const selfToken = hex(encodeCapToken(signCapToken({ grantee: addressFromPrivateKey(ownerKey), scope, rights: 1, notBefore: 0n, notAfter: 10n, nonce: 1n }, ownerKey)));
const otherToken = hex(encodeCapToken(signCapToken({ grantee: new Uint8Array(20).fill(1), scope, rights: 1, notBefore: 0n, notAfter: 10n, nonce: 1n }, ownerKey)));
const refusal = (config: unknown) => {
  try {
    parseMountConfig(typeof config === "string" ? config : JSON.stringify(config));
    return "accepted";
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
};

describe("mount config", () => {
  it("parses a valid config, with a CapToken or a delegation for reads", () => {
    const parsed = parseMountConfig(JSON.stringify(good));
    expect(Buffer.from(parsed.root).toString("hex")).toBe(good.root);
    expect(parsed.relays[0]).toMatchObject({ endpoint: relay.endpoint, stake: 1000n });
    expect(parsed.transport).toEqual({});
    const owner = new Uint8Array(32).fill(7);
    const token = signCapToken({ grantee: new Uint8Array(20).fill(1), scope: new Uint8Array(32).fill(0x11), rights: 1, notBefore: 0n, notAfter: 10n, nonce: 1n }, owner);
    const withToken = parseMountConfig(JSON.stringify({ ...good, capToken: Buffer.from(encodeCapToken(token)).toString("hex"), granteeKey: "07".repeat(32) }));
    expect(withToken.transport.capToken?.token.notAfter).toBe(10n);
    const delegated = parseMountConfig(JSON.stringify({ ...good, delegation: true, granteeKey: "07".repeat(32) }));
    expect(Buffer.from(delegated.transport.delegation!.root).toString("hex")).toBe(good.root);
  });

  it("refuses each bad field with INVALID_PARAMS", () => {
    expect(refusal("{not json")).toBe("INVALID_PARAMS: mount config: not JSON");
    expect(refusal({ ...good, root: "11" })).toMatch(/^INVALID_PARAMS: .*root must be 32 bytes/);
    expect(refusal({ ...good, key: "ZZ".repeat(32) })).toMatch(/^INVALID_PARAMS: .*key must be 32 bytes/);
    expect(refusal({ ...good, dir: "relative/dir" })).toMatch(/dir must be an absolute path/);
    expect(refusal({ ...good, name: "a/b" })).toMatch(/name must be one path component/);
    expect(refusal({ ...good, name: ".." })).toMatch(/name must be one path component/);
    expect(refusal({ ...good, relays: [] })).toMatch(/relays must be a non-empty list/);
    expect(refusal({ ...good, relays: [{ ...relay, endpoint: "ftp://x" }] })).toMatch(/endpoint must be an http/);
    expect(refusal({ ...good, relays: [{ ...relay, stake: "-1" }] })).toMatch(/stake must be a decimal/);
    expect(refusal({ ...good, cacheBytes: -5 })).toMatch(/cacheBytes/);
    expect(refusal({ ...good, capToken: "00".repeat(10), granteeKey: "07".repeat(32) })).toMatch(/capToken must be 163 bytes/);
    expect(refusal({ ...good, delegation: true })).toMatch(/granteeKey must be 32 bytes/);
    // Renewal (cips/cbfs.md §12 "Renewal"): a node URL, a positive number of blocks, and a token to renew.
    const self = { ...good, capToken: selfToken, granteeKey: "07".repeat(32) };
    expect(refusal({ ...self, rpc: "ws://127.0.0.1:8545" })).toMatch(/^INVALID_PARAMS: .*rpc must be an http\(s\) URL/);
    expect(refusal({ ...self, rpc: "http://127.0.0.1:8545", tokenBlocks: 0 })).toMatch(/tokenBlocks must be a positive integer/);
    expect(refusal({ ...self, rpc: "http://127.0.0.1:8545", tokenBlocks: 1.5 })).toMatch(/tokenBlocks must be a positive integer/);
    expect(refusal({ ...self, tokenBlocks: 20 })).toMatch(/tokenBlocks needs rpc/);
    expect(refusal({ ...good, rpc: "http://127.0.0.1:8545" })).toMatch(/rpc renews a capToken: give one/);
    expect(refusal({ ...good, delegation: true, granteeKey: "07".repeat(32), rpc: "http://127.0.0.1:8545" })).toMatch(/rpc renews a capToken/);
  });

  it("takes the node and the validity a self-issued token is renewed with (600 blocks unless told)", () => {
    const self = { ...good, capToken: selfToken, granteeKey: "07".repeat(32), rpc: "http://127.0.0.1:8545" };
    expect(parseMountConfig(JSON.stringify(self)).renew).toEqual({ rpc: "http://127.0.0.1:8545", blocks: 600n });
    expect(parseMountConfig(JSON.stringify({ ...self, tokenBlocks: 20 })).renew).toEqual({ rpc: "http://127.0.0.1:8545", blocks: 20n });
    expect(parseMountConfig(JSON.stringify({ ...good, capToken: selfToken, granteeKey: "07".repeat(32) })).renew).toBeUndefined();
  });

  it("renews only a token its key issued to itself; a node that does not answer is RELAY_UNAVAILABLE", async () => {
    const parsed = parseMountConfig(JSON.stringify({ ...good, capToken: otherToken, granteeKey: "07".repeat(32), rpc: "http://127.0.0.1:9" }));
    const lines: string[] = [];
    expect(() => startTokenRenewal({ auth: parsed.transport.capToken!, ...parsed.renew!, log: (l) => lines.push(l) })).toThrow(
      expect.objectContaining({ code: "INVALID_PARAMS", message: expect.stringMatching(/self-issued/) }),
    );
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    await expect(chainHeight("http://127.0.0.1:9")).rejects.toMatchObject({ code: "RELAY_UNAVAILABLE", message: expect.stringMatching(/did not answer cowboy_head/) });
    // A failing node: one stderr line for the streak, naming the height reads stop at, and no renewal.
    const self = parseMountConfig(JSON.stringify({ ...good, capToken: selfToken, granteeKey: "07".repeat(32), rpc: "http://127.0.0.1:9" }));
    const renewal = startTokenRenewal({ auth: self.transport.capToken!, ...self.renew!, pollMs: 60_000, log: (l) => lines.push(l) });
    expect(await renewal.renewIfDue()).toBe(false);
    expect(await renewal.renewIfDue()).toBe(false);
    renewal.close();
    expect(renewal.renewals).toBe(0);
    expect(renewal.current().token.notAfter).toBe(10n);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^renewing the read CapToken failed \(reads fail once it expires at height 10\): the node at http:\/\/127\.0\.0\.1:9 did not answer/);
    expect(lines.join("\n")).not.toContain("07".repeat(32));
  });

  it("reads FUSE mount points from /proc/mounts, unescaping them; FUSE can be turned off", async () => {
    const mounts = [
      "proc /proc proc rw,nosuid 0 0",
      "cbfs /tmp/my\\040mnt fuse rw,nosuid,nodev,user_id=0,group_id=0 0 0",
      "sshfs#x /mnt/ssh fuse.sshfs rw 0 0",
      "/dev/sda1 /tmp/fuse ext4 rw 0 0",
    ].join("\n");
    expect(fuseMountPoints(mounts)).toEqual(["/tmp/my mnt", "/mnt/ssh"]);
    expect(await fuseSupport({ COWBOY_FUSE: "off" })).toEqual({ available: false, reason: "FUSE is turned off (COWBOY_FUSE=off)" });
    expect(await fuseSupport({ PATH: "" })).toMatchObject({ available: false });
  });

  it("a mount process given a bad config answers its error code and exits", async () => {
    await expect(spawnMountProcess({ ...good, name: "a/b" })).rejects.toMatchObject({ code: "INVALID_PARAMS", message: expect.stringMatching(/name must be one path component/) });
  }, 60_000);
});
