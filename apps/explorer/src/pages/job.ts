// One runner job (issue 26; cips/runner-market.md): its request, phase and status, escrow, the committee with each
// member's ack, commit, reveal, payment or failure, challenges, the settlement (the §8.4 split or the refund, as the
// node reports it) and the continuation delivered to the poster's callback.
import type { JobInfo } from "@cowboy/client";
import { equalBytes, fromHex } from "@cowboy/codec";
import { fields, h, section, table, type Child } from "../dom.js";
import { addressLink, blockLink, cby, count, hex, mono, short } from "../format.js";
import { errorBox, type PageContext } from "../page.js";
import { href } from "../router.js";
import { jobStatus } from "./jobs.js";

const json = (value: unknown): HTMLElement => h("code", { class: "wrap" }, JSON.stringify(value));
const has = (list: readonly Uint8Array[], address: Uint8Array): boolean => list.some((a) => equalBytes(a, address));
const yes = (value: boolean): Child => (value ? h("span", { class: "status success" }, "yes") : h("span", { class: "muted" }, "—"));

export async function jobPage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  if (!/^0x[0-9a-f]{64}$/.test(id)) {
    root.append(h("h1", {}, "Job"), errorBox(`${id} is not a job id (0x and 64 hex digits)`));
    return;
  }
  const job = await client.getJob(fromHex(id));
  root.append(h("h1", {}, "Job ", h("span", { class: "mono small", "data-testid": "job-id" }, id)));
  if (job === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-market" }, "This chain runs without the runner market."));
    return;
  }
  if (job === null) {
    root.append(errorBox(`No job ${id} is open or recent on this chain.`));
    return;
  }
  root.append(
    fields(
      [
        ["Status", jobStatus(job.status)],
        ["Kind", h("span", { "data-testid": "job-kind" }, job.kind)],
        ["Poster", h("span", {}, addressLink(job.poster), job.posterIsActor ? " (actor)" : "")],
        ["Verification", job.verification],
        ["Runners / quorum", `${job.runners} / ${job.quorum}`],
        ["Max price", h("span", { "data-testid": "job-max-price" }, cby(job.maxPrice))],
        ["Escrow held", h("span", { "data-testid": "job-escrow" }, cby(job.escrow))],
        ["Posted at", blockLink(job.postedAt)],
        ["Phase ends at", h("span", { "data-testid": "job-phase-ends" }, job.phaseEndsAt.toString())],
        ["Closed at", job.settledAt === 0n ? undefined : blockLink(job.settledAt)],
        ["Requires", job.requires.length === 0 ? undefined : job.requires.join(", ")],
        [
          "Volumes",
          job.volumes.length === 0
            ? undefined
            : h("span", {}, ...job.volumes.map((v) => h("a", { href: href({ page: "volume", id: hex(v) }), class: "mono" }, short(hex(v)), " "))),
        ],
        ["Spec", json(job.spec)],
        ["Result schema", json(job.resultSchema)],
      ],
      "job-fields",
    ),
    section("Committee", "committee", committeeView(job)),
    section("Reveals", "reveals", revealsView(job)),
    section("Settlement", "settlement", settlementView(job)),
    section("Continuation", "continuation", continuationView(job)),
  );
  if (job.challenges.length > 0) {
    root.append(
      section(
        "Challenges",
        "challenges",
        table(
          ["Challenger", "Runner", "Upheld"],
          job.challenges.map((c) => [addressLink(c.challenger, true), addressLink(c.runner, true), c.upheld ? "yes" : "no"]),
        ),
      ),
    );
  }
}

function committeeView(job: JobInfo): HTMLElement {
  if (job.committee.length === 0) return h("p", { class: "muted", "data-testid": "no-committee" }, "No committee was selected.");
  return table(
    ["Runner", "Aggregator", "Acked", "Committed", "Revealed", "Paid", "Failure"],
    job.committee.map((runner) => [
      addressLink(runner, true),
      yes(job.aggregator !== null && equalBytes(job.aggregator, runner)),
      yes(has(job.acks, runner)),
      yes(job.commits.some((c) => equalBytes(c.runner, runner))),
      yes(job.reveals.some((r) => equalBytes(r.runner, runner))),
      yes(has(job.paid, runner)),
      job.failures.find((f) => equalBytes(f.runner, runner))?.reason ?? "",
    ]),
    "committee-table",
  );
}

function revealsView(job: JobInfo): HTMLElement {
  if (job.reveals.length === 0) return h("p", { class: "muted" }, "No reveals.");
  return table(
    ["Runner", "Output"],
    job.reveals.map((r) => [addressLink(r.runner, true), json(r.output)]),
    "reveals-table",
  );
}

function settlementView(job: JobInfo): HTMLElement {
  const s = job.settlement;
  if (s === undefined) return h("p", { class: "muted" }, "This node does not report settlements.");
  if (s === null) return h("p", { class: "muted", "data-testid": "settlement-open" }, `Open: ${cby(job.escrow)} held in escrow.`);
  if (s.outcome === "refunded") {
    return fields(
      [
        ["Outcome", h("span", { "data-testid": "settlement-outcome" }, "refunded")],
        ["Refunded", h("span", { "data-testid": "settlement-refunded" }, cby(s.refunded))],
        ["To", addressLink(s.to)],
      ],
      "settlement-fields",
    );
  }
  return h(
    "div",
    {},
    fields(
      [
        ["Outcome", h("span", { "data-testid": "settlement-outcome" }, "paid")],
        ["Gross", cby(s.gross)],
        ["Burned", h("span", { "data-testid": "settlement-burned" }, cby(s.burned))],
        ["Treasury", cby(s.treasury)],
        ["Aggregator bonus", cby(s.aggregatorBonus)],
      ],
      "settlement-fields",
    ),
    table(
      ["Runner", "Paid"],
      s.runners.map((r) => [addressLink(r.runner, true), `${cby(r.amount)} (${count(r.amount)})`]),
      "payouts-table",
    ),
  );
}

function continuationView(job: JobInfo): HTMLElement {
  const closed = job.settledAt !== 0n;
  return fields(
    [
      ["Callback", job.callback === null ? h("span", { class: "muted" }, "none (the poster reads the result)") : mono(job.callback)],
      ["Delivered", closed ? h("span", { "data-testid": "continuation-height" }, "at block ", blockLink(job.settledAt)) : h("span", { class: "muted" }, "not yet")],
      ["Result", job.result === null ? h("span", { class: "muted" }, "none") : json(job.result)],
    ],
    "continuation-fields",
  );
}
