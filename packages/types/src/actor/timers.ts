// Timer priority tiers and the JSON form of an active timer (cips/actors.md "Timers"). The
// scheduler stores a tier as its index here; the SDK, RPC and clients speak the names.

/** The default gas-bidding agent's priority tiers, by their stored index (CIP-1). */
export const PRIORITY_TIERS = ["economy", "standard", "fast", "urgent"] as const;
export type PriorityTierName = (typeof PRIORITY_TIERS)[number];

/** The tier's name, or its index as text for a tier this version does not know. */
export function priorityTierName(tier: number): PriorityTierName | string {
  return PRIORITY_TIERS[tier] ?? String(tier);
}

/**
 * An active timer as `cowboy_getTimers` returns it: amounts and heights as decimal strings, bytes
 * as 0x hex, the handler's argument also decoded as JSON text (null when it is empty or is not
 * canonical CBOR).
 */
export interface TimerJson {
  readonly id: string;
  readonly owner: string;
  readonly target: string;
  readonly fee_payer: string;
  readonly handler: string;
  readonly data: string;
  readonly data_json: string | null;
  readonly next_fire_height: string;
  readonly interval: string;
  readonly cycles_per_fire: string;
  readonly cells_per_fire: string;
  /** null: never expires. */
  readonly expires_at: string | null;
  readonly priority: PriorityTierName | string;
  readonly max_fee_per_cycle: string;
  readonly max_priority_fee_per_cycle: string;
  readonly gas_bidding_agent: string | null;
  readonly created_at: string;
}
