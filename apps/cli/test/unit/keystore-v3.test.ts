import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, checksumAddress } from "@cowboy/crypto";
import { decryptKeystoreJson, encryptKeystoreJsonSync, Wallet } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { decryptKey, Keystore } from "../../src/keystore.js";
import { decryptKeystoreV3, encryptKeystoreV3, parseKeystoreV3 } from "../../src/keystore-v3.js";
import { memoryIo } from "../utils/memory-io.js";

// ethers 6 (a devDependency) is the independent implementation every file is checked against.
const dir = mkdtempSync(join(tmpdir(), "cowboy-v3-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = new Uint8Array(32).fill(0x42);
const KEY_HEX = `0x${toHex(KEY)}`;
const wallet = new Wallet(KEY_HEX);

async function cli(argv: string[], env: Record<string, string> = {}, files: Record<string, string | Uint8Array> = {}) {
  const io = memoryIo({ files });
  Object.assign(io.env, env);
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join(""), files: io.files };
}

describe("keystore v3 against ethers", () => {
  it("EIP-55 spelling equals ethers' address for the same key", () => {
    expect(checksumAddress(addressFromPrivateKey(KEY))).toBe(wallet.address);
    const other = new Uint8Array(32).fill(7);
    expect(checksumAddress(addressFromPrivateKey(other))).toBe(new Wallet(`0x${toHex(other)}`).address);
  });

  it("decrypts a scrypt file written by ethers, and refuses a wrong password and a tampered ciphertext", () => {
    const json = encryptKeystoreJsonSync({ address: wallet.address, privateKey: KEY_HEX }, "pw-ethers", { scrypt: { N: 1024 } });
    const file = parseKeystoreV3(json);
    expect(file.crypto.kdf).toBe("scrypt");
    expect(toHex(decryptKeystoreV3(file, "pw-ethers"))).toBe(toHex(KEY));
    expect(() => decryptKeystoreV3(file, "wrong")).toThrow("wrong password (MAC mismatch)");
    const flipped = file.crypto.ciphertext.replace(/^(.)/, (c) => (c === "0" ? "1" : "0"));
    expect(() => decryptKeystoreV3({ ...file, crypto: { ...file.crypto, ciphertext: flipped } }, "pw-ethers")).toThrow("MAC mismatch");
  });

  it("writes scrypt and pbkdf2 files that ethers decrypts to the same key and address", async () => {
    const scrypt = encryptKeystoreV3(KEY, "pw", { kdf: "scrypt", scrypt: { n: 1024, r: 8, p: 1 } });
    const pbkdf2 = encryptKeystoreV3(KEY, "pw", { kdf: "pbkdf2", pbkdf2: { c: 1000 } });
    expect(pbkdf2.crypto.kdfparams).toMatchObject({ c: 1000, prf: "hmac-sha256", dklen: 32 });
    for (const file of [scrypt, pbkdf2]) {
      const account = await decryptKeystoreJson(JSON.stringify(file), "pw");
      expect(account.privateKey).toBe(KEY_HEX);
      expect(account.address).toBe(wallet.address);
      expect(toHex(decryptKeystoreV3(parseKeystoreV3(JSON.stringify(file)), "pw"))).toBe(toHex(KEY));
    }
  });

  it("refuses hostile work factors and a key that does not match the stated address", () => {
    const file = encryptKeystoreV3(KEY, "pw", { scrypt: { n: 1024, r: 8, p: 1 } });
    expect(() => decryptKeystoreV3({ ...file, crypto: { ...file.crypto, kdfparams: { ...file.crypto.kdfparams, n: 1 << 22 } as never } }, "pw")).toThrow(/out of range/);
    expect(() => decryptKeystoreV3({ ...file, address: "11".repeat(20) }, "pw")).toThrow(/does not belong to the stated address/);
    expect(() => parseKeystoreV3('{"version":1}')).toThrow(/not a v3 key file: version/);
  });
});

describe("cowboy keys import-keystore / export-keystore / show", () => {
  const keystore = join(dir, "ks");
  const lines = `cowboy   0x${toHex(addressFromPrivateKey(KEY))}\nethereum ${wallet.address}\n`;

  it("imports an ethers keystore and shows the same address on both chains", async () => {
    const json = encryptKeystoreJsonSync({ address: wallet.address, privateKey: KEY_HEX }, "file-pw", { scrypt: { N: 2048 } });
    const r = await cli(
      ["keys", "import-keystore", "wallet.json", "eve", "--keystore", keystore, "--v3-password-file", "v3pw"],
      { COWBOY_PASSWORD: "cowboy-pw" },
      { "wallet.json": json, v3pw: "file-pw\n" },
    );
    expect(r).toMatchObject({ status: 0, stdout: lines, stderr: "" });
    expect(toHex(decryptKey(new Keystore(keystore).find("eve"), "cowboy-pw"))).toBe(toHex(KEY));
    expect((await cli(["keys", "show", "eve", "--keystore", keystore])).stdout).toBe(lines);
    const wrong = await cli(["keys", "import-keystore", "wallet.json", "eve2", "--keystore", keystore], { COWBOY_PASSWORD: "cowboy-pw" }, { "wallet.json": json });
    expect(wrong).toMatchObject({ status: 1, stderr: "error: keystore: wrong password (MAC mismatch)\n" });
  });

  it("exports a pbkdf2 keystore that ethers opens, and never overwrites a file", async () => {
    const r = await cli(["keys", "export-keystore", "eve", "--out", "out.json", "--kdf", "pbkdf2", "--keystore", keystore], { COWBOY_PASSWORD: "cowboy-pw" });
    expect(r).toMatchObject({ status: 0, stdout: lines });
    const account = await decryptKeystoreJson(r.files["out.json"] as string, "cowboy-pw");
    expect(account.privateKey).toBe(KEY_HEX);
    const again = await cli(["keys", "export-keystore", "eve", "--out", "x.json", "--keystore", keystore], { COWBOY_PASSWORD: "cowboy-pw" }, { "x.json": "{}" });
    expect(again).toMatchObject({ status: 1, stderr: "error: cannot write x.json: it already exists\n" });
    expect((await cli(["keys", "export-keystore", "eve", "--out", "y.json", "--kdf", "md5", "--keystore", keystore], { COWBOY_PASSWORD: "x" })).status).toBe(2);
  });
});
