// CapTokens checked by relays (cips/cbfs.md §8): reads need a token signed by the volume's owner, valid at the
// relay's chain height, not revoked at 0x0A (a chain read through the real state machine), and used by its grantee.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG,
  activeDelegation,
  anchorVolume,
  delegateVolume,
  isRevoked,
  recordJobDelegations,
  revokeCapToken,
  rightsMask,
  signCapToken,
} from "@cowboy/cbfs";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningRelay, startRelay } from "../../src/index.js";

const owner = new Uint8Array(32).fill(7);
const runner = new Uint8Array(32).fill(9);
const mallory = new Uint8Array(32).fill(10);
const chainState = new Map<string, Uint8Array>();
const store: ChainStore = {
  get: (k) => chainState.get(Buffer.from(k).toString("hex")),
  set: (k, v) => void chainState.set(Buffer.from(k).toString("hex"), v),
  delete: (k) => void chainState.delete(Buffer.from(k).toString("hex")),
};
let height = 100n;
let dir: string;
let relays: RunningRelay[];
const writer = createHttpTransport();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cbfs-cap-"));
  const chain = {
    height: () => height,
    isRevoked: (o: Uint8Array, n: bigint) => isRevoked(store, o, n),
    delegation: (root: Uint8Array, grantee: Uint8Array) => activeDelegation(store, root, grantee),
  };
  relays = await Promise.all([0, 1, 2].map((i) => startRelay({ privateKey: new Uint8Array(32).fill(i + 1), stake: 1000n, dataDir: join(dir, `r${i}`), chain })));
});
afterAll(async () => {
  writer.close();
  await Promise.all(relays.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe("CapTokens on relays", () => {
  it("reads need a live, unrevoked token used by its grantee", async () => {
    const data = new TextEncoder().encode("secret job input ".repeat(5000));
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: relays.map((r) => r.url), ownerKey: owner, k: 2, m: 1 });
    const token = signCapToken({ grantee: addressFromPrivateKey(runner), scope: put.root, rights: rightsMask(["read"]), notBefore: 90n, notAfter: 200n, nonce: 1n }, owner);
    const read = async (granteeKey: Uint8Array | undefined) => {
      const transport = createHttpTransport(granteeKey === undefined ? {} : { capToken: { token, granteeKey } });
      try {
        return await createCbfsClient({ transport }).get(put.root, put.key, { relays: put.relays });
      } finally {
        transport.close();
      }
    };
    await expect(read(undefined)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    expect(await read(runner)).toEqual(data);
    await expect(read(mallory)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    // A read-only token cannot be signed with no rights; a token for another volume is refused.
    expect(() => signCapToken({ grantee: new Uint8Array(20), scope: put.root, rights: 0, notBefore: 0n, notAfter: 1n, nonce: 2n }, owner)).toThrow();
    height = 201n;
    await expect(read(runner)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    height = 150n;
    expect(await read(runner)).toEqual(data);
    revokeCapToken(store, 150n, token.owner, 1n);
    await expect(read(runner)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    // The relay says why.
    const shardRoot = put.manifest.shardRoots[0]![0]!;
    const direct = createHttpTransport({ capToken: { token, granteeKey: runner } });
    await expect(direct.getShard(relays[0]!.url, shardRoot)).rejects.toThrow(/revoked/);
    direct.close();
  });

  it("an actor-owned volume is read under the 0x0A delegation a job's runner got, by that runner only, in its window", async () => {
    const data = new TextEncoder().encode("actor volume ".repeat(4000));
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: relays.map((r) => r.url), ownerKey: owner, k: 2, m: 1 });
    // The uploader is an EOA; 0x0A's owner is the actor (here an address with no key), as cowboy_sdk.cbfs.anchor makes it.
    const actor = new Uint8Array(20).fill(0xac);
    height = 300n;
    anchorVolume(store, height, actor, { root: put.root, size: BigInt(data.length), k: 2, m: 1, blocks: 1000n }, DEFAULT_CBFS_CHAIN_CONFIG);
    const read = async (granteeKey: Uint8Array) => {
      const transport = createHttpTransport({ delegation: { root: put.root, granteeKey } });
      try {
        return await createCbfsClient({ transport }).get(put.root, put.key, { relays: put.relays });
      } finally {
        transport.close();
      }
    };
    await expect(read(runner)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    recordJobDelegations(store, height, { poster: actor, volumes: [put.root], committee: [addressFromPrivateKey(runner)] }, height + 10n);
    expect(await read(runner)).toEqual(data);
    await expect(read(mallory)).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    height = 311n;
    const direct = createHttpTransport({ delegation: { root: put.root, granteeKey: runner } });
    await expect(direct.getManifest(relays[0]!.url, put.root)).rejects.toThrow(/expired at height 310/);
    // A write-only delegation does not read.
    height = 320n;
    delegateVolume(store, height, actor, put.root, addressFromPrivateKey(runner), rightsMask(["write"]), 5n);
    await expect(direct.getManifest(relays[0]!.url, put.root)).rejects.toThrow(/does not grant read/);
    direct.close();
  });
});
