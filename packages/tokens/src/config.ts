// Platform token parameters (spec §17.3; cips/tokens.md "Parameters"), the `tokens` group of ChainParams.
import { TOKEN_HOOK_CYCLE_CAP } from "@cowboy/metering";
import { TokenError } from "./errors.js";

export interface TokensConfig {
  /** Cycles a transfer's validation hook may use (§17.3: 50,000). */
  readonly hookCycleCap: bigint;
  /** Longest token name, in UTF-8 bytes. */
  readonly maxNameBytes: number;
  /** Longest symbol, in UTF-8 bytes. */
  readonly maxSymbolBytes: number;
  /** Most decimals a token may declare. */
  readonly maxDecimals: number;
}

export const DEFAULT_TOKENS_CONFIG: TokensConfig = Object.freeze({
  hookCycleCap: TOKEN_HOOK_CYCLE_CAP,
  maxNameBytes: 64,
  maxSymbolBytes: 16,
  maxDecimals: 18,
});

export function validateTokensConfig(config: TokensConfig): TokensConfig {
  if (typeof config.hookCycleCap !== "bigint" || config.hookCycleCap < 0n || config.hookCycleCap > TOKEN_HOOK_CYCLE_CAP) {
    throw new TokenError("INVALID_TOKENS_CONFIG", `hookCycleCap must be a bigint in [0, ${TOKEN_HOOK_CYCLE_CAP}] (§17.3 caps hooks at 50,000 Cycles)`);
  }
  for (const k of ["maxNameBytes", "maxSymbolBytes", "maxDecimals"] as const) {
    if (!Number.isInteger(config[k]) || config[k] < 1 || config[k] > 255) throw new TokenError("INVALID_TOKENS_CONFIG", `${k} must be an integer in [1, 255]`);
  }
  return config;
}
