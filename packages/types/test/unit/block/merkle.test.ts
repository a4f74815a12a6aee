import { keccak256 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { EMPTY_MERKLE_ROOT, merkleProof, merkleRoot, verifyMerkleProof } from "../../../src/block/merkle.js";

const leaf = (i: number) => keccak256(new Uint8Array([i]));
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const tagged = (tag: number, ...parts: Uint8Array[]) => keccak256(new Uint8Array([tag, ...parts.flatMap((p) => [...p])]));

describe("merkleRoot", () => {
  it("is 32 zero bytes for no leaves", () => {
    expect(merkleRoot([])).toEqual(EMPTY_MERKLE_ROOT);
    expect(hex(merkleRoot([]))).toBe("00".repeat(32));
  });

  it("hashes leaves and nodes under distinct tags and promotes the odd node", () => {
    const [a, b, c] = [leaf(1), leaf(2), leaf(3)];
    expect(merkleRoot([a])).toEqual(tagged(0, a));
    const ab = tagged(1, tagged(0, a), tagged(0, b));
    expect(merkleRoot([a, b])).toEqual(ab);
    expect(merkleRoot([a, b, c])).toEqual(tagged(1, ab, tagged(0, c)));
  });

  it("gives different roots to a list and the list with its last element repeated", () => {
    const list = [leaf(1), leaf(2), leaf(3)];
    expect(hex(merkleRoot(list))).not.toBe(hex(merkleRoot([...list, leaf(3)])));
  });

  it("rejects digests that are not 32 bytes and names the index", () => {
    expect(() => merkleRoot([leaf(1), new Uint8Array(31)])).toThrow("digests[1]: expected a 32-byte Uint8Array");
  });
});

describe("merkle proofs", () => {
  it("verify for every leaf of every size up to 17 and fail when tampered", () => {
    for (let n = 1; n <= 17; n++) {
      const digests = Array.from({ length: n }, (_, i) => leaf(i));
      const root = merkleRoot(digests);
      for (let i = 0; i < n; i++) {
        const proof = merkleProof(digests, i);
        expect(verifyMerkleProof(root, digests[i]!, proof)).toBe(true);
        expect(verifyMerkleProof(root, leaf(100), proof)).toBe(false);
        if (n > 1) {
          expect(verifyMerkleProof(root, digests[i]!, { ...proof, index: (i + 1) % n })).toBe(false);
          const bad = proof.siblings.map((s) => s.slice());
          bad[0]![0]! ^= 1;
          expect(verifyMerkleProof(root, digests[i]!, { ...proof, siblings: bad })).toBe(false);
          expect(verifyMerkleProof(root, digests[i]!, { ...proof, siblings: [...proof.siblings, leaf(0)] })).toBe(false);
        }
      }
    }
  });

  it("rejects an out-of-range index", () => {
    expect(() => merkleProof([leaf(0)], 1)).toThrow(RangeError);
  });
});
