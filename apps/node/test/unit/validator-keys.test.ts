import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { bls, partialSign, recoverSignature } from "@cowboy/crypto";
import { afterEach, describe, expect, it } from "vitest";
import { devnetGenesis, genesisToJson, GenesisFileError, parseGenesisFile } from "../../src/chain/genesis.js";
import { generateValidatorSet, readValidatorKeyFile, seedThreshold, validatorIndex, ValidatorKeyError, writeValidatorKeyFile } from "../../src/validator/keys.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "cowboy-keys-"));
  dirs.push(d);
  return d;
};

describe("validator sets", () => {
  it("use n − f shares: 1 of 1, 2 of 2, 3 of 4, 4 of 5, 5 of 7, 7 of 10", () => {
    expect([1, 2, 4, 5, 7, 10].map(seedThreshold)).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it("deal a threshold key any 3 of 4 validators recover the same group signature from", () => {
    const { genesis, keys } = generateValidatorSet(4, new Uint8Array(32).fill(1), 10n);
    const message = new TextEncoder().encode("round 7");
    const partials = keys.map((k) => partialSign(bls, k.share, message));
    const a = recoverSignature(partials.slice(0, 3), 3);
    const b = recoverSignature(partials.slice(1), 3);
    expect(toHex(a)).toBe(toHex(b));
    expect(bls.verify(a, message, genesis.groupPublicKey)).toBe(true);
    expect(keys.map((k) => validatorIndex(genesis, k))).toEqual([0, 1, 2, 3]);
  });

  it("give the devnet one fixed validator", () => {
    const one = devnetGenesis().consensus;
    expect(one.validators).toHaveLength(1);
    expect(one.threshold).toBe(1);
    expect(toHex(devnetGenesis().consensus.groupPublicKey)).toBe(toHex(one.groupPublicKey));
  });
});

describe("key files", () => {
  it("round-trip, owner-only, and match their genesis entry", () => {
    const { genesis, keys } = generateValidatorSet(4, new Uint8Array(32).fill(2), 10n);
    const path = join(tmp(), "validator-key.json");
    writeValidatorKeyFile(path, keys[2]!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const back = readValidatorKeyFile(path);
    expect(toHex(back.blsPublicKey)).toBe(toHex(keys[2]!.blsPublicKey));
    expect(toHex(back.networkKey)).toBe(toHex(keys[2]!.networkKey));
    expect(validatorIndex(genesis, back)).toBe(2);
  });

  it("refuse a tampered address, a foreign key and a wrong share with ValidatorKeyError", () => {
    const { genesis, keys } = generateValidatorSet(4, new Uint8Array(32).fill(3), 10n);
    const path = join(tmp(), "k.json");
    writeValidatorKeyFile(path, keys[0]!);
    const json = JSON.parse(readFileSync(path, "utf8"));
    writeFileSync(path, JSON.stringify({ ...json, address: `0x${"11".repeat(20)}` }));
    expect(() => readValidatorKeyFile(path)).toThrow(/address does not match/);
    writeFileSync(path, JSON.stringify({ ...json, share: { index: 2, secret_key: json.share.secret_key } }));
    expect(() => validatorIndex(genesis, readValidatorKeyFile(path))).toThrow(/share 2/);
    const other = generateValidatorSet(1, new Uint8Array(32).fill(4), 10n).keys[0]!;
    expect(() => validatorIndex(genesis, other)).toThrow(ValidatorKeyError);
    writeFileSync(path, "{");
    expect(() => readValidatorKeyFile(path)).toThrow(/not valid JSON/);
    expect(() => readValidatorKeyFile(join(tmp(), "missing.json"))).toThrow(/ENOENT/);
  });
});

describe("genesis files with validators", () => {
  it("round-trip through genesisToJson", () => {
    const { genesis } = generateValidatorSet(4, new Uint8Array(32).fill(5), 7n);
    const chain = { ...devnetGenesis(), consensus: genesis };
    const back = parseGenesisFile(JSON.stringify(genesisToJson(chain)));
    expect(back.consensus.validators.map((v) => toHex(v.blsPublicKey))).toEqual(genesis.validators.map((v) => toHex(v.blsPublicKey)));
    expect(back.consensus.threshold).toBe(3);
    expect(back.consensus.validators[0]!.stake).toBe(7n);
  });

  it("refuse inconsistent consensus sections", () => {
    const { genesis } = generateValidatorSet(4, new Uint8Array(32).fill(6), 7n);
    const json = genesisToJson({ ...devnetGenesis(), consensus: genesis });
    const bad = (patch: object) => () => parseGenesisFile(JSON.stringify({ ...json, ...patch }));
    expect(bad({ consensus: undefined })).toThrow(/both or neither/);
    expect(bad({ consensus: { ...json.consensus, threshold: 5 } })).toThrow(/exceeds the 4 validators/);
    expect(bad({ consensus: { ...json.consensus, commitments: json.consensus!.commitments.slice(1) } })).toThrow(/expected 3/);
    expect(bad({ validators: [json.validators![0], json.validators![0]] })).toThrow(GenesisFileError);
  });
});
