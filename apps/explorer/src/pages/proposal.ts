// One proposal (issue 26; cips/governance.md): body, tier with its quorum and threshold (from the registry's governance
// group), both chambers' votes against their sizes at submission, status, the voting deadline and the activation height.
import type { ChamberTally, ParamGroupInfo, ProposalInfo } from "@cowboy/client";
import { fields, h, section, table, type Child } from "../dom.js";
import { addressLink, blockLink, cby, count } from "../format.js";
import { errorBox, type PageContext } from "../page.js";
import { href } from "../router.js";
import { proposalStatus, proposalSummary } from "./governance.js";

/** basis points as a percentage ("33.4 %"). */
const bps = (v: bigint): string => `${(Number(v) / 100).toFixed(2).replace(/\.?0+$/, "")} %`;
const share = (part: bigint, total: bigint): string => (total === 0n ? "—" : bps((part * 10_000n) / total));

/** The tier's quorum and threshold from the governance group's value (`tiers[tier]`), when the registry holds it. */
export function tierRule(governance: ParamGroupInfo | undefined, tier: number): { quorumBps: bigint; thresholdBps: bigint } | undefined {
  const tiers = (governance?.value as { tiers?: Record<string, unknown>[] } | null | undefined)?.tiers;
  const rule = tiers?.[tier];
  const quorum = rule?.quorumBps ?? rule?.quorum_bps;
  const threshold = rule?.thresholdBps ?? rule?.threshold_bps;
  if (quorum === undefined || threshold === undefined) return undefined;
  return { quorumBps: BigInt(quorum as string), thresholdBps: BigInt(threshold as string) };
}

function chamberRow(name: string, t: ChamberTally, total: bigint, unit: (v: bigint) => string, testId: string): Child[] {
  const cast = t.yes + t.no + t.abstain;
  return [
    h("span", {}, name),
    h("span", { "data-testid": `${testId}-yes` }, unit(t.yes)),
    unit(t.no),
    unit(t.abstain),
    unit(total),
    h("span", { "data-testid": `${testId}-cast` }, share(cast, total)),
  ];
}

export async function proposalPage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  if (!/^(0|[1-9][0-9]{0,19})$/.test(id)) {
    root.append(h("h1", {}, "Proposal"), errorBox(`${id} is not a proposal number`));
    return;
  }
  const [proposal, governance, head] = await Promise.all([client.getProposal(BigInt(id)), client.getParam("governance"), client.getHead()]);
  root.append(h("h1", {}, `Proposal #${id}`));
  if (proposal === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-governance" }, "This chain runs without governance."));
    return;
  }
  if (proposal === null) {
    root.append(errorBox(`No proposal #${id} on this chain.`));
    return;
  }
  const rule = tierRule(governance, proposal.tier);
  root.append(
    fields(
      [
        ["Status", proposalStatus(proposal.status)],
        ["What", proposalSummary(proposal)],
        ["Tier", h("span", { "data-testid": "proposal-tier" }, String(proposal.tier))],
        ["Quorum / threshold", rule === undefined ? "—" : h("span", { "data-testid": "proposal-rule" }, `${bps(rule.quorumBps)} of each chamber / ${bps(rule.thresholdBps)}`)],
        ["Proposer", addressLink(proposal.proposer)],
        ["Deposit", cby(proposal.deposit)],
        ["Submitted at", blockLink(proposal.submittedAt)],
        ["Voting ends at", h("span", { "data-testid": "proposal-voting-ends" }, votingEnds(proposal, head.height))],
        ["Activation height", proposal.eta === null ? "—" : h("span", { "data-testid": "proposal-eta" }, blockLink(proposal.eta))],
        ["Emergency track", proposal.emergency ? "yes" : undefined],
        ["Note", proposal.note === "" ? undefined : h("span", { "data-testid": "proposal-note" }, proposal.note)],
      ],
      "proposal-fields",
    ),
    section(
      "Votes",
      "votes",
      table(
        ["Chamber", "Yes", "No", "Abstain", "Chamber size", "Cast"],
        [chamberRow("Stake", proposal.stake, proposal.totalStake, cby, "stake"), chamberRow("Validators", proposal.validators, proposal.totalValidators, count, "validators")],
        "votes-table",
      ),
    ),
    section("Body", "body", h("pre", { class: "output", "data-testid": "proposal-body" }, JSON.stringify(proposal.body, null, 2))),
    h("p", {}, h("a", { href: href({ page: "governance" }) }, "All proposals")),
  );
}

function votingEnds(p: ProposalInfo, head: bigint): string {
  return p.status === "voting" && p.votingEndsAt > head ? `${p.votingEndsAt} (in ${p.votingEndsAt - head} blocks)` : p.votingEndsAt.toString();
}
