// Conformance: test-vectors/cbfs/ (cips/cbfs.md). Every case is recomputed from its inputs and compared
// byte for byte; AES-GCM is cross-checked against @noble/ciphers and SHA-256 against @cowboy/crypto,
// so the node:crypto fast paths cannot drift from the reference primitives unnoticed.
import { readVector } from "@cowboy/checks/vectors";
import { sha256 as referenceSha256 } from "@cowboy/crypto";
import { gcm } from "@noble/ciphers/aes.js";
import { describe, expect, it } from "vitest";
import {
  GCM_TAG_BYTES,
  createReedSolomon,
  decodeFile,
  decodeManifest,
  decryptSegments,
  encodeFile,
  encodeManifest,
  encryptSegments,
  manifestRoot,
  segmentCount,
  segmentNonce,
  sha256,
  shardRoot,
  verifyChunkProof,
  chunkCount,
  capTokenHash,
  capTokenRefusal,
  decodeCapToken,
  encodeCapToken,
  signCapToken,
  signCapTokenUse,
} from "../../src/index.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const un = (h: string) => new Uint8Array(Buffer.from(h, "hex"));

interface RsCase {
  k: number;
  m: number;
  data: string[];
  parity: string[];
}
interface SegCase {
  key: string;
  segmentSize: number;
  plaintext: string;
  ciphertext: string;
}
interface MerkleCase {
  chunkSize: number;
  shard: string;
  root: string;
  proofs: { index: number; proof: string[] }[];
}
interface FileCase {
  name: string;
  key: string;
  params: { k: number; m: number; segmentSize: number; blockSize: number; chunkSize: number };
  plaintext: string;
  manifest: string;
  root: string;
  shards: string[][];
}

describe("cbfs vectors: reed-solomon.json", () => {
  const { cases } = readVector<{ cases: RsCase[] }>("cbfs/reed-solomon.json");
  it.each(cases)("K=$k M=$m", (c) => {
    const rs = createReedSolomon(c.k, c.m);
    expect(rs.encode(c.data.map(un)).map(hex)).toEqual(c.parity);
    // Drop the first min(M, K) data shards: the parity brings them back.
    const slots: (Uint8Array | undefined)[] = [...c.data.map(un), ...c.parity.map(un)];
    for (let i = 0; i < Math.min(c.m, c.k); i++) slots[i] = undefined;
    expect(rs.reconstruct(slots).map(hex)).toEqual([...c.data, ...c.parity]);
  });
});

describe("cbfs vectors: segments.json", () => {
  const { cases } = readVector<{ cases: SegCase[] }>("cbfs/segments.json");
  it.each(cases)("segment size $segmentSize, plaintext $plaintext", (c) => {
    const key = un(c.key);
    const pt = un(c.plaintext);
    expect(hex(encryptSegments(key, pt, c.segmentSize))).toBe(c.ciphertext);
    expect(hex(decryptSegments(key, un(c.ciphertext), c.segmentSize))).toBe(c.plaintext);
    // Reference: @noble/ciphers' AES-256-GCM, segment by segment.
    const aad = new TextEncoder().encode("cowboy/cbfs/segment/v1");
    const n = segmentCount(pt.length, c.segmentSize);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      parts.push(hex(gcm(key, segmentNonce(i, i === n - 1), aad).encrypt(pt.subarray(i * c.segmentSize, (i + 1) * c.segmentSize))));
    }
    expect(parts.join("")).toBe(c.ciphertext);
    expect(un(c.ciphertext).length).toBe(pt.length + n * GCM_TAG_BYTES);
  });
});

describe("cbfs vectors: merkle.json", () => {
  const { cases } = readVector<{ cases: MerkleCase[] }>("cbfs/merkle.json");
  it.each(cases)("chunk size $chunkSize, shard of $shard.length hex digits", (c) => {
    const shard = un(c.shard);
    expect(hex(shardRoot(shard, c.chunkSize))).toBe(c.root);
    const count = chunkCount(shard.length, c.chunkSize);
    expect(c.proofs).toHaveLength(count);
    for (const p of c.proofs) {
      const chunk = shard.subarray(p.index * c.chunkSize, (p.index + 1) * c.chunkSize);
      expect(verifyChunkProof(un(c.root), count, p.index, chunk, p.proof.map(un))).toBe(true);
      const flipped = chunk.slice();
      if (flipped.length > 0) {
        flipped[0]! ^= 1;
        expect(verifyChunkProof(un(c.root), count, p.index, flipped, p.proof.map(un))).toBe(false);
      }
    }
  });
});

describe("cbfs vectors: files.json", () => {
  const { cases } = readVector<{ cases: FileCase[] }>("cbfs/files.json");
  it.each(cases)("$name", (c) => {
    const f = encodeFile(un(c.plaintext), { key: un(c.key), ...c.params });
    expect(hex(f.manifestBytes)).toBe(c.manifest);
    expect(hex(f.root)).toBe(c.root);
    expect(f.shards.map((s) => s.map(hex))).toEqual(c.shards);
    // The root is sha256(0x02 ‖ manifest), checked against the reference hash.
    expect(hex(referenceSha256(Uint8Array.of(2, ...un(c.manifest))))).toBe(c.root);
    expect(hex(sha256(un(c.manifest)))).toBe(hex(referenceSha256(un(c.manifest))));
    const manifest = decodeManifest(un(c.manifest));
    expect(hex(encodeManifest(manifest))).toBe(c.manifest);
    expect(hex(manifestRoot(un(c.manifest)))).toBe(c.root);
    expect(
      hex(
        decodeFile(
          manifest,
          un(c.key),
          c.shards.map((s) => s.map(un)),
        ),
      ),
    ).toBe(c.plaintext);
  });
});

describe("cbfs vectors: captoken.json", () => {
  const v = readVector<Record<string, string | number>>("cbfs/captoken.json");
  it("signs the same bytes, decodes them, and the check accepts the use within the window only", () => {
    const token = signCapToken(
      {
        grantee: un(v.grantee as string),
        scope: un(v.scope as string),
        rights: v.rights as number,
        notBefore: BigInt(v.notBefore!),
        notAfter: BigInt(v.notAfter!),
        nonce: BigInt(v.nonce!),
      },
      un(v.ownerKey as string),
    );
    expect(hex(encodeCapToken(token))).toBe(v.token);
    expect(hex(capTokenHash(token))).toBe(v.tokenHash);
    const decoded = decodeCapToken(un(v.token as string));
    expect(hex(decoded.owner)).toBe(v.owner);
    expect(hex(signCapTokenUse(decoded, un(v.object as string), un(v.granteeKey as string)))).toBe(v.useSignature);
    const check = (height: bigint, right: "read" | "write", revoked = false) =>
      capTokenRefusal(decoded, {
        height,
        root: un(v.scope as string),
        owner: un(v.owner as string),
        right,
        object: un(v.object as string),
        useSignature: un(v.useSignature as string),
        isRevoked: () => revoked,
      });
    expect(check(100n, "read")).toBeUndefined();
    expect(check(250n, "read")).toBeUndefined();
    expect(check(99n, "read")).toMatch(/valid from/);
    expect(check(251n, "read")).toMatch(/expired/);
    expect(check(200n, "write")).toMatch(/does not grant write/);
    expect(check(200n, "read", true)).toMatch(/revoked/);
    const forged = un(v.token as string);
    forged[60]! ^= 1; // a byte of the scope: the owner's signature no longer matches
    expect(
      capTokenRefusal(decodeCapToken(forged), {
        height: 200n,
        root: un(v.scope as string),
        owner: un(v.owner as string),
        right: "read",
        object: un(v.object as string),
        useSignature: un(v.useSignature as string),
        isRevoked: () => false,
      }),
    ).toBeDefined();
  });
});
