// One fixed proposal (queued, with an eta) for the event vectors: test-vectors/governance/events.json.
import { parseProposalBody, type Proposal } from "../../src/index.js";

export const SAMPLE_PROPOSAL: Proposal = {
  id: 7n,
  proposer: new Uint8Array(20).fill(0xab),
  body: parseProposalBody({ kind: "treasury_spend", to: "00000000000000000000000000000000000000aa", amount: "5000000000" }),
  tier: 1,
  deposit: 100n,
  submittedAt: 10n,
  votingEndsAt: 25n,
  totalStake: 3n,
  totalValidators: 3n,
  stake: { yes: 2n, no: 0n, abstain: 0n },
  validators: { yes: 2n, no: 0n, abstain: 0n },
  status: "queued",
  eta: 35n,
  emergency: false,
  note: "passed both chambers",
};
