// The node's side of governance upgrade signals (cips/governance.md "Upgrade signals"): compare the signal recorded
// at 0x09 with this software's PROTOCOL_VERSION; warn from UPGRADE_WARNING_BLOCKS before its height; from the height
// on, an older node refuses to build or import blocks (UpgradeRequiredError) rather than fork off silently.
import { CowboyError } from "@cowboy/codec";
import { getUpgradeSignal, PROTOCOL_VERSION, runsVersion, type StateReader, type UpgradeSignal } from "@cowboy/governance";

/** Blocks before a signalled upgrade an older node starts warning (one day of 1 s blocks). */
export const UPGRADE_WARNING_BLOCKS = 86_400n;

export class UpgradeRequiredError extends CowboyError<"UPGRADE_REQUIRED"> {
  override readonly name = "UpgradeRequiredError";
  constructor(
    readonly signal: UpgradeSignal,
    readonly height: bigint,
  ) {
    super(
      "UPGRADE_REQUIRED",
      `block ${height} is past the activation height ${signal.height} of protocol version ${signal.version} (governance proposal ${signal.proposal}); this node runs version ${PROTOCOL_VERSION}: upgrade the software`,
    );
  }
}

/** The signal this software does not run, if any (read from the parent state of the next block). */
export function pendingUpgrade(state: StateReader, version: string = PROTOCOL_VERSION): UpgradeSignal | undefined {
  const signal = getUpgradeSignal(state);
  return signal === undefined || runsVersion(version, signal.version) ? undefined : signal;
}

/** Throws UpgradeRequiredError when block `height` on `state` is at or past an upgrade this software does not run. */
export function checkUpgrade(state: StateReader, height: bigint, version: string = PROTOCOL_VERSION): void {
  const signal = pendingUpgrade(state, version);
  if (signal !== undefined && height >= signal.height) throw new UpgradeRequiredError(signal, height);
}

/** The warning to log after block `height`, when an upgrade this software does not run is near. */
export function upgradeWarning(state: StateReader, height: bigint, version: string = PROTOCOL_VERSION): string | undefined {
  const signal = pendingUpgrade(state, version);
  if (signal === undefined || height + UPGRADE_WARNING_BLOCKS < signal.height) return undefined;
  return `protocol version ${signal.version} activates at height ${signal.height} (${signal.height - height} blocks; governance proposal ${signal.proposal}); this node runs ${PROTOCOL_VERSION} and will stop there: upgrade the software`;
}
