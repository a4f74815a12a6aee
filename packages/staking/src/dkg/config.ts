// The reshare's parameters (cips/staking.md "Reshare"): the dealing window at the end of an epoch and
// the threshold of a committee. The window is `StakingConfig.reshareWindow` when set, else the default.
import type { StakingConfig } from "../config.js";

/** Blocks at the end of an epoch in which dealings and complaints are accepted (10 minutes of 1 s blocks). */
export const DEFAULT_RESHARE_WINDOW = 600n;

/** The window in force: the configured one, capped at the epoch length. */
export function reshareWindow(config: StakingConfig): bigint {
  const w = config.reshareWindow ?? DEFAULT_RESHARE_WINDOW;
  return w < config.epochLength ? w : config.epochLength;
}

/** First height of the window of epoch `epoch` (the window ends with the epoch's last block). */
export function windowStart(config: StakingConfig, epoch: bigint): bigint {
  return (epoch + 1n) * config.epochLength - reshareWindow(config);
}

/** The threshold of an n-member committee: n − ⌊(n − 1)/3⌋, the BFT quorum (more than 2n/3). */
export function committeeThreshold(n: number): number {
  return n - Math.floor((n - 1) / 3);
}
