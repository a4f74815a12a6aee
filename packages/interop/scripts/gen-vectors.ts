// Writes test-vectors/interop/bridge.json (cips/interop.md "Bridge hooks", "Unbonding and slashing"). Deterministic:
// regenerating gives no diff. Run: pnpm --filter @cowboy/interop vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { createTransaction, type Instruction, instructionCodec, instructionToJson } from "@cowboy/types";
import { checkEquivocation, decodeLock, encodeUnlock, InteropError, LOCKED_TOPIC, type UnlockRequest, type WrappedAsset } from "../src/index.js";

const hex = (b: Uint8Array) => toHex(b);
const fill = (n: number, len = 20) => new Uint8Array(len).fill(n);
const word = (a: Uint8Array) => Uint8Array.of(...new Uint8Array(32 - a.length), ...a);
const u256 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * (31 - i))) & 0xffn));
const CHAIN_ID = 42n;
const ORACLE_KEY = keccak256(new TextEncoder().encode("interop-vector-oracle"));

const instructions: Instruction[] = [
  { type: "eth_withdraw_oracle" },
  { type: "eth_slash_oracle", first: Uint8Array.of(1, 2, 3), second: Uint8Array.of(4, 5) },
  {
    type: "eth_register_asset",
    bridge: fill(0xbb),
    ethToken: fill(0x55),
    name: "Wrapped USDC",
    symbol: "wUSDC",
    decimals: 6n,
    ethDecimals: 18n,
    fromBlock: 19_000_000n,
    confirmations: 64n,
  },
  { type: "eth_bridge_burn", token: 7n, amount: 1_000_000n, ethRecipient: fill(0xe1) },
];

const asset: WrappedAsset = { subscription: fill(0x51, 32), token: 7n, bridge: fill(0xbb), ethToken: fill(0x55), scale: 10n ** 12n, minted: 0n, burned: 0n };
const lockLog = (topics: Uint8Array[], data: Uint8Array) => ({
  contract: asset.bridge,
  topics,
  data,
  blockNumber: 100n,
  blockHash: fill(0xb0, 32),
  transactionHash: fill(0x7a, 32),
  logIndex: 3n,
});
const recipient = fill(0x77);
const goodTopics = [LOCKED_TOPIC, word(asset.ethToken), word(recipient)];
const locks = [
  { name: "2.5 units", topics: goodTopics, data: u256(2_500_000n * asset.scale) },
  { name: "not a whole number of units", topics: goodTopics, data: u256(asset.scale + 1n) },
  { name: "zero", topics: goodTopics, data: u256(0n) },
  { name: "beyond u64", topics: goodTopics, data: u256((1n << 64n) * asset.scale) },
  { name: "recipient is not an address", topics: [LOCKED_TOPIC, word(asset.ethToken), fill(0x01, 32)], data: u256(asset.scale) },
  { name: "two topics", topics: [LOCKED_TOPIC, word(asset.ethToken)], data: u256(asset.scale) },
  { name: "data of 64 bytes", topics: goodTopics, data: new Uint8Array(64) },
].map((c) => {
  let outcome: Record<string, string>;
  try {
    const m = decodeLock(asset, lockLog(c.topics, c.data));
    outcome = { recipient: hex(m.recipient), amount: m.amount.toString() };
  } catch (e) {
    if (!(e instanceof InteropError)) throw e;
    outcome = { error: e.code };
  }
  return { name: c.name, topics: c.topics.map(hex), data: hex(c.data), ...outcome };
});

const unlock: UnlockRequest = {
  sequence: 3n,
  token: 7n,
  bridge: asset.bridge,
  ethToken: asset.ethToken,
  holder: recipient,
  ethRecipient: fill(0xe1),
  amount: 1_000_000n,
  ethAmount: 1_000_000n * asset.scale,
  height: 1234n,
};

const report = (over: Partial<Extract<Instruction, { type: "eth_report_event" }>>): Uint8Array =>
  createTransaction({
    chainId: CHAIN_ID,
    nonce: 5n,
    instruction: {
      type: "eth_report_event",
      subscriptionId: asset.subscription,
      contract: asset.bridge,
      topics: Uint8Array.of(...goodTopics.flatMap((t) => [...t])),
      data: u256(asset.scale),
      blockNumber: 100n,
      blockHash: fill(0xb0, 32),
      transactionHash: fill(0x7a, 32),
      logIndex: 3n,
      ...over,
    },
    from: addressFromPrivateKey(ORACLE_KEY),
    cyclesLimit: 100_000n,
    cellsLimit: 1_000n,
    maxFeePerCycle: 1n,
    maxFeePerCell: 1n,
  })
    .sign(ORACLE_KEY)
    .encode();
const first = report({});
const conflicting = report({ data: u256(2n * asset.scale) });
const reorged = report({ blockHash: fill(0xb1, 32), data: u256(2n * asset.scale) });
const proved = checkEquivocation(first, conflicting, CHAIN_ID);

const vector = {
  description:
    "Interop bridge hooks and oracle slashing (cips/interop.md): the System 0/115–0/118 instructions (JSON, bytes, intrinsic Cycles and Cells); LOCKED_TOPIC; what a Locked log mints for an asset of scale 10^12 (or the InteropError code that refuses it); an unlock request's canonical CBOR; equivocation evidence (two signed eth_report_event transactions, chain id 42) with the convicted oracle and evidence id, and a reorg pair that is no evidence.",
  instructions: instructions.map((i) => {
    const cost = instructionIntrinsicCosts(i);
    return { json: instructionToJson(i), encoded: hex(encode(instructionCodec, i)), cycles: cost.cycles.toString(), cells: cost.cells.toString() };
  }),
  locked_topic: hex(LOCKED_TOPIC),
  locked_signature: "Locked(address,address,uint256)",
  lock: { scale: asset.scale.toString(), cases: locks },
  unlock: {
    fields: {
      sequence: "3",
      token: "7",
      bridge: hex(unlock.bridge),
      eth_token: hex(unlock.ethToken),
      holder: hex(unlock.holder),
      eth_recipient: hex(unlock.ethRecipient),
      amount: "1000000",
      eth_amount: unlock.ethAmount.toString(),
      height: "1234",
    },
    encoded: hex(encodeUnlock(unlock)),
  },
  equivocation: {
    chain_id: CHAIN_ID.toString(),
    first: hex(first),
    second: hex(conflicting),
    oracle: hex(proved.oracle),
    evidence_id: hex(proved.evidenceId),
    not_evidence: { first: hex(first), second: hex(reorged), reason: "another block hash: a reorg, not a conflict" },
  },
};
writeFileSync(fileURLToPath(new URL("../../../test-vectors/interop/bridge.json", import.meta.url)), `${JSON.stringify(vector, null, 2)}\n`);
