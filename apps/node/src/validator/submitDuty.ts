// How a validator node sends its duty instructions (cips/staking.md "Validator duties"): signed by its
// account key at the pool's next nonce, with exactly the instruction's intrinsic limits, fees at twice
// the next block's basefee and no tip; admitted to the local pool, then gossiped.
import { nextBlockBasefees } from "@cowboy/execution";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { createTransaction, type Instruction, type Transaction } from "@cowboy/types";
import type { Chain } from "../chain/chain.js";
import type { Mempool } from "../mempool/mempool.js";
import type { ValidatorKeys } from "./keys.js";

export interface DutySubmitterOptions {
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly keys: ValidatorKeys;
  /** Sends an admitted transaction to the other nodes (no-op without a network). */
  readonly gossip: (tx: Transaction) => void;
}

/** A function that signs, admits and gossips one instruction; throws what the pool throws. */
export function dutySubmitter(o: DutySubmitterOptions): (instruction: Instruction) => Transaction {
  return (instruction) => {
    const { chain, mempool, keys } = o;
    const accounts = chain.accounts;
    const limits = instructionIntrinsicCosts(instruction);
    const fees = nextBlockBasefees(chain.head, chain.params);
    const tx = createTransaction({
      chainId: chain.params.chainId,
      nonce: mempool.pendingNonce(keys.address, accounts),
      instruction,
      from: keys.address,
      cyclesLimit: limits.cycles,
      cellsLimit: limits.cells,
      maxFeePerCycle: fees.cycle * 2n,
      maxFeePerCell: fees.cell * 2n,
      maxPriorityFeePerCycle: 0n,
      maxPriorityFeePerCell: 0n,
    }).sign(keys.accountKey);
    mempool.add(tx, accounts);
    o.gossip(tx);
    return tx;
  };
}
