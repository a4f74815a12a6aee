// Runner jobs (issue 26; cips/runner-market.md "RPC"): the open and recent jobs with their phase and escrow, and the
// runners registered at the market with stake, reputation and record. Read through cowboy_listJobs /
// cowboy_listRunners; a chain without the runner market says so.
import type { JobInfo } from "@cowboy/client";
import { h, section, table } from "../dom.js";
import { addressLink, blockLink, cby, count, hex, short } from "../format.js";
import type { PageContext } from "../page.js";
import { href } from "../router.js";

export function jobLink(id: Uint8Array, shorten = true): HTMLAnchorElement {
  const text = hex(id);
  return h("a", { href: href({ page: "job", id: text }), class: "mono", "data-link": "job", title: text }, shorten ? short(text) : text);
}

export function jobStatus(status: string): HTMLElement {
  return h("span", { class: `status job-${status}`, "data-testid": "job-status" }, status);
}

/** Reputation in its fixed point (1,000,000 is 1.0) as a decimal. */
export function reputation(value: bigint): string {
  return (Number(value) / 1_000_000).toFixed(3);
}

export async function jobsPage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const [jobs, runners] = await Promise.all([client.listJobs({ limit: 200 }), client.listRunners()]);
  root.append(h("h1", {}, "Runner jobs"));
  if (jobs === undefined || runners === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-market" }, "This chain runs without the runner market."));
    return;
  }
  root.append(
    section(
      "Jobs",
      "jobs",
      jobs.length === 0
        ? h("p", { class: "muted", "data-testid": "no-jobs" }, "No open or recent jobs.")
        : table(
            ["Job", "Kind", "Status", "Poster", "Committee", "Max price", "Escrow", "Posted", "Phase ends"],
            jobs.map((j: JobInfo) => [
              jobLink(j.id),
              j.kind,
              jobStatus(j.status),
              addressLink(j.poster, true),
              `${j.committee.length} / ${j.runners}`,
              cby(j.maxPrice),
              cby(j.escrow),
              blockLink(j.postedAt),
              j.phaseEndsAt.toString(),
            ]),
            "jobs-table",
          ),
    ),
    section(
      "Runners",
      "runners",
      runners.length === 0
        ? h("p", { class: "muted", "data-testid": "no-runners" }, "No runner is registered.")
        : table(
            ["Runner", "Status", "Stake", "Reputation", "Job kinds", "Open jobs", "Paid / failed", "Slashed", "Endpoint"],
            runners.map((r) => [
              addressLink(r.address, true),
              r.status,
              cby(r.stake),
              reputation(r.reputation),
              r.jobKinds.join(", "),
              count(r.openJobs),
              `${r.jobsPaid} / ${r.jobsFailed}`,
              cby(r.slashed),
              h("span", { class: "mono" }, r.endpoint),
            ]),
            "runners-table",
          ),
    ),
  );
}
