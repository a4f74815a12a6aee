// A plain transfer priced for the next block: what faucets, wallets and tests send.
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { createTransaction, type Transaction } from "@cowboy/types";
import type { ChainParams } from "./types.js";

export interface TransferRequest {
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  readonly amount: bigint;
  readonly nonce: bigint;
  /** The basefees of the block it is meant for (nextBlockBasefees of the head). */
  readonly basefees: { readonly cycle: bigint; readonly cell: bigint };
  /** Max fee per unit = basefee × this (default 2: absorbs ~70 full blocks of basefee growth). */
  readonly feeMultiplier?: bigint;
}

/** An unsigned transfer limited to its intrinsic cost, with no tip; sign it with `.sign(key)`. */
export function transferTransaction(params: ChainParams, req: TransferRequest): Transaction {
  const instruction = { type: "transfer", to: req.to, amount: req.amount } as const;
  const multiplier = req.feeMultiplier ?? 2n;
  const cost = instructionIntrinsicCosts(instruction, params.costTable);
  return createTransaction({
    chainId: params.chainId,
    nonce: req.nonce,
    instruction,
    from: req.from,
    cyclesLimit: cost.cycles,
    cellsLimit: cost.cells,
    maxFeePerCycle: req.basefees.cycle * multiplier,
    maxFeePerCell: req.basefees.cell * multiplier,
  });
}
