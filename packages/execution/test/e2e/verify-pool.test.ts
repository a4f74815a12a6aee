import { secp256k1 } from "@cowboy/crypto";
import { createTransaction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { VerifyPool, verifySignaturesHere } from "../../src/index.js";
import { key, transfer } from "../utils/helpers.js";

const pool = VerifyPool.start({ workers: 2 });
afterAll(() => pool.close());

describe("VerifyPool", () => {
  it("finds the same failures as the main thread, at the right indexes", async () => {
    const txs = Array.from({ length: 25 }, (_, i) => transfer(i % 3, new Uint8Array(20).fill(1), BigInt(i), BigInt(i)));
    const forged = createTransaction({ ...txs[7]!, signature: txs[8]!.signature });
    const wrongKey = createTransaction({ ...txs[20]!, signature: secp256k1.sign(txs[20]!.signingHash(), key(9)) });
    txs[7] = forged;
    txs[20] = wrongKey;
    const expected = verifySignaturesHere(txs);
    expect(expected.map(([i]) => i)).toEqual([7, 20]);
    expect(await pool.verify(txs)).toEqual(expected);
    expect(await pool.verify([])).toEqual([]);
  });
});
