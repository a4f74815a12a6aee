// Platform token costs (spec §17.3 "Platform Token Costs"; cips/tokens.md "Costs"): Cycles and Cells
// of each token operation, and the Cycle cap of a transfer's validation hook. Kept beside, not in,
// the versioned CostTable, so the table's pinned form is unchanged.

export interface TokenOpCost {
  readonly cycles: bigint;
  readonly cells: bigint;
}

const op = (cycles: number, cells: number): TokenOpCost => Object.freeze({ cycles: BigInt(cycles), cells: BigInt(cells) });

export const TOKEN_OPS_V1 = Object.freeze({
  transfer: op(1_000, 64),
  transferFrom: op(1_500, 96),
  approve: op(500, 32),
  balanceOf: op(100, 0),
  mint: op(1_000, 64),
  burn: op(500, 64),
  /** Plus one Cell per byte of name and symbol (UTF-8). */
  create: op(10_000, 256),
});

export type TokenOp = keyof typeof TOKEN_OPS_V1;

/** Validation hooks add up to this many Cycles per transfer (§17.3). */
export const TOKEN_HOOK_CYCLE_CAP = 50_000n;

/** The Cycles and Cells of `kind`; token_create adds the name's and symbol's bytes to its Cells. */
export function tokenOpCost(kind: TokenOp, nameAndSymbolBytes = 0): TokenOpCost {
  const c = TOKEN_OPS_V1[kind];
  return kind === "create" ? { cycles: c.cycles, cells: c.cells + BigInt(nameAndSymbolBytes) } : c;
}
