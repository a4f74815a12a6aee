// `cowboy job status ID` and `cowboy job list [--actor ADDR] [--runner ADDR] [--status S]` (issue 22;
// cips/runner-market.md "RPC"): read the 0x02 Job Dispatcher's records through cowboy_getJob / cowboy_listJobs.
import { toHex } from "@cowboy/codec";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { EXIT_FAILURE, usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall } from "./chain.js";
import { challenge } from "./job-challenge.js";

interface JobView {
  id: string;
  poster: string;
  kind: string;
  verification: string;
  status: string;
  runners: string;
  quorum: string;
  maxPrice: string;
  escrow: string;
  committee: string[];
  acks: string[];
  commits: unknown[];
  reveals: { runner: string; output: unknown }[];
  result: unknown;
  /** The fault a quorum of the committee reported (cips/runner-market.md "Faults"), else null. */
  fault?: string | null;
  failures: { runner: string; reason: string }[];
  phaseEndsAt: string;
  postedAt: string;
  settledAt: string;
}

const STATUSES = ["pending", "selected", "committing", "revealing", "aggregating", "challenge", "settled", "failed", "timeout", "refunded"];

function line(j: JobView): string {
  return `${j.id} ${j.kind} ${j.status} posted@${j.postedAt} by ${j.poster} committee ${j.committee.length} commits ${j.commits.length} reveals ${j.reveals.length}\n`;
}

function details(io: CliIo, j: JobView): void {
  io.out(`job ${j.id}\n`);
  io.out(`status ${j.status}  kind ${j.kind}  verification ${j.verification}  runners ${j.runners}  quorum ${j.quorum}\n`);
  io.out(`poster ${j.poster}  max price ${j.maxPrice}  escrow ${j.escrow}\n`);
  io.out(`posted at ${j.postedAt}  phase ends at ${j.phaseEndsAt}${j.settledAt !== "0" ? `  settled at ${j.settledAt}` : ""}\n`);
  io.out(`committee ${j.committee.join(" ") || "-"}\n`);
  io.out(`acks ${j.acks.length}  commits ${j.commits.length}  reveals ${j.reveals.length}\n`);
  for (const f of j.failures) io.out(`failure ${f.runner} ${f.reason}\n`);
  if (typeof j.fault === "string") io.out(`fault ${j.fault} (the reporters are paid their progress; the rest is refunded)\n`);
  io.out(`result ${j.result === null ? "-" : JSON.stringify(j.result)}\n`);
}

const status: Command = {
  summary: "print one job's record: status, committee, commits, reveals, failures and result",
  usage: "ID [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ID" });
    const id = positionals[0]!;
    if (!/^0x[0-9a-fA-F]{64}$/.test(id)) throw usageError("ID must be a 0x-prefixed 32-byte job id");
    const j = await rpcCall(clientFor(values.rpc, io).request<JobView | null>("cowboy_getJob", [id.toLowerCase()]));
    if (j === null) {
      if (values.json) io.out("null\n");
      else io.err(`no job ${id.toLowerCase()}\n`);
      return EXIT_FAILURE;
    }
    if (values.json) io.out(`${JSON.stringify(j)}\n`);
    else details(io, j);
    return 0;
  },
};

const list: Command = {
  summary: "list open and recent jobs, newest first, by poster (--actor), committee member (--runner) or status",
  usage: "[--actor ADDR] [--runner ADDR] [--status S] [--limit N] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { ...CHAIN_OPTIONS, actor: { type: "string" }, runner: { type: "string" }, status: { type: "string" }, limit: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const filter: Record<string, unknown> = {};
    if (values.actor !== undefined) filter.actor = `0x${toHex(parseAddress(values.actor, "--actor"))}`;
    if (values.runner !== undefined) filter.runner = `0x${toHex(parseAddress(values.runner, "--runner"))}`;
    if (values.status !== undefined) {
      if (!STATUSES.includes(values.status)) throw usageError(`--status must be one of ${STATUSES.join(", ")}`);
      filter.status = values.status;
    }
    if (values.limit !== undefined) {
      const n = Number(values.limit);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw usageError("--limit must be an integer in [1, 1000]");
      filter.limit = n;
    }
    const jobs = await rpcCall(clientFor(values.rpc, io).request<JobView[]>("cowboy_listJobs", [filter]));
    if (values.json) io.out(`${JSON.stringify(jobs)}\n`);
    else if (jobs.length === 0) io.out("no jobs\n");
    else for (const j of jobs) io.out(line(j));
    return 0;
  },
};

export const jobCommands: CommandGroup = { summary: "runner-market jobs: status, lists and challenges", commands: { status, list, challenge } };
