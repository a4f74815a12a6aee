// Registry groups of the services every chain runs (cips/governance.md "Registry"): state rent at its §13.1 key
// `system:cip4:rent_config` (RentConfig field for field; cips/rent.md "Parameters"), platform tokens (cips/tokens.md)
// and the 0x04 Secrets Manager (cips/cbss.md §6). An absent ChainParams field runs on the owner's default, so the
// group is always present and a write sets the field.
import { DEFAULT_CBSS_CONFIG, validateCbssConfig, type CbssConfig } from "@cowboy/cbss";
import { DEFAULT_RENT_CONFIG, validateRentConfig, type RentConfig } from "@cowboy/rent";
import { DEFAULT_TOKENS_CONFIG, validateTokensConfig, type TokensConfig } from "@cowboy/tokens";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";
import { row } from "./row.js";

const cbss = (p: ChainParams): CbssConfig => p.cbss ?? DEFAULT_CBSS_CONFIG;
/** The dealer is a devnet's key, not a number: it stays the chain's configuration. */
type CbssSlice = Omit<CbssConfig, "dealer">;

export const SERVICE_GROUPS: readonly ParamGroup[] = [
  row<RentConfig>({
    key: "system:cip4:rent_config",
    tier: 0,
    summary: "state rent: rate, rent epoch, grace threshold and periods, catch-up fee, reserve, quotas and bonds (CIP-4)",
    get: (p) => p.rent ?? DEFAULT_RENT_CONFIG,
    set: (p, v) => ({ ...p, rent: v }),
    check: (p) => validateRentConfig(p.rent as RentConfig),
    // Rent epochs number heights by it; debts are stamped with their epoch.
    fixed: ["epochLength"],
  }),
  row<TokensConfig>({
    key: "system:gov:param:tokens",
    tier: 0,
    summary: "platform tokens at 0x06: the transfer hook's Cycles cap (≤ 50,000, §17.3), name, symbol and decimals limits",
    get: (p) => p.tokens ?? DEFAULT_TOKENS_CONFIG,
    set: (p, v) => ({ ...p, tokens: v }),
    check: (p) => validateTokensConfig(p.tokens as TokensConfig),
  }),
  row<CbssSlice>({
    key: "system:gov:param:cbss",
    tier: 0,
    summary: "0x04 Secrets Manager: proxy stake and unbonding, sizes, release fee, slashes, reporter reward (cips/cbss.md §6)",
    get: (p) => {
      const { dealer: _, ...rest } = cbss(p);
      return rest;
    },
    set: (p, v) => ({ ...p, cbss: { ...v, dealer: cbss(p).dealer } }),
    check: (p) => validateCbssConfig(cbss(p)),
  }),
];
