// Writes test-vectors/cbfs/*.json from the implementation, deterministically (all inputs are fixed
// byte patterns). The vectors freeze the CBFS format of cips/cbfs.md: a change to any byte shows up as a
// reviewed diff. Run from packages/cbfs: pnpm gen-vectors
import { mkdirSync, writeFileSync } from "node:fs";
import { addressFromPrivateKey } from "@cowboy/crypto";
import {
  capTokenHash,
  chunkCount,
  chunkProof,
  createReedSolomon,
  encodeCapToken,
  encodeFile,
  encryptSegments,
  rightsMask,
  shardRoot,
  signCapToken,
  signCapTokenUse,
  porChallengeId,
  porChunkIndex,
  receiptDigest,
  signStorageReceipt,
  delegationUseDigest,
  signDelegationUse,
} from "../src/index.js";

const out = new URL("../../../test-vectors/cbfs/", import.meta.url);
mkdirSync(out, { recursive: true });
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const write = (name: string, body: unknown) => writeFileSync(new URL(name, out), `${JSON.stringify(body, null, 1)}\n`);
const pattern = (n: number, mul: number, add: number) => Uint8Array.from({ length: n }, (_, i) => (i * mul + add) & 0xff);

const rsCases = [
  { k: 4, m: 2, len: 16 },
  { k: 10, m: 4, len: 8 },
  { k: 1, m: 3, len: 5 },
  { k: 3, m: 0, len: 4 },
].map(({ k, m, len }) => {
  const data = Array.from({ length: k }, (_, j) => pattern(len, 17 + j * 2, j * 29 + 3));
  return { k, m, data: data.map(hex), parity: createReedSolomon(k, m).encode(data).map(hex) };
});
write("reed-solomon.json", { description: "systematic RS over GF(2^8), poly 0x11D: parity shards of the data shards", cases: rsCases });

const key = pattern(32, 7, 1);
const segCases = [
  { segmentSize: 16, plaintext: new Uint8Array(0) },
  { segmentSize: 16, plaintext: pattern(16, 3, 5) },
  { segmentSize: 16, plaintext: pattern(40, 11, 2) },
  { segmentSize: 64, plaintext: new TextEncoder().encode("cowboy cbfs segment vector") },
].map(({ segmentSize, plaintext }) => ({ key: hex(key), segmentSize, plaintext: hex(plaintext), ciphertext: hex(encryptSegments(key, plaintext, segmentSize)) }));
write("segments.json", { description: "AES-256-GCM segment streams: nonce = u64be(index) ‖ u32be(final), AAD 'cowboy/cbfs/segment/v1'", cases: segCases });

const merkleCases = [
  { chunkSize: 16, shard: new Uint8Array(0) },
  { chunkSize: 16, shard: pattern(16, 5, 9) },
  { chunkSize: 16, shard: pattern(50, 5, 9) },
  { chunkSize: 32, shard: pattern(7 * 32 - 3, 13, 1) },
].map(({ chunkSize, shard }) => {
  const count = chunkCount(shard.length, chunkSize);
  return {
    chunkSize,
    shard: hex(shard),
    root: hex(shardRoot(shard, chunkSize)),
    proofs: Array.from({ length: count }, (_, index) => ({ index, proof: chunkProof(shard, chunkSize, index).map(hex) })),
  };
});
write("merkle.json", { description: "chunk-tree roots (leaf 0x00‖chunk, node 0x01‖l‖r, RFC 6962 split) and proofs bottom-up", cases: merkleCases });

const fileCases = [
  { name: "two stripes, 4+2", plaintext: pattern(300, 31, 7), params: { k: 4, m: 2, segmentSize: 64, blockSize: 64, chunkSize: 32 } },
  { name: "empty file, 2+1", plaintext: new Uint8Array(0), params: { k: 2, m: 1, segmentSize: 64, blockSize: 64, chunkSize: 32 } },
  { name: "one partial stripe, 10+4", plaintext: pattern(100, 3, 0), params: { k: 10, m: 4, segmentSize: 32, blockSize: 64, chunkSize: 16 } },
].map(({ name, plaintext, params }) => {
  const f = encodeFile(plaintext, { key, ...params });
  return { name, key: hex(key), params, plaintext: hex(plaintext), manifest: hex(f.manifestBytes), root: hex(f.root), shards: f.shards.map((s) => s.map(hex)) };
});
write("files.json", { description: "whole files: params, plaintext → manifest bytes, manifest root, shards[stripe][index]", cases: fileCases });

const ownerKey = pattern(32, 5, 1);
const granteeKey = pattern(32, 9, 3);
const token = signCapToken(
  { grantee: addressFromPrivateKey(granteeKey), scope: pattern(32, 1, 0xa0), rights: rightsMask(["read", "list"]), notBefore: 100n, notAfter: 250n, nonce: 42n },
  ownerKey,
);
const object = pattern(32, 3, 0x40);
write("captoken.json", {
  description: "a CapToken (owner-signed, RFC 6979 deterministic secp256k1) and a grantee's use signature over one object",
  ownerKey: hex(ownerKey),
  granteeKey: hex(granteeKey),
  owner: hex(token.owner),
  grantee: hex(token.grantee),
  scope: hex(token.scope),
  rights: token.rights,
  notBefore: token.notBefore.toString(),
  notAfter: token.notAfter.toString(),
  nonce: token.nonce.toString(),
  token: hex(encodeCapToken(token)),
  tokenHash: hex(capTokenHash(token)),
  object: hex(object),
  useSignature: hex(signCapTokenUse(token, object, granteeKey)),
});

// Proof of retrievability (cips/cbfs.md §11): a relay's storage receipt, a challenge id and the beacon-drawn chunk,
// and the answer (chunk + path) that verifies against the shard root.
const relayKey = pattern(32, 11, 5);
const porShard = pattern(5 * 32 + 9, 7, 3);
const porVolume = pattern(32, 2, 0x10);
const porShardRoot = shardRoot(porShard, 32);
const porCount = chunkCount(porShard.length, 32);
const porBeacon = pattern(32, 13, 0x77);
const porId = porChallengeId(addressFromPrivateKey(relayKey), porVolume, porShardRoot, 1234n);
const porChunk = porChunkIndex(porBeacon, porId, porCount);
write("por.json", {
  description: "PoR: storage receipt (RFC 6979 secp256k1 over its digest), challenge id, beacon-drawn chunk index, and its answer",
  relayKey: hex(relayKey),
  relay: hex(addressFromPrivateKey(relayKey)),
  volume: hex(porVolume),
  chunkSize: 32,
  shard: hex(porShard),
  shardRoot: hex(porShardRoot),
  chunkCount: porCount,
  receiptDigest: hex(receiptDigest(porVolume, porShardRoot, porCount)),
  receipt: hex(signStorageReceipt(porVolume, porShardRoot, porCount, relayKey)),
  height: "1234",
  beacon: hex(porBeacon),
  id: hex(porId),
  chunkIndex: porChunk,
  chunk: hex(porShard.subarray(porChunk * 32, porChunk * 32 + 32)),
  proof: chunkProof(porShard, 32, porChunk).map(hex),
});

// A 0x0A delegation (cips/cbfs.md §8.1): the record's 17 bytes and a grantee's use signature over one object.
const delegationRoot = pattern(32, 5, 0xd0);
const delegationKey = pattern(32, 17, 2);
const delegationObject = pattern(32, 3, 0x60);
const delegationGrantee = addressFromPrivateKey(delegationKey);
write("delegation.json", {
  description: "a 0x0A delegation record (rights u8 ‖ notBefore u64 ‖ notAfter u64) and the grantee's use signature (RFC 6979 secp256k1) over one object",
  root: hex(delegationRoot),
  granteeKey: hex(delegationKey),
  grantee: hex(delegationGrantee),
  rights: 9,
  notBefore: "300",
  notAfter: "420",
  record: "09" + "000000000000012c" + "00000000000001a4",
  object: hex(delegationObject),
  useDigest: hex(delegationUseDigest(delegationRoot, delegationGrantee, delegationObject)),
  useSignature: hex(signDelegationUse(delegationRoot, delegationObject, delegationKey)),
});
