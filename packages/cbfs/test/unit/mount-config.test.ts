// The FUSE mount process's input (cips/cbfs.md §12): every field of the stdin config is checked, bad input is
// INVALID_PARAMS naming the field, and a mount process given bad input says so with its error code and mounts nothing.
import { describe, expect, it } from "vitest";
import { encodeCapToken, signCapToken } from "../../src/captoken.js";
import { type MountConfig, fuseMountPoints, fuseSupport, parseMountConfig, spawnMountProcess } from "../../src/fuse/index.js";

const relay = { endpoint: "http://127.0.0.1:7001", address: "aa".repeat(20), operator: "bb".repeat(20), stake: "1000" };
const good: MountConfig = { root: "11".repeat(32), key: "22".repeat(32), dir: "/tmp/cbfs-mount-config-test", name: "in.bin", relays: [relay] };
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
