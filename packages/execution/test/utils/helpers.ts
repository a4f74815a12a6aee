import { accountKey, MemoryBackend, StateStore, type Fork } from "@cowboy/state";
import { addressFromPrivateKey, blsPopProve, keccak256, nobleBls } from "@cowboy/crypto";
import { createTransaction, type Instruction, type Transaction } from "@cowboy/types";
import { defaultChainParams, type ChainParams } from "../../src/index.js";

/** A fresh in-memory state store and a fork of its (empty) head. */
export function memoryState(): { store: StateStore; fork: Fork } {
  const store = StateStore.open(new MemoryBackend());
  return { store, fork: store.fork() };
}

export { accountKey };

export const CHAIN_ID = 42n;
export const params: ChainParams = defaultChainParams(CHAIN_ID, accountKey);

/** Deterministic test keys: key i is keccak256("key" ‖ i). */
export function key(i: number): Uint8Array {
  return keccak256(new TextEncoder().encode(`key${i}`));
}
export const addressOf = (i: number): Uint8Array => addressFromPrivateKey(key(i));

export function transfer(
  from: number,
  to: Uint8Array,
  amount: bigint,
  nonce: bigint,
  fees: { maxFee?: bigint; tip?: bigint; cyclesLimit?: bigint; metadata?: Uint8Array } = {},
): Transaction {
  const instruction: Instruction = { type: "transfer", to, amount };
  return createTransaction({
    chainId: CHAIN_ID,
    nonce,
    instruction,
    from: addressOf(from),
    cyclesLimit: fees.cyclesLimit ?? 21_000n,
    cellsLimit: BigInt(fees.metadata?.length ?? 0),
    maxFeePerCycle: fees.maxFee ?? 20_000n,
    maxFeePerCell: fees.maxFee ?? 20_000n,
    maxPriorityFeePerCycle: fees.tip ?? 0n,
    maxPriorityFeePerCell: 0n,
    ...(fees.metadata === undefined ? {} : { metadata: fees.metadata }),
  }).sign(key(from));
}

/** A deterministic BLS key for tests: secret scalar `tag ‖ 0… ‖ i + 1`, its public key and proof of possession. */
export function testBlsKey(tag: number, i: number): { secretKey: Uint8Array; publicKey: Uint8Array; pop: Uint8Array } {
  const secretKey = new Uint8Array(32);
  secretKey[0] = tag;
  secretKey[31] = i + 1;
  return { secretKey, publicKey: nobleBls.getPublicKey(secretKey), pop: blsPopProve(secretKey) };
}
