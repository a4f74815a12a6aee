import { fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { createTransaction, createTransactionFromBytes } from "../../../src/index.js";

// Spec Appendix A, reproduced byte for byte.
const KEY = new Uint8Array(32).fill(0x11);
const UNSIGNED =
  "2a00000122222222222222222222222222222222222222220000000000000001d08603d086030101000019e7e376e7c213b7e7e7e46cc70a5dd086daff2a0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000";
const SIGNED =
  "2a00000122222222222222222222222222222222222222220000000000000001d08603d086030101000019e7e376e7c213b7e7e7e46cc70a5dd086daff2a0000000000f0dc586dcb01db4f7507163068728c49d112610bfbcf3516ed32bd0fa05a45553f8e8a695b94f6d9aa7d34657002746f30ce22cadc141bceea3129610de3035b0100";
const SIGNING_HASH = "203b9aa5435ad7de1164fa534c9d72de46e734a9d99703790756380c67b8304a";

function transfer() {
  return createTransaction({
    chainId: 42n,
    nonce: 0n,
    instruction: { type: "transfer", to: new Uint8Array(20).fill(0x22), amount: 1n },
    cyclesLimit: 50000n,
    cellsLimit: 50000n,
    maxFeePerCycle: 1n,
    maxFeePerCell: 1n,
    from: addressFromPrivateKey(KEY),
  });
}

describe("spec Appendix A", () => {
  it("derives from from the fixed key", () => {
    expect(toHex(addressFromPrivateKey(KEY))).toBe("19e7e376e7c213b7e7e7e46cc70a5dd086daff2a");
  });
  it("vector 1: unsigned encoding and signing hash", () => {
    const tx = transfer();
    expect(toHex(tx.encode())).toBe(UNSIGNED);
    expect(toHex(tx.signingHash())).toBe(SIGNING_HASH);
    expect(toHex(tx.digest())).toBe(SIGNING_HASH);
  });
  it("vector 2: signed encoding", () => {
    const signed = transfer().sign(KEY);
    expect(toHex(signed.encode())).toBe(SIGNED);
    expect(toHex(signed.signingHash())).toBe(SIGNING_HASH);
    expect(signed.verify()).toBe(true);
  });
  it("decodes both vectors back to the same transaction", () => {
    const signed = createTransactionFromBytes(fromHex(SIGNED));
    expect(toHex(signed.encode())).toBe(SIGNED);
    expect(signed.verify()).toBe(true);
    expect(signed.instruction).toEqual({ type: "transfer", to: new Uint8Array(20).fill(0x22), amount: 1n });
    const unsigned = createTransactionFromBytes(fromHex(UNSIGNED));
    expect(unsigned.verify()).toBe(false);
    expect(toHex(unsigned.signingHash())).toBe(SIGNING_HASH);
  });
});
