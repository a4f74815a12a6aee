// test-vectors/cbfs/delegation.json (cips/cbfs.md §8.1): the 0x0A delegation record's bytes as the state machine
// writes them, and the grantee's per-request use signature a relay checks.
import { readVector } from "@cowboy/checks/vectors";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { systemKey } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  anchorVolume,
  delegateVolume,
  delegationRefusal,
  delegationUseDigest,
  getDelegation,
  signDelegationUse,
} from "../../src/index.js";

interface DelegationVector {
  root: string;
  granteeKey: string;
  grantee: string;
  rights: number;
  notBefore: string;
  notAfter: string;
  record: string;
  object: string;
  useDigest: string;
  useSignature: string;
}

const v = readVector<DelegationVector>("cbfs/delegation.json");
const b = (h: string) => new Uint8Array(Buffer.from(h, "hex"));
const hex = (u: Uint8Array) => Buffer.from(u).toString("hex");

describe("cbfs vectors: delegation.json", () => {
  it("0x0A writes the record's bytes under 0x07 ‖ root ‖ grantee; the use signature is the vector's and passes the check", () => {
    const m = new Map<string, Uint8Array>();
    const store: ChainStore = { get: (k) => m.get(hex(k)), set: (k, x) => void m.set(hex(k), x.slice()), delete: (k) => void m.delete(hex(k)) };
    const owner = new Uint8Array(20).fill(1);
    const root = b(v.root);
    const grantee = b(v.grantee);
    expect(hex(addressFromPrivateKey(b(v.granteeKey)))).toBe(v.grantee);
    anchorVolume(store, 1n, owner, { root, size: 1000n, k: 4, m: 2, blocks: 1000n }, C);
    delegateVolume(store, BigInt(v.notBefore), owner, root, grantee, v.rights, BigInt(v.notAfter) - BigInt(v.notBefore));
    expect(hex(store.get(systemKey("cbfs_storage", Uint8Array.of(7, ...root, ...grantee)))!)).toBe(v.record);
    const d = getDelegation(store, root, grantee)!;
    expect(hex(delegationUseDigest(root, grantee, b(v.object)))).toBe(v.useDigest);
    expect(hex(signDelegationUse(root, b(v.object), b(v.granteeKey)))).toBe(v.useSignature);
    const check = { root, grantee, right: "read" as const, object: b(v.object), useSignature: b(v.useSignature) };
    expect(delegationRefusal(d, { ...check, height: BigInt(v.notBefore) })).toBeUndefined();
    expect(delegationRefusal(d, { ...check, height: BigInt(v.notAfter) })).toBeUndefined();
    expect(delegationRefusal(d, { ...check, height: BigInt(v.notAfter) + 1n })).toMatch(/expired/);
    expect(delegationRefusal(d, { ...check, height: BigInt(v.notBefore), right: "write" })).toMatch(/does not grant write/);
  });
});
