// `cowboy fs grant` and the fs/relay commands' argument checks, in process.
import { capTokenRefusal, decodeCapToken, signCapTokenUse } from "@cowboy/cbfs";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const OWNER = new Uint8Array(32).fill(0x11);
const RUNNER = new Uint8Array(32).fill(0x22);
const ROOT = `0x${"ab".repeat(32)}`;

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy fs grant", () => {
  it("prints a CapToken the relays' check accepts for its grantee within its heights", async () => {
    const to = `0x${Buffer.from(addressFromPrivateKey(RUNNER)).toString("hex")}`;
    const key = `0x${"11".repeat(32)}`;
    const out = await cli(["fs", "grant", ROOT, "--to", to, "--rights", "read", "--blocks", "100", "--from", "50", "--nonce", "7", "--key", key]);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    const token = decodeCapToken(new Uint8Array(Buffer.from(out.stdout.trim().slice(2), "hex")));
    expect(token.notBefore).toBe(50n);
    expect(token.notAfter).toBe(150n);
    expect(token.nonce).toBe(7n);
    expect(token.owner).toEqual(addressFromPrivateKey(OWNER));
    const object = new Uint8Array(32).fill(1);
    const check = (height: bigint) =>
      capTokenRefusal(token, {
        height,
        root: new Uint8Array(32).fill(0xab),
        owner: addressFromPrivateKey(OWNER),
        right: "read",
        object,
        useSignature: signCapTokenUse(token, object, RUNNER),
        isRevoked: () => false,
      });
    expect(check(100n)).toBeUndefined();
    expect(check(151n)).toMatch(/expired/);
  });

  it("refuses bad rights, addresses and roots with usage errors", async () => {
    const key = `0x${"11".repeat(32)}`;
    expect((await cli(["fs", "grant", ROOT, "--to", "0x12", "--blocks", "1", "--key", key])).status).toBe(2);
    expect((await cli(["fs", "grant", ROOT, "--to", `0x${"12".repeat(20)}`, "--rights", "admin", "--blocks", "1", "--key", key])).status).toBe(2);
    expect((await cli(["fs", "get", "0x1234", "out"])).status).toBe(2);
    expect((await cli(["fs", "mount", ROOT, "/tmp/x", "--cache-mib", "lots"])).stderr).toMatch(/--cache-mib must be a whole number of MiB/);
    expect((await cli(["fs", "mount", ROOT, "/tmp/x", "--file-key", "0x12"])).status).toBe(2);
    const tokenBlocks = async (n: string, ...more: string[]) => cli(["fs", "mount", ROOT, "/tmp/x", "--token-blocks", n, ...more]);
    expect((await tokenBlocks("0", "--rpc", "http://127.0.0.1:9")).stderr).toMatch(/--token-blocks must be a positive integer of blocks, got '0'/);
    expect((await tokenBlocks("-3", "--rpc", "http://127.0.0.1:9")).status).toBe(2);
    expect((await tokenBlocks("20")).stderr).toMatch(/--token-blocks needs --rpc/);
    expect((await cli(["fs", "unmount"])).status).toBe(2);
    expect((await cli(["relay", "start", "--key", key, "--data", "/tmp/x"])).stderr).toMatch(/--stake/);
  });
});
