import { describe, expect, it } from "vitest";
import { amendedParamKeys, getParam, GovernanceError, listParamKeys, paramHistory, setParam } from "../../src/index.js";
import { MapState } from "../utils/fixture.js";

describe("the parameter registry (cips/governance.md 'Registry')", () => {
  it("stores values under their keys with an audit trail", () => {
    const s = new MapState();
    expect(getParam(s, "system:basefee_config")).toBeUndefined();
    setParam(s, "system:basefee_config", { a: "1" }, 0n, null);
    setParam(s, "system:timer_config", { t: 1 }, 0n, null);
    setParam(s, "system:basefee_config", { a: "2" }, 9n, 4n);
    expect(getParam(s, "system:basefee_config")).toEqual({ a: "2" });
    expect(listParamKeys(s)).toEqual(["system:basefee_config", "system:timer_config"]);
    // Only proposals amend: genesis writes are the chain's own params.
    expect(amendedParamKeys(s)).toEqual(["system:basefee_config"]);
    expect(paramHistory(s, "system:basefee_config")).toEqual([
      { height: 0n, proposal: null, value: { a: "1" } },
      { height: 9n, proposal: 4n, value: { a: "2" } },
    ]);
    expect(paramHistory(s, "system:basefee_config", 1)).toEqual([{ height: 9n, proposal: 4n, value: { a: "2" } }]);
  });
  it("refuses keys outside the system: namespace and values with no canonical form", () => {
    const s = new MapState();
    expect(() => setParam(s, "basefee", 1, 0n, null)).toThrow(GovernanceError);
    expect(() => getParam(s, "system:BAD")).toThrow(/not a registry key/);
    expect(() => setParam(s, "system:x", 0.5, 0n, null)).toThrow(/safe integers/);
    expect(s.map.size).toBe(0);
  });
});
