// The Secrets Manager's numbers (cips/cbss.md §6 "Parameters"); ChainParams.cbss, read as
// `ctx.params.cbss ?? DEFAULT_CBSS_CONFIG`. Every governance-tunable CBSS number lives here.
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { CbssError } from "../errors.js";

const CBY = BASE_UNITS_PER_CBY;

export interface CbssConfig {
  /** Least stake a proxy bonds at registration (base units). */
  readonly minProxyStake: bigint;
  /** Blocks between proxy exit and withdraw (slashable meanwhile). */
  readonly proxyUnbondingPeriod: bigint;
  /** The account allowed to publish a dealt committee (devnets); null: no dealer (a DKG must publish). */
  readonly dealer: Uint8Array | null;
  /** Largest committee. */
  readonly maxCommittee: number;
  /** Largest sealed envelope (bytes) a secret may store. */
  readonly maxEnvelopeBytes: number;
  /** Largest number of entries in each policy list. */
  readonly maxPolicyEntries: number;
  /** Paid to a proxy for each release it reports, from the secret's deposit (base units). */
  readonly releaseFee: bigint;
  /** Receipts in one batch. */
  readonly maxReceiptsPerBatch: number;
  /** Receipts kept per secret (the audit log; the oldest are dropped past this, counts stay). */
  readonly maxReceiptLog: number;
  /** Slashed from a proxy whose signed share does not verify. */
  readonly invalidShareSlash: bigint;
  /** Slashed from a proxy that signed a release the chain state at the stated height did not allow. */
  readonly unauthorizedReleaseSlash: bigint;
  /** Share of a slash paid to the reporter, in basis points; the rest goes to the treasury (0x08). */
  readonly reporterRewardBps: number;
  /** Blocks a committee DKG / reshare stays open after its first dealing (absent: DEFAULT_CBSS_DKG_WINDOW). */
  readonly dkgWindow?: bigint;
}

export const DEFAULT_CBSS_CONFIG: CbssConfig = Object.freeze({
  minProxyStake: 1_000n * CBY,
  proxyUnbondingPeriod: 100_800n,
  dealer: null,
  maxCommittee: 64,
  maxEnvelopeBytes: 8_192,
  maxPolicyEntries: 32,
  releaseFee: CBY / 100n,
  maxReceiptsPerBatch: 256,
  maxReceiptLog: 1_024,
  invalidShareSlash: 100n * CBY,
  unauthorizedReleaseSlash: 500n * CBY,
  reporterRewardBps: 1_000,
});

/** A config with `overrides`, checked. */
export function createCbssConfig(overrides: Partial<CbssConfig> = {}): CbssConfig {
  const c = { ...DEFAULT_CBSS_CONFIG, ...overrides };
  validateCbssConfig(c);
  return Object.freeze(c);
}

export function validateCbssConfig(c: CbssConfig): void {
  const bad = (why: string): never => {
    throw new CbssError("INVALID_CONFIG", why);
  };
  for (const k of ["minProxyStake", "proxyUnbondingPeriod", "releaseFee", "invalidShareSlash", "unauthorizedReleaseSlash"] as const) {
    if (typeof c[k] !== "bigint" || c[k] < 0n) bad(`${k}: expected a non-negative bigint`);
  }
  for (const k of ["maxCommittee", "maxEnvelopeBytes", "maxPolicyEntries", "maxReceiptsPerBatch", "maxReceiptLog"] as const) {
    if (!Number.isSafeInteger(c[k]) || c[k] < 1) bad(`${k}: expected a positive integer`);
  }
  if (c.maxCommittee > 1024) bad("maxCommittee: at most 1024");
  if (!Number.isInteger(c.reporterRewardBps) || c.reporterRewardBps < 0 || c.reporterRewardBps > 10_000) bad("reporterRewardBps: 0..10000");
  if (c.dealer !== null && !(c.dealer instanceof Uint8Array && c.dealer.length === 20)) bad("dealer: expected null or 20 bytes");
}
