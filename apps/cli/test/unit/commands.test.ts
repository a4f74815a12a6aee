import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";
import { readVector } from "@cowboy/checks/vectors";

const appendix = readVector<any>("transactions/appendix-a.json");
const invalid: { cases: Array<{ name: string; hex: string; code: string }> } = readVector<any>("transactions/invalid.json");
const addresses: { cases: Array<{ name: string; source_utf8_hex: string; creator: string; salt: string; code_hash: string; address: string }> } =
  readVector<any>("addresses/actor-addresses.json");

async function cli(argv: string[], options: { stdin?: string; files?: Record<string, Uint8Array | string>; env?: Record<string, string> } = {}) {
  const io = memoryIo(options);
  Object.assign(io.env, options.env ?? {});
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy tx", () => {
  it("encodes Appendix A's transaction byte for byte", async () => {
    const result = await cli(["tx", "encode"], { stdin: JSON.stringify(appendix.json) });
    expect(result).toEqual({ status: 0, stdout: `${appendix.unsigned_hex}\n`, stderr: "" });
  });

  it("decodes to exactly the JSON form, keys in spec order", async () => {
    const result = await cli(["tx", "decode", appendix.unsigned_hex]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(appendix.json)}\n`);
    expect(Object.keys(JSON.parse(result.stdout))[0]).toBe("chain_id");
  });

  it("prints the signing hash", async () => {
    expect((await cli(["tx", "hash", appendix.unsigned_hex])).stdout).toBe(`${appendix.signing_hash}\n`);
    expect((await cli(["tx", "hash", appendix.signed_hex])).stdout).toBe(`${appendix.signing_hash}\n`);
  });

  it("signs as from and reproduces Appendix A's signed encoding", async () => {
    const result = await cli(["tx", "sign", "--key", appendix.private_key], { stdin: JSON.stringify(appendix.json) });
    expect(result).toEqual({ status: 0, stdout: `${appendix.signed_hex}\n`, stderr: "" });
    const fromEnv = await cli(["tx", "sign"], { stdin: JSON.stringify(appendix.json), env: { COWBOY_KEY: `0x${appendix.private_key}` } });
    expect(fromEnv.stdout).toBe(`${appendix.signed_hex}\n`);
  });

  it("refuses to sign with a key that is not from's", async () => {
    const result = await cli(["tx", "sign", "--key", "22".repeat(32)], { stdin: JSON.stringify(appendix.json) });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: the key's address 0x[0-9a-f]{40} is not the transaction's from 0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a\n$/);
    expect((await cli(["tx", "sign", "--key", "12"], { stdin: "{}" })).status).toBe(2);
    expect((await cli(["tx", "sign"], { stdin: JSON.stringify(appendix.json) })).stderr).toContain("missing --key");
  });

  it("rejects every invalid vector with its reason and exit 1", async () => {
    for (const bad of invalid.cases) {
      if (bad.hex === "") continue;
      const result = await cli(["tx", "decode", bad.hex]);
      expect(result.status, bad.name).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.split("\n").length, bad.name).toBe(2);
      expect(result.stderr, bad.name).toMatch(/^error: .* at byte \d+/);
    }
  });

  it("names a non-canonical varint and its byte", async () => {
    // nonce 0 written as the two-byte varint 80 00
    const hex = appendix.unsigned_hex.slice(0, 2) + "8000" + appendix.unsigned_hex.slice(4);
    expect((await cli(["tx", "decode", hex])).stderr).toBe("error: non-canonical varint at byte 1\n");
  });

  it("reports bad hex, bad JSON and a missing argument", async () => {
    expect((await cli(["tx", "decode", "zz"])).stderr).toMatch(/^error: HEX is not valid hex/);
    const json = await cli(["tx", "encode"], { stdin: "{" });
    expect(json.status).toBe(1);
    expect(json.stderr).toMatch(/^error: stdin is not valid JSON/);
    const field = await cli(["tx", "encode"], { stdin: JSON.stringify({ ...appendix.json, nonce: "-1" }) });
    expect(field.status).toBe(1);
    expect(field.stderr).toMatch(/nonce/);
    expect((await cli(["tx", "decode"])).status).toBe(2);
  });

  it("decodes a well-formed transaction with chain id 0, then `check` flags it", async () => {
    const zeroChain = "00" + appendix.unsigned_hex.slice(2);
    const decoded = await cli(["tx", "decode", zeroChain]);
    expect(decoded.status).toBe(0);
    expect(JSON.parse(decoded.stdout).chain_id).toBe("0");
    const checked = await cli(["tx", "check", zeroChain, "--chain-id", "42"]);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain("invalid: CHAIN_ID_MISMATCH");
    expect(checked.stderr).toContain("INVALID_SIGNATURE");
    expect(await cli(["tx", "check", appendix.signed_hex, "--chain-id", "42"])).toEqual({ status: 0, stdout: "valid\n", stderr: "" });
    expect((await cli(["tx", "check", appendix.signed_hex, "--chain-id", "-1"])).status).toBe(2);
  });
});

describe("cowboy actor address", () => {
  it("prints the code hash and the address of every vector, from the file's bytes", async () => {
    for (const c of addresses.cases) {
      const files = { "actor.py": Buffer.from(c.source_utf8_hex, "hex") };
      const result = await cli(["actor", "address", "--creator", `0x${c.creator}`, "--salt", `0x${c.salt}`, "--code", "actor.py"], { files });
      expect(result, c.name).toEqual({ status: 0, stdout: `0x${c.code_hash}\n0x${c.address}\n`, stderr: "" });
    }
  });

  it("rejects bad arguments and unreadable or non-UTF-8 files", async () => {
    const salt = `0x${"00".repeat(32)}`;
    const creator = `0x${"11".repeat(20)}`;
    expect((await cli(["actor", "address", "--creator", "0x11", "--salt", salt, "--code", "a.py"])).stderr).toMatch(/--creator must be 20 bytes, got 1/);
    expect((await cli(["actor", "address", "--creator", creator, "--code", "a.py"])).stderr).toMatch(/missing --salt/);
    const missing = await cli(["actor", "address", "--creator", creator, "--salt", salt, "--code", "a.py"]);
    expect(missing).toMatchObject({ status: 1, stderr: "error: cannot read a.py: no such file\n" });
    const binary = await cli(["actor", "address", "--creator", creator, "--salt", salt, "--code", "a.py"], { files: { "a.py": new Uint8Array([0xff]) } });
    expect(binary).toMatchObject({ status: 1, stderr: "error: a.py: source: is not valid UTF-8\n" });
  });
});
