// Transaction encode / decode / signing-hash throughput, each against the bare codec doing the
// same byte work (the baseline), so the table shows what the Transaction layer costs on top.
// Run: pnpm bench
import { compare } from "@cowboy/bench-harness";
import { Reader, encode } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { createTransaction, createTransactionFromBytes, transactionDataCodec } from "../src/index.js";

const key = new Uint8Array(32).fill(0x11);
const tx = createTransaction({
  chainId: 42n,
  nonce: 1234n,
  instruction: { type: "transfer", to: new Uint8Array(20).fill(0x22), amount: 1_000_000_000n },
  cyclesLimit: 50_000n,
  cellsLimit: 50_000n,
  maxFeePerCycle: 20_000n,
  maxFeePerCell: 20_000n,
  maxPriorityFeePerCycle: 1_000n,
  maxPriorityFeePerCell: 1_000n,
  from: addressFromPrivateKey(key),
}).sign(key);
const bytes = tx.encode();
const data = createTransactionFromBytes(bytes);

console.log(`signed transfer: ${bytes.length} bytes`);
compare("encode", { name: "codec: encode(transactionDataCodec)", fn: () => encode(transactionDataCodec, data) }, [
  { name: "createTransaction (validates fields, encodes)", fn: () => createTransaction(data) },
]);
compare("decode", { name: "codec: transactionDataCodec.read", fn: () => transactionDataCodec.read(new Reader(bytes)) }, [
  { name: "createTransactionFromBytes", fn: () => createTransactionFromBytes(bytes) },
]);
compare("signing hash", { name: "keccak256 of the encoding (no zeroing)", fn: () => keccak256(bytes) }, [
  { name: "decode + signingHash()", fn: () => createTransactionFromBytes(bytes).signingHash() },
]);
