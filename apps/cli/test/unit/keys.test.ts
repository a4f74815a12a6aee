import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { decryptKey, Keystore } from "../../src/keystore.js";
import { memoryIo } from "../utils/memory-io.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const io = memoryIo({ files });
  Object.assign(io.env, env);
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy keys", () => {
  const keystore = join(dir, "ks");
  const key = "0x" + "42".repeat(32);
  const address = `0x${toHex(addressFromPrivateKey(new Uint8Array(32).fill(0x42)))}`;

  it("imports a key encrypted with the password, lists it, and decrypts it only with that password", async () => {
    const imported = await cli(["keys", "import", "alice", "--key", key, "--keystore", keystore], { COWBOY_PASSWORD: "correct horse" });
    expect(imported).toEqual({ status: 0, stdout: `${address}\n`, stderr: "" });
    const file = join(keystore, "alice.json");
    expect(readFileSync(file, "utf8")).not.toContain("42".repeat(32));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(["keys", "list", "--keystore", keystore])).stdout).toBe(`${address} alice\n`);
    const stored = new Keystore(keystore).find("alice");
    expect(toHex(decryptKey(stored, "correct horse"))).toBe("42".repeat(32));
    expect(() => decryptKey(stored, "wrong")).toThrow("wrong password for key alice");
    expect(new Keystore(keystore).find(address).name).toBe("alice");
  });

  it("creates new keys from a password file and refuses duplicates and bad names", async () => {
    const created = await cli(["keys", "new", "bob", "--keystore", keystore, "--password-file", "pw"], {}, { pw: "s3cret\n" });
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^0x[0-9a-f]{40}\n$/);
    expect(toHex(decryptKey(new Keystore(keystore).find("bob"), "s3cret")).length).toBe(64);
    expect((await cli(["keys", "new", "bob", "--keystore", keystore], { COWBOY_PASSWORD: "x" })).stderr).toBe("error: a key named bob already exists\n");
    expect((await cli(["keys", "import", "carol", "--key", key, "--keystore", keystore], { COWBOY_PASSWORD: "x" })).stderr).toMatch(/already in the keystore/);
    expect((await cli(["keys", "new", "../evil", "--keystore", keystore], { COWBOY_PASSWORD: "x" })).stderr).toMatch(/key names are/);
    const noPassword = await cli(["keys", "new", "dave", "--keystore", keystore]);
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toMatch(/--password-file FILE or COWBOY_PASSWORD/);
  });
});
