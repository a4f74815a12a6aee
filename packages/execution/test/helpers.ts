import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { createTransaction, type Instruction, type Transaction } from "@cowboy/types";
import { defaultChainParams, type ChainParams, type StateAccess } from "../src/index.js";

/**
 * A journaled in-memory StateAccess used as the model in these tests: the same contract the
 * @cowboy/state fork satisfies (get/set/delete, nested checkpoints, a root over the contents).
 */
export class ModelState implements StateAccess {
  readonly data = new Map<string, Uint8Array>();
  #journal: Array<[string, Uint8Array | undefined]> = [];
  #marks: number[] = [];

  get(key: Uint8Array): Uint8Array | undefined {
    return this.data.get(toHex(key));
  }
  set(key: Uint8Array, value: Uint8Array): void {
    const k = toHex(key);
    this.#journal.push([k, this.data.get(k)]);
    this.data.set(k, value.slice());
  }
  delete(key: Uint8Array): void {
    const k = toHex(key);
    this.#journal.push([k, this.data.get(k)]);
    this.data.delete(k);
  }
  checkpoint(): number {
    this.#marks.push(this.#journal.length);
    return this.#marks.length - 1;
  }
  revertTo(id: number): void {
    const mark = this.#marks[id]!;
    while (this.#journal.length > mark) {
      const [k, previous] = this.#journal.pop()!;
      if (previous === undefined) this.data.delete(k);
      else this.data.set(k, previous);
    }
    this.#marks.length = id;
  }
  commitCheckpoint(id: number): void {
    this.#marks.length = id;
  }
  computeRoot(): Uint8Array {
    const entries = [...this.data.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    return keccak256(new TextEncoder().encode(entries.map(([k, v]) => `${k}=${toHex(v)}`).join(";")));
  }
  clone(): ModelState {
    const copy = new ModelState();
    for (const [k, v] of this.data) copy.data.set(k, v);
    return copy;
  }
}

export const accountKey = (address: Uint8Array): Uint8Array => {
  const key = new Uint8Array(21);
  key[0] = 0xa0;
  key.set(address, 1);
  return key;
};

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
