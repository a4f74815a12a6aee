import { describe, expect, it } from "vitest";
import {
  BASEFEE_CONFIG_KEY,
  DEFAULT_FEE_MARKET_CONFIG as C,
  FeeMarketError,
  LANE_FEE_MULTIPLIERS_KEY,
  LANES,
  decodeFeeMarketConfig,
  encodeFeeMarketConfig,
} from "../../src/index.js";
import { big, fromHex, toHex } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

const v = readVector<any>("fee-market/registry.json");

/** Unsigned LEB128, written independently of @cowboy/codec. */
function leb128(n: bigint): number[] {
  const out: number[] = [];
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n > 0n ? low | 0x80 : low);
  } while (n > 0n);
  return out;
}

describe("registry encoding", () => {
  it("uses the §13.1 storage keys", () => {
    expect([BASEFEE_CONFIG_KEY, LANE_FEE_MULTIPLIERS_KEY]).toEqual([v.basefee_config_key, v.lane_fee_multipliers_key]);
  });

  it("encodes each configuration to the vector bytes, field by field as varints, and decodes it back", () => {
    for (const c of v.cases) {
      const config = big(c.config);
      const encoded = encodeFeeMarketConfig(config);
      expect(toHex(encoded.basefeeConfig)).toBe(c.basefee_config);
      expect(toHex(encoded.laneFeeMultipliers)).toBe(c.lane_fee_multipliers);
      const fields = [
        config.cyclesTarget,
        config.cellsTarget,
        config.alpha,
        config.maxChangeDenominator,
        config.minBasefee,
        config.cellsCap,
        ...LANES.map((l) => config.laneBudgets[l]),
      ];
      expect(toHex(Uint8Array.from(fields.flatMap(leb128)))).toBe(c.basefee_config);
      expect(decodeFeeMarketConfig({ basefeeConfig: fromHex(c.basefee_config), laneFeeMultipliers: fromHex(c.lane_fee_multipliers) })).toEqual(config);
    }
    expect(v.cases[0].name).toBe("genesis");
    expect(big(v.cases[0].config)).toEqual(C);
  });

  it("refuses non-canonical, truncated or trailing bytes and out-of-range values, with the vector's code", () => {
    expect(v.invalid.length).toBe(5);
    for (const c of v.invalid) {
      let code: string | undefined;
      try {
        decodeFeeMarketConfig({ basefeeConfig: fromHex(c.basefee_config), laneFeeMultipliers: fromHex(c.lane_fee_multipliers) });
      } catch (e) {
        expect(e).toBeInstanceOf(FeeMarketError);
        code = (e as FeeMarketError).code;
      }
      expect(code, c.name).toBe(c.error);
    }
    expect(() => decodeFeeMarketConfig({ basefeeConfig: "00" as unknown as Uint8Array, laneFeeMultipliers: new Uint8Array() })).toThrow(
      /encoded.basefeeConfig must be a Uint8Array/,
    );
    expect(() => encodeFeeMarketConfig({ ...C, alpha: 0n })).toThrow(/alpha must lie in/);
  });
});
