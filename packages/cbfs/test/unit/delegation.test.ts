import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  activeDelegation,
  anchorVolume,
  delegateVolume,
  delegationRefusal,
  deleteVolume,
  getDelegation,
  recordJobDelegations,
  revokeDelegation,
  signDelegationUse,
} from "../../src/index.js";

function memoryStore(): ChainStore {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, v) => void m.set(k(key), v.slice()), delete: (key) => void m.delete(k(key)) };
}

const addr = (n: number) => Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? n : 0));
const root = (n: number) => new Uint8Array(32).fill(n);
const key = (n: number) => new Uint8Array(32).fill(n);

describe("0x0A delegations (actor-owned volumes)", () => {
  it("only the owner delegates and revokes; the record holds rights and the height window", () => {
    const s = memoryStore();
    anchorVolume(s, 10n, addr(1), { root: root(1), size: 1000n, k: 4, m: 2, blocks: 100n }, C);
    expect(() => delegateVolume(s, 20n, addr(2), root(1), addr(9), 1, 50n)).toThrow(expect.objectContaining({ code: "NOT_OWNER" }));
    expect(() => delegateVolume(s, 20n, addr(1), root(2), addr(9), 1, 50n)).toThrow(expect.objectContaining({ code: "VOLUME_NOT_FOUND" }));
    expect(() => delegateVolume(s, 20n, addr(1), root(1), addr(9), 0, 50n)).toThrow(expect.objectContaining({ code: "INVALID_VOLUME" }));
    expect(() => delegateVolume(s, 20n, addr(1), root(1), addr(9), 1, 0n)).toThrow(expect.objectContaining({ code: "INVALID_VOLUME" }));
    expect(delegateVolume(s, 20n, addr(1), root(1), addr(9), 1 | 8, 50n)).toEqual({ rights: 9, notBefore: 20n, notAfter: 70n });
    expect(getDelegation(s, root(1), addr(9))).toEqual({ rights: 9, notBefore: 20n, notAfter: 70n });
    expect(() => revokeDelegation(s, addr(2), root(1), addr(9))).toThrow(expect.objectContaining({ code: "NOT_OWNER" }));
    revokeDelegation(s, addr(1), root(1), addr(9));
    expect(getDelegation(s, root(1), addr(9))).toBeUndefined();
    expect(() => revokeDelegation(s, addr(1), root(1), addr(9))).toThrow(expect.objectContaining({ code: "ALREADY_REVOKED" }));
  });

  it("a job's committee gets read on the volumes its poster owns, none on others'; a delete ends them", () => {
    const s = memoryStore();
    anchorVolume(s, 10n, addr(1), { root: root(1), size: 1000n, k: 4, m: 2, blocks: 100n }, C);
    anchorVolume(s, 10n, addr(2), { root: root(2), size: 1000n, k: 4, m: 2, blocks: 100n }, C);
    const written = recordJobDelegations(s, 30n, { poster: addr(1), volumes: [root(1), root(2), root(3)], committee: [addr(7), addr(8)] }, 120n);
    expect(written).toEqual([
      { root: root(1), grantee: addr(7) },
      { root: root(1), grantee: addr(8) },
    ]);
    expect(getDelegation(s, root(1), addr(7))).toEqual({ rights: 1, notBefore: 30n, notAfter: 120n });
    expect(getDelegation(s, root(2), addr(7))).toBeUndefined();
    // A second job widens an existing grant and never shortens it.
    delegateVolume(s, 40n, addr(1), root(1), addr(8), 8, 500n);
    recordJobDelegations(s, 50n, { poster: addr(1), volumes: [root(1)], committee: [addr(8)] }, 140n);
    expect(getDelegation(s, root(1), addr(8))).toEqual({ rights: 9, notBefore: 40n, notAfter: 540n });
    expect(activeDelegation(s, root(1), addr(7))).toBeDefined();
    deleteVolume(s, 60n, addr(1), root(1), C);
    expect(activeDelegation(s, root(1), addr(7))).toBeUndefined();
  });

  it("a read is allowed for the grantee's signature within the window only", () => {
    const grantee = addressFromPrivateKey(key(5));
    const object = root(4);
    const d = { rights: 1, notBefore: 10n, notAfter: 20n };
    const useSignature = signDelegationUse(root(1), object, key(5));
    const check = { height: 15n, root: root(1), grantee, right: "read" as const, object, useSignature };
    expect(delegationRefusal(d, check)).toBeUndefined();
    expect(delegationRefusal(undefined, check)).toMatch(/no delegation/);
    expect(delegationRefusal(d, { ...check, height: 9n })).toMatch(/valid from height 10/);
    expect(delegationRefusal(d, { ...check, height: 21n })).toMatch(/expired at height 20/);
    expect(delegationRefusal(d, { ...check, right: "repair" })).toMatch(/does not grant repair/);
    expect(delegationRefusal(d, { ...check, object: root(5) })).toMatch(/not signed by the delegation's grantee/);
    expect(delegationRefusal(d, { ...check, useSignature: signDelegationUse(root(1), object, key(6)) })).toMatch(/not signed by/);
    expect(delegationRefusal(d, { ...check, root: root(2) })).toMatch(/not signed by/);
  });
});
