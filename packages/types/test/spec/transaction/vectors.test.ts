import { CodecError, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  actorAddress,
  canonicalizeSource,
  checkTransaction,
  codeHash,
  createTransactionFromBytes,
  isCanonicalSource,
  transactionFromJson,
  transactionToJson,
} from "../../../src/index.js";
import { readVector } from "@cowboy/checks/vectors";

interface Valid {
  name: string;
  json: unknown;
  hex: string;
  signing_hash: string;
  signer_keys: string[];
}
interface Invalid {
  name: string;
  hex: string;
  code: string;
  reason: string;
}
interface Check {
  name: string;
  hex: string;
  chain_id: string;
  allow_deferred: boolean;
  codes: string[];
}
interface AddressCase {
  name: string;
  source: string;
  source_utf8_hex: string;
  canonical_hex: string;
  creator: string;
  salt: string;
  code_hash: string;
  address: string;
}

describe("transactions/appendix-a.json", () => {
  const a = readVector<{ private_key: string; json: unknown; unsigned_hex: string; signing_hash: string; signed_hex: string; signed_json: unknown }>(
    "transactions/appendix-a.json",
  );
  it("matches the spec's normative bytes", () => {
    expect(a.signing_hash).toBe("203b9aa5435ad7de1164fa534c9d72de46e734a9d99703790756380c67b8304a");
    const tx = transactionFromJson(a.json);
    expect(toHex(tx.encode())).toBe(a.unsigned_hex);
    expect(toHex(tx.sign(fromHex(a.private_key)).encode())).toBe(a.signed_hex);
    expect(transactionToJson(createTransactionFromBytes(fromHex(a.signed_hex)))).toEqual(a.signed_json);
  });
  it("has exactly the JSON shape of the brief, keys in order", () => {
    expect(JSON.stringify(a.json)).toBe(
      '{"chain_id":"42","nonce":"0","instruction":{"type":"transfer","to":"0x2222222222222222222222222222222222222222","amount":"1"},' +
        '"cycles_limit":"50000","cells_limit":"50000","max_fee_per_cycle":"1","max_fee_per_cell":"1","max_priority_fee_per_cycle":"0",' +
        '"max_priority_fee_per_cell":"0","from":"0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a","access_list":null,"metadata":"0x",' +
        '"origin_tx_hash":null,"origin_remaining_cycles":null,"origin_remaining_cells":null,"signature":"0x' +
        "00".repeat(65) +
        '","additional_signers":[]}',
    );
  });
});

describe("transactions/valid.json", () => {
  const { cases } = readVector<{ cases: Valid[] }>("transactions/valid.json");
  it("has a few hundred cases covering every instruction", () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const types = new Set(cases.map((c) => (c.json as { instruction: { type: string } }).instruction.type));
    expect([...types].sort()).toEqual(["call_actor", "cancel_timer", "deploy_actor", "schedule_interval", "schedule_timer", "transfer"]);
  });
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const fromJson = transactionFromJson(c.json);
    expect(toHex(fromJson.encode())).toBe(c.hex);
    expect(toHex(fromJson.signingHash())).toBe(c.signing_hash);
    const fromBytes = createTransactionFromBytes(fromHex(c.hex));
    expect(transactionToJson(fromBytes)).toEqual(c.json);
    if (c.signer_keys.length > 0) {
      expect(fromBytes.verify()).toBe(true);
      expect(toHex(fromBytes.from)).toBe(toHex(addressFromPrivateKey(fromHex(c.signer_keys[0]!))));
    }
  });
});

describe("transactions/invalid.json", () => {
  const { cases } = readVector<{ cases: Invalid[] }>("transactions/invalid.json");
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    let caught: unknown;
    try {
      createTransactionFromBytes(fromHex(c.hex));
    } catch (err) {
      caught = err;
    }
    expect(caught, c.reason).toBeInstanceOf(CodecError);
    expect((caught as CodecError).code, c.reason).toBe(c.code);
  });
});

describe("transactions/check.json", () => {
  const { cases } = readVector<{ cases: Check[] }>("transactions/check.json");
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const tx = createTransactionFromBytes(fromHex(c.hex));
    const errors = checkTransaction(tx, { chainId: BigInt(c.chain_id), allowDeferred: c.allow_deferred });
    expect(errors.map((e) => e.code)).toEqual(c.codes);
  });
});

describe("addresses/actor-addresses.json", () => {
  const { cases } = readVector<{ cases: AddressCase[] }>("addresses/actor-addresses.json");
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    expect(toHex(new TextEncoder().encode(c.source))).toBe(c.source_utf8_hex);
    const canonical = canonicalizeSource(c.source);
    expect(toHex(canonical)).toBe(c.canonical_hex);
    expect(toHex(canonicalizeSource(fromHex(c.source_utf8_hex)))).toBe(c.canonical_hex);
    expect(isCanonicalSource(canonical)).toBe(true);
    expect(toHex(codeHash(canonical))).toBe(c.code_hash);
    expect(toHex(actorAddress(fromHex(c.creator), fromHex(c.salt), fromHex(c.code_hash)))).toBe(c.address);
  });
});
