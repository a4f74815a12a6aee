// The deterministic mode's enclave allowlist as a registry row (cips/runner-market.md "Deterministic mode (TEE)",
// cips/governance.md "Registry"): `system:gov:param:tee_measurements` = [{"measurement": "0x…", "attestationKey":
// "0x…"}] (32 bytes each, lower-case hex). Absent means the empty list, so a chain that lists no enclave at genesis
// writes nothing for it; a passed proposal sets the list, checked by validateRunnerMarketConfig.
import { GovernanceError, type Json } from "@cowboy/governance";
import { fromHex, toHex } from "@cowboy/codec";
import { type TeeMeasurement, validateRunnerMarketConfig } from "@cowboy/runner-market";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";

export const TEE_MEASUREMENTS_KEY = "system:gov:param:tee_measurements";

const HEX32 = /^0x[0-9a-f]{64}$/;

function bytes32(v: Json | undefined, where: string): Uint8Array {
  if (typeof v !== "string" || !HEX32.test(v)) throw new GovernanceError("INVALID_ARGUMENT", `${TEE_MEASUREMENTS_KEY}${where}: expected 0x and 64 lower-case hex digits`);
  return fromHex(v.slice(2));
}

/** The JSON list as TeeMeasurement entries; refuses anything but [{measurement, attestationKey}] of 32-byte hex. */
export function teeMeasurementsFromJson(value: Json): TeeMeasurement[] {
  if (!Array.isArray(value) || value.length > 64) throw new GovernanceError("INVALID_ARGUMENT", `${TEE_MEASUREMENTS_KEY}: expected a list of at most 64 entries`);
  return value.map((e, i) => {
    if (e === null || typeof e !== "object" || Array.isArray(e) || Object.keys(e).sort().join(",") !== "attestationKey,measurement") {
      throw new GovernanceError("INVALID_ARGUMENT", `${TEE_MEASUREMENTS_KEY}[${i}]: expected exactly {measurement, attestationKey}`);
    }
    const o = e as { [k: string]: Json };
    return { measurement: bytes32(o.measurement, `[${i}].measurement`), attestationKey: bytes32(o.attestationKey, `[${i}].attestationKey`) };
  });
}

export const TEE_GROUP: ParamGroup = {
  key: TEE_MEASUREMENTS_KEY,
  tier: 0,
  summary: "enclaves the deterministic verification mode accepts: {measurement, attestationKey} pairs (absent: none)",
  read: (p) => {
    const list = p.runnerMarket?.teeMeasurements;
    if (list === undefined || list.length === 0) return undefined;
    return list.map((t) => ({ measurement: `0x${toHex(t.measurement)}`, attestationKey: `0x${toHex(t.attestationKey)}` }));
  },
  write: (p: ChainParams, value: Json): ChainParams => {
    if (p.runnerMarket === undefined) throw new GovernanceError("UNKNOWN_PARAM", `${TEE_MEASUREMENTS_KEY}: this chain runs without the runner market`);
    const runnerMarket = { ...p.runnerMarket, teeMeasurements: teeMeasurementsFromJson(value) };
    validateRunnerMarketConfig(runnerMarket);
    return { ...p, runnerMarket };
  },
};
