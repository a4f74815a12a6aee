// Software-upgrade signals (spec §11; cips/governance.md "Upgrade signals"): an executed `upgrade_signal` records the
// protocol version its `name` names and the activation height at 0x09; a node compares it with PROTOCOL_VERSION, warns
// ahead of the height and, when older, refuses to build or import blocks from the height on.
import { upgradeKey } from "./keys.js";
import { readJson, writeJson, type GovernanceState, type StateReader } from "./store.js";

/** The protocol version this software implements (a decimal integer; an upgrade signal names the next one). */
export const PROTOCOL_VERSION = "1";

export interface UpgradeSignal {
  /** The signalled protocol version (the proposal's `name`). */
  readonly version: string;
  /** From this height on, only software running `version` (or later) may build or import blocks. */
  readonly height: bigint;
  readonly proposal: bigint;
  readonly info: string;
}

/** The last executed upgrade signal, if any. */
export function getUpgradeSignal(state: StateReader): UpgradeSignal | undefined {
  const j = readJson(state, upgradeKey(), "upgrade signal") as Record<string, string> | undefined;
  if (j === undefined) return undefined;
  return { version: j.version!, height: BigInt(j.height!), proposal: BigInt(j.proposal!), info: j.info! };
}

export function recordUpgradeSignal(state: GovernanceState, s: UpgradeSignal): void {
  writeJson(state, upgradeKey(), { version: s.version, height: s.height.toString(), proposal: s.proposal.toString(), info: s.info });
}

/**
 * Whether software at `own` runs `signalled`: both decimal integers, `own` at least `signalled`; a name that is not a
 * number is run only by software of exactly that name.
 */
export function runsVersion(own: string, signalled: string): boolean {
  const DEC = /^(0|[1-9][0-9]{0,17})$/;
  if (DEC.test(own) && DEC.test(signalled)) return BigInt(own) >= BigInt(signalled);
  return own === signalled;
}
