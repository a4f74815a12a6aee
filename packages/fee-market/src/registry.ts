import { CodecError, decode, encode, struct, uint } from "@cowboy/codec";
import { validateFeeMarketConfig, type FeeMarketConfig } from "./config.js";
import { FeeMarketError } from "./errors.js";

/** Governance (0x09) storage keys of the fee-market parameters (spec §13.1). */
export const BASEFEE_CONFIG_KEY = "system:basefee_config";
export const LANE_FEE_MULTIPLIERS_KEY = "system:lane_fee_multipliers";

const lanes = struct({ system: uint, timer: uint, runner: uint, user: uint });

/**
 * `system:basefee_config`: T_c, T_b, α, δ⁻¹, MIN_BASEFEE, the Cells cap and the four lane budgets,
 * as u64 varints in this order (§13.1 has no key of its own for lane capacities; they bound the
 * meters like the Cells cap, so they live here — cips/fee-market.md "Registry encoding").
 */
const basefeeConfigCodec = struct({
  cyclesTarget: uint,
  cellsTarget: uint,
  alpha: uint,
  maxChangeDenominator: uint,
  minBasefee: uint,
  cellsCap: uint,
  laneBudgets: lanes,
});

/** The two stored values that together make a FeeMarketConfig. */
export interface EncodedFeeMarketConfig {
  /** Value under BASEFEE_CONFIG_KEY. */
  readonly basefeeConfig: Uint8Array;
  /** Value under LANE_FEE_MULTIPLIERS_KEY: four u64 varints, basis points, lanes in LANES order. */
  readonly laneFeeMultipliers: Uint8Array;
}

/** Canonical encodings of a (valid) configuration, as governance stores them. */
export function encodeFeeMarketConfig(config: FeeMarketConfig): EncodedFeeMarketConfig {
  validateFeeMarketConfig(config);
  const { laneMultipliersBps, ...basefee } = config;
  return { basefeeConfig: encode(basefeeConfigCodec, basefee), laneFeeMultipliers: encode(lanes, laneMultipliersBps) };
}

function decodeOrThrow<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CodecError) throw new FeeMarketError("INVALID_ENCODING", `${what}: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * Reads the configuration back from its two stored values. Strict: non-canonical or trailing
 * bytes are INVALID_ENCODING; a well-formed record with out-of-range values is INVALID_CONFIG.
 */
export function decodeFeeMarketConfig(encoded: EncodedFeeMarketConfig): FeeMarketConfig {
  if (!(encoded?.basefeeConfig instanceof Uint8Array)) throw new FeeMarketError("INVALID_ARGUMENT", "encoded.basefeeConfig must be a Uint8Array");
  if (!(encoded.laneFeeMultipliers instanceof Uint8Array)) throw new FeeMarketError("INVALID_ARGUMENT", "encoded.laneFeeMultipliers must be a Uint8Array");
  const basefee = decodeOrThrow(BASEFEE_CONFIG_KEY, () => decode(basefeeConfigCodec, encoded.basefeeConfig));
  const multipliers = decodeOrThrow(LANE_FEE_MULTIPLIERS_KEY, () => decode(lanes, encoded.laneFeeMultipliers));
  const config: FeeMarketConfig = Object.freeze({
    ...basefee,
    laneBudgets: Object.freeze(basefee.laneBudgets),
    laneMultipliersBps: Object.freeze(multipliers),
  });
  return validateFeeMarketConfig(config);
}
