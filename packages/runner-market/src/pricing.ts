// Rate-card pricing (spec §5 "Pricing" and §8.4 "Payment and Failure Handling"; cips/runner-market.md "Pricing"):
// actual_payment = min(usage × rates, max_price), the rest of the escrow refunded to the poster. A fixed-priced job's usage
// is one execution of its kind per paid runner, priced at that runner's rate_card[kind] (usage.ts prices reported usage).
// When a paid runner declares no rate for the kind, the job is priced at its max_price (the card is informational).

/** The gross payment of a settled job from its escrow (max_price) and each paid runner's rate for the job's kind. */
export function jobGross(escrow: bigint, rates: readonly (bigint | undefined)[]): bigint {
  if (rates.length === 0) return escrow;
  let total = 0n;
  for (const r of rates) {
    if (r === undefined) return escrow;
    total += r;
  }
  return total < escrow ? total : escrow;
}
