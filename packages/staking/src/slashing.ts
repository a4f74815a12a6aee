// Slashing (spec §6 "Slashing", §8.4 SlashDistribution; cips/staking.md "Slashing"): the penalty
// half — a share of stake taken and split burn / submitter / treasury, then the jail. Verifying
// evidence (conflicting votes, two proposals for one view) is not here yet.
import type { StakingConfig } from "./config.js";
import { StakingError } from "./errors.js";
import { jail, type StakingContext } from "./lifecycle.js";
import { getValidator, putValidator } from "./store.js";
import { recordBurn } from "./supply.js";
import type { ValidatorRecord } from "./validator.js";

export interface SlashOutcome {
  readonly slashed: bigint;
  readonly burned: bigint;
  readonly toSubmitter: bigint;
  readonly toTreasury: bigint;
  readonly record: ValidatorRecord;
}

/** The split of `amount`: submitter and treasury by their bps (rounded down), the burn takes the rest. */
export function splitSlash(config: StakingConfig, amount: bigint): { burned: bigint; toSubmitter: bigint; toTreasury: bigint } {
  const d = config.slashDistribution;
  const toSubmitter = (amount * d.submitterBps) / 10_000n;
  const toTreasury = (amount * d.treasuryBps) / 10_000n;
  return { burned: amount - toSubmitter - toTreasury, toSubmitter, toTreasury };
}

/**
 * Double signing or proposer equivocation: takes ⌊stake · doubleSignSlashBps / 10⁴⌋ from `who`'s
 * stake, burns it (recorded in the supply) or pays the submitter and treasury shares, then jails `who`.
 */
export function punishEquivocation(ctx: StakingContext, who: Uint8Array, submitter: Uint8Array, treasury: Uint8Array): SlashOutcome {
  const record = getValidator(ctx.state, who);
  if (record === undefined) throw new StakingError("NOT_A_VALIDATOR", "slash: no validator record");
  const slashed = (record.stake * ctx.config.doubleSignSlashBps) / 10_000n;
  const split = splitSlash(ctx.config, slashed);
  putValidator(ctx.state, who, { ...record, stake: record.stake - slashed });
  recordBurn(ctx.state, split.burned);
  if (split.toSubmitter > 0n) ctx.accounts.credit(submitter, split.toSubmitter);
  if (split.toTreasury > 0n) ctx.accounts.credit(treasury, split.toTreasury);
  return { slashed, ...split, record: jail(ctx, who) };
}
