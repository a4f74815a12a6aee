// Encode/decode throughput of a typical Cowboy transfer transaction (the 17-field layout of spec
// §2.5, built from this package's combinators) against @ethereumjs/rlp on a comparable EIP-1559
// transfer field list, in the same run. Run: pnpm bench
import { RLP } from "@ethereumjs/rlp";
import { compare } from "@cowboy/bench-harness";
import { atMost, bytes, decode, encode, fixedBytes, option, struct, tuple, u64, uint, variant, vec } from "../src/index.js";

const address = fixedBytes(20);
const transferTx = struct({
  chainId: uint,
  nonce: uint,
  // Instruction = category ‖ sub_type ‖ body: System(0) → Transfer(1) → { to, amount }.
  instruction: variant({ system: { tag: 0, codec: variant({ transfer: { tag: 1, codec: struct({ to: address, amount: u64 }) } }) } }),
  cyclesLimit: uint,
  cellsLimit: uint,
  maxFeePerCycle: uint,
  maxFeePerCell: uint,
  maxPriorityFeePerCycle: uint,
  maxPriorityFeePerCell: uint,
  from: address,
  accessList: option(bytes(atMost(0))),
  metadata: bytes(atMost(131072)),
  originTxHash: option(fixedBytes(32)),
  originRemainingCycles: option(uint),
  originRemainingCells: option(uint),
  signature: fixedBytes(65),
  additionalSigners: vec(tuple([address, fixedBytes(65)]), atMost(16)),
});

const value = {
  chainId: 42n,
  nonce: 1234n,
  instruction: { type: "system" as const, value: { type: "transfer" as const, value: { to: new Uint8Array(20).fill(0x22), amount: 1_000_000_000n } } },
  cyclesLimit: 50_000n,
  cellsLimit: 50_000n,
  maxFeePerCycle: 20_000n,
  maxFeePerCell: 20_000n,
  maxPriorityFeePerCycle: 1_000n,
  maxPriorityFeePerCell: 1_000n,
  from: new Uint8Array(20).fill(0x19),
  accessList: null,
  metadata: new Uint8Array(0),
  originTxHash: null,
  originRemainingCycles: null,
  originRemainingCells: null,
  signature: new Uint8Array(65).fill(0x5a),
  additionalSigners: [] as Array<[Uint8Array, Uint8Array]>,
};
const cowboyBytes = encode(transferTx, value);

// EIP-1559: [chainId, nonce, maxPriorityFee, maxFee, gasLimit, to, value, data, accessList, yParity, r, s]
const big = (n: bigint): Uint8Array => {
  const hex = n.toString(16);
  return n === 0n ? new Uint8Array(0) : Uint8Array.from(Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex"));
};
const ethFields = [
  big(42n),
  big(1234n),
  big(1_000n),
  big(20_000n),
  big(50_000n),
  new Uint8Array(20).fill(0x22),
  big(1_000_000_000n),
  new Uint8Array(0),
  [],
  big(1n),
  new Uint8Array(32).fill(0x5a),
  new Uint8Array(32).fill(0x5b),
];
const ethBytes = RLP.encode(ethFields);

console.log(`cowboy transfer: ${cowboyBytes.length} bytes; ethereum EIP-1559 field list: ${ethBytes.length} bytes`);
compare("encode a transfer transaction", { name: "@ethereumjs/rlp encode", fn: () => RLP.encode(ethFields) }, [
  { name: "@cowboy/codec encode", fn: () => encode(transferTx, value) },
]);
compare("decode a transfer transaction", { name: "@ethereumjs/rlp decode", fn: () => RLP.decode(ethBytes) }, [
  { name: "@cowboy/codec decode (strict)", fn: () => decode(transferTx, cowboyBytes) },
]);
