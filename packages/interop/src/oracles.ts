// The oracle registry (cips/interop.md "Oracles"): operators lock CBY at 0x14 to report Ethereum logs. This
// module keeps the records; the execution layer moves the CBY (debit on register, credit on unregister).
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import { decodeOracle, encodeOracle, type OracleRecord } from "./records.js";
import { type InteropStore, keys } from "./store.js";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/** The registered operators, in ascending byte order. */
export function oracles(store: InteropStore): Uint8Array[] {
  const list = store.get(keys.oracleList()) ?? new Uint8Array(0);
  const out: Uint8Array[] = [];
  for (let i = 0; i + 20 <= list.length; i += 20) out.push(list.slice(i, i + 20));
  return out;
}

export function getOracle(store: InteropStore, operator: Uint8Array): OracleRecord | undefined {
  const b = store.get(keys.oracle(operator));
  return b === undefined ? undefined : decodeOracle(b);
}

function writeList(store: InteropStore, list: Uint8Array[]): void {
  list.sort((a, b) => (hex(a) < hex(b) ? -1 : hex(a) > hex(b) ? 1 : 0));
  const out = new Uint8Array(list.length * 20);
  list.forEach((a, i) => {
    out.set(a, i * 20);
  });
  store.set(keys.oracleList(), out);
}

/** Registers `operator` with `stake` (already debited by the caller). */
export function registerOracle(store: InteropStore, operator: Uint8Array, stake: bigint, height: bigint, cfg: InteropConfig): OracleRecord {
  if (!(operator instanceof Uint8Array) || operator.length !== 20) throw new InteropError("INVALID_ARGUMENT", "operator must be 20 bytes");
  if (stake < cfg.minOracleStake) throw new InteropError("STAKE_TOO_LOW", `an oracle stakes at least ${cfg.minOracleStake}, got ${stake}`);
  if (getOracle(store, operator) !== undefined) throw new InteropError("ALREADY_REGISTERED", `0x${hex(operator)} is already an oracle`);
  const record = { stake, since: height };
  store.set(keys.oracle(operator), encodeOracle(record));
  writeList(store, [...oracles(store), operator.slice()]);
  return record;
}

/** Removes `operator`; returns the stake for the caller to credit back. */
export function unregisterOracle(store: InteropStore, operator: Uint8Array): bigint {
  const record = getOracle(store, operator);
  if (record === undefined) throw new InteropError("NOT_AN_ORACLE", `0x${hex(operator)} is not an oracle`);
  store.delete(keys.oracle(operator));
  writeList(
    store,
    oracles(store).filter((a) => hex(a) !== hex(operator)),
  );
  return record.stake;
}
