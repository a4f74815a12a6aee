// Governance (issue 26; cips/governance.md): the proposals, newest first, with tier, status, both chambers' yes/no
// tallies and the activation height, and a link to the parameter registry. Read through cowboy_listProposals.
import type { ChamberTally, ProposalInfo } from "@cowboy/client";
import { h, section, table } from "../dom.js";
import { addressLink, blockLink, cby, count } from "../format.js";
import type { PageContext } from "../page.js";
import { href } from "../router.js";

export function proposalLink(id: bigint): HTMLAnchorElement {
  return h("a", { href: href({ page: "proposal", id: id.toString() }), "data-link": "proposal" }, `#${id}`);
}

export function proposalStatus(status: string): HTMLElement {
  return h("span", { class: `status proposal-${status}`, "data-testid": "proposal-status" }, status);
}

/** "yes / no / abstain" of a chamber. */
export function tallyText(t: ChamberTally, unit: (v: bigint) => string = count): string {
  return `${unit(t.yes)} / ${unit(t.no)} / ${unit(t.abstain)}`;
}

/** What a proposal does, in a few words: its kind and, for a parameter change, the groups it touches. */
export function proposalSummary(p: ProposalInfo): string {
  const body = p.body as { kind?: string; changes?: { key?: string }[] } | null;
  const kind = body?.kind ?? "proposal";
  const keys = (body?.changes ?? []).map((c) => c.key).filter((k): k is string => typeof k === "string");
  return keys.length === 0 ? kind : `${kind}: ${keys.join(", ")}`;
}

export async function governancePage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const proposals = await client.listProposals();
  root.append(h("h1", {}, "Governance"));
  if (proposals === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-governance" }, "This chain runs without governance."));
    return;
  }
  root.append(
    h("p", {}, h("a", { href: href({ page: "params" }), "data-testid": "params-link" }, "Parameter registry"), " — every group with its tier, value and history."),
    section(
      "Proposals",
      "proposals",
      proposals.length === 0
        ? h("p", { class: "muted", "data-testid": "no-proposals" }, "No proposals yet.")
        : table(
            ["Proposal", "What", "Tier", "Status", "Proposer", "Deposit", "Stake yes / no / abstain", "Validators yes / no / abstain", "Voting ends", "Activates"],
            proposals.map((p) => [
              proposalLink(p.id),
              proposalSummary(p),
              String(p.tier),
              proposalStatus(p.status),
              addressLink(p.proposer, true),
              cby(p.deposit),
              tallyText(p.stake, cby),
              tallyText(p.validators),
              p.votingEndsAt.toString(),
              p.eta === null ? "—" : blockLink(p.eta),
            ]),
            "proposals-table",
          ),
    ),
  );
}
