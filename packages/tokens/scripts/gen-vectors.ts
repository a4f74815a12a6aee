// Writes test-vectors/tokens/*.json (cips/tokens.md). Deterministic: regenerating gives no diff.
// Run: pnpm --filter @cowboy/tokens vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import { allowanceKey, balanceKey, counterKey, encodeTokenRecord, tokenKey, type TokenRecord } from "../src/index.js";

const out = (name: string, value: unknown): void => {
  const path = fileURLToPath(new URL(`../../../test-vectors/tokens/${name}`, import.meta.url));
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};
const A = new Uint8Array(20).fill(0xa1);
const B = new Uint8Array(20).fill(0xb2);
const H = new Uint8Array(20).fill(0x44);

const instructions: Instruction[] = [
  { type: "token_create", name: "Gold", symbol: "GLD", decimals: 6n, initialSupply: 1_000_000n, maxSupply: 2_000_000n, hook: H },
  { type: "token_create", name: "Plain", symbol: "PLN", decimals: 0n, initialSupply: 0n, maxSupply: null, hook: null },
  { type: "token_transfer", token: 1n, to: B, amount: 250n },
  { type: "token_transfer_from", token: 1n, owner: A, to: B, amount: 40n },
  { type: "token_approve", token: 1n, spender: B, amount: 100n },
  { type: "token_mint", token: 1n, to: A, amount: 5n },
  { type: "token_burn", token: 1n, amount: 7n },
];
out("instructions.json", {
  description:
    "The token instructions (System 0/82–0/87): JSON form, canonical bytes, and the intrinsic Cycles and Cells (a transfer's 21,000 Cycles plus the §17.3 row; token_create adds name and symbol bytes to its Cells). cips/tokens.md 'Instructions', 'Costs'.",
  valid: instructions.map((i) => {
    const c = instructionIntrinsicCosts(i);
    return { json: instructionToJson(i), encoded: toHex(encode(instructionCodec, i)), cycles: c.cycles.toString(), cells: c.cells.toString() };
  }),
});

const record: TokenRecord = { id: 1n, creator: A, name: "Gold", symbol: "GLD", decimals: 6, supply: 1_000_000n, maxSupply: 2_000_000n, hook: H };
out("state.json", {
  description: "The token record's canonical bytes and the state keys of the registry at 0x06 (cips/tokens.md 'State layout').",
  record: { encoded: toHex(encodeTokenRecord(record)) },
  keys: {
    counter: toHex(counterKey()),
    record_1: toHex(tokenKey(1n)),
    balance_1_a: toHex(balanceKey(1n, A)),
    allowance_1_a_b: toHex(allowanceKey(1n, A, B)),
  },
});
