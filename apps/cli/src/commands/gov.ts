// `cowboy gov …` (issue 25, cips/governance.md): proposals with a deposit, votes, the Security Council's approvals, and
// the proposals a node reports (cowboy_listProposals, cowboy_getProposal).
import { cborJsonOf, fromHex, toHex } from "@cowboy/codec";
import { canonicalJson, encodeJson, GOVERNANCE_ADDRESS, PROPOSAL_EVENT_KINDS, type Json } from "@cowboy/governance";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { receiptStatusName, type Instruction } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";
import type { LogJson } from "./logs.js";
import { fetchParam } from "./param.js";

const GOVERNANCE_HEX = `0x${toHex(GOVERNANCE_ADDRESS)}`;
/** Blocks per cowboy_getLogs call (the node's MAX_LOG_RANGE). */
const LOG_WINDOW = 10_000;

const TX_OPTIONS = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, tip: { type: "string" } } as const;
const TX_USAGE = "[--key HEX32 | --from NAME|ADDR (keystore) | COWBOY_KEY] [--tip N] [--rpc URL] [--json]";

/** Signs and sends `instruction` at its intrinsic limits, waits, prints hash, status and the return data. */
async function send(io: CliIo, values: Parameters<typeof signerKey>[0] & { rpc?: string; json?: boolean; tip?: string }, instruction: Instruction): Promise<number> {
  const key = await signerKey(values, io);
  const client = clientFor(values.rpc, io);
  const limits = instructionIntrinsicCosts(instruction);
  const tip = values.tip === undefined ? 0n : parseAmount(values.tip, "--tip");
  const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json);
  const status = receiptStatusName(receipt.status);
  const hash = `0x${toHex(tx.digest())}`;
  const text = new TextDecoder().decode(receipt.return_data);
  if (values.json)
    io.out(
      `${JSON.stringify({ hash, status, height: receipt.height.toString(), ...(status === "success" ? (text === "" ? {} : { result: JSON.parse(text) }) : { error: text }) })}\n`,
    );
  else io.out(`${hash}\n${status}${status === "success" && text !== "" ? ` ${text}` : ""}\n`);
  if (status !== "success") io.err(`${text}\n`);
  return status === "success" ? 0 : 1;
}

/**
 * `patch` laid over `current`: objects field by field, anything else replaced. A number given where the current value
 * holds a decimal string (u64 fields) is taken as that string, so `{"cyclesTarget":1000}` works as `"1000"`.
 */
export function mergeParam(current: Json, patch: Json, path: string): Json {
  if (typeof current === "string" && /^[0-9]+$/.test(current) && typeof patch === "number") {
    if (!Number.isSafeInteger(patch) || patch < 0) throw usageError(`${path}: expected a non-negative integer`);
    return patch.toString();
  }
  if (typeof current !== "object" || current === null || Array.isArray(current) || typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    if (Array.isArray(current) && Array.isArray(patch)) return patch.map((p, i) => mergeParam(current[0] ?? p, p, `${path}[${i}]`));
    return patch;
  }
  const out: Record<string, Json> = { ...(current as Record<string, Json>) };
  for (const [k, v] of Object.entries(patch as Record<string, Json>)) {
    if (!(k in out)) throw usageError(`${path}: no field '${k}' (fields: ${Object.keys(out).join(", ")})`);
    out[k] = mergeParam(out[k]!, v, `${path}.${k}`);
  }
  return out;
}

const propose: Command = {
  summary: "propose parameter changes (each --param KEY=JSON: the fields to change; the rest keep their current values) or any proposal --body, locking --deposit",
  usage: `(--param KEY=JSON [--param …] | --body JSON) --deposit N[cby] ${TX_USAGE}`,
  details: [
    "  KEY is a registry key (cowboy param list) or its short name: basefee_config, lane_fee_multipliers, timer_config, …",
    "  JSON is the group's value as `cowboy param get KEY` prints it, or part of it, e.g.",
    `    cowboy gov propose --param basefee_config='{"cyclesTarget":"1000"}' --deposit 100cby`,
    '  --body takes a whole proposal: {"kind":"treasury_spend","to":"HEX40","amount":"N"}, {"kind":"circuit_break","actor":"HEX40","broken":true},',
    '  {"kind":"upgrade_signal","name":"v2","height":"N","info":"…"} (cips/governance.md "Proposals").',
  ].join("\n"),
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { ...TX_OPTIONS, param: { type: "string", multiple: true }, body: { type: "string" }, deposit: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const params = (values.param as unknown as string[] | undefined) ?? [];
    if (values.deposit === undefined) throw usageError("missing --deposit (the minimum is the chain's minDeposit: cowboy param get governance)");
    if ((params.length === 0) === (values.body === undefined)) throw usageError("give --param KEY=JSON (one or more) or --body JSON");
    const parseJson = (text: string, what: string): Json => {
      try {
        return JSON.parse(text) as Json;
      } catch (error) {
        throw usageError(`${what}: not JSON (${(error as Error).message})`);
      }
    };
    let body: Json;
    if (values.body !== undefined) body = parseJson(values.body, "--body");
    else {
      const client = clientFor(values.rpc, io);
      const changes: Json[] = [];
      for (const p of params) {
        const eq = p.indexOf("=");
        if (eq <= 0) throw usageError(`--param expects KEY=JSON, got '${p}'`);
        const current = await fetchParam(client, p.slice(0, eq));
        changes.push({ key: current.key, value: mergeParam(current.value, parseJson(p.slice(eq + 1), `--param ${current.key}`), current.key) });
      }
      body = { kind: "param_change", changes };
    }
    return send(io, values, { type: "gov_propose", body: encodeJson(body), deposit: parseAmount(values.deposit, "--deposit") });
  },
};

const CHOICES = { yes: 0n, no: 1n, abstain: 2n } as const;

const vote: Command = {
  summary: "vote on a proposal with the signer's stake and validator seat (a later vote replaces an earlier one)",
  usage: `ID yes|no|abstain ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 2, max: 2, names: "ID yes|no|abstain" });
    const id = positionals[0]!;
    if (!/^(0|[1-9][0-9]{0,18})$/.test(id)) throw usageError(`ID must be a proposal number, got '${id}'`);
    const choice = CHOICES[positionals[1] as keyof typeof CHOICES];
    if (choice === undefined) throw usageError(`the vote must be yes, no or abstain, got '${positionals[1]}'`);
    return send(io, values, { type: "gov_vote", proposalId: BigInt(id), choice });
  },
};

const deposit: Command = {
  summary: "top up the deposit of a proposal in its vote (refunded to the signer with the rest, forfeited on a missed quorum)",
  usage: `ID AMOUNT ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 2, max: 2, names: "ID AMOUNT" });
    const id = positionals[0]!;
    if (!/^(0|[1-9][0-9]{0,18})$/.test(id)) throw usageError(`ID must be a proposal number, got '${id}'`);
    return send(io, values, { type: "gov_deposit", proposalId: BigInt(id), amount: parseAmount(positionals[1]!, "AMOUNT") });
  },
};

const council: Command = {
  summary: "a Security Council member's approval: cancel ID | fast-track ID | break ADDR (acts at the council threshold, 7 of 9)",
  usage: `cancel|fast-track ID | break ADDR ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 2, max: 2, names: "ACTION TARGET" });
    const [what, target] = positionals as [string, string];
    let action: Json;
    if (what === "cancel" || what === "fast-track") {
      if (!/^(0|[1-9][0-9]{0,18})$/.test(target)) throw usageError(`ID must be a proposal number, got '${target}'`);
      action = { action: what === "cancel" ? "cancel" : "fast_track", proposal: target };
    } else if (what === "break") action = { action: "circuit_break", actor: toHex(parseAddress(target, "ADDR")) };
    else throw usageError(`unknown council action '${what}': cancel, fast-track or break`);
    return send(io, values, { type: "gov_council", action: encodeJson(action) });
  },
};

/** One lifecycle event of a proposal (cips/governance.md "Events"), as `gov show` prints it. */
interface ProposalEventJson {
  readonly height: number;
  /** created, voted, deposited, passed, rejected, queued, executed, failed, cancelled. */
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/**
 * The events of proposal `id` from cowboy_getLogs: 0x09's gov_* topics from its submission to its last possible
 * transition (its eta, or the end of its vote), in windows the node accepts; undefined when the node keeps no index.
 */
async function proposalEvents(io: CliIo, rpc: string | undefined, p: ProposalJson & { submitted_at: string }, id: string): Promise<ProposalEventJson[] | undefined> {
  const client = clientFor(rpc, io);
  const head = Number((await rpcCall(client.request<{ height: string }>("cowboy_head"))).height);
  const last = Math.min(head, Number(p.eta ?? p.voting_ends_at));
  const topics = PROPOSAL_EVENT_KINDS.map((k) => `cowboy:gov_${k}`);
  const out: ProposalEventJson[] = [];
  for (let from = Number(p.submitted_at); from <= last; from += LOG_WINDOW) {
    const filter = { address: GOVERNANCE_HEX, topics, fromBlock: from, toBlock: Math.min(last, from + LOG_WINDOW - 1) };
    let logs: LogJson[];
    try {
      logs = await client.request<LogJson[]>("cowboy_getLogs", [filter]);
    } catch (error) {
      if (/observation index/.test((error as Error).message)) return undefined;
      throw error;
    }
    for (const log of logs) {
      const text = cborJsonOf(fromHex(log.data));
      const data = text === null ? {} : (JSON.parse(text) as Record<string, unknown>);
      if (String(data.proposal) === id) out.push({ height: log.blockNumber, event: log.topic.replace(/^cowboy:gov_/, ""), data });
    }
  }
  return out;
}

interface ProposalJson {
  readonly id: string;
  readonly status: string;
  readonly tier: number;
  readonly voting_ends_at: string;
  readonly eta: string | null;
  readonly body: { readonly kind: string; readonly changes?: readonly { readonly key: string }[] };
}

const list: Command = {
  summary: "list proposals, newest first: `ID STATUS tier=N ends=H eta=H KIND [keys]` (JSON lines with --json)",
  usage: "[--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 0, max: 0, names: "" });
    const rows = await rpcCall(clientFor(values.rpc, io).request<ProposalJson[]>("cowboy_listProposals"));
    for (const p of rows) {
      if (values.json) io.out(`${JSON.stringify(p)}\n`);
      else
        io.out(
          `${p.id} ${p.status} tier=${p.tier} ends=${p.voting_ends_at} eta=${p.eta ?? "-"} ${p.body.kind}${p.body.changes ? ` ${p.body.changes.map((c) => c.key).join(",")}` : ""}\n`,
        );
    }
    return 0;
  },
};

const show: Command = {
  summary: "print one proposal as JSON (body, tier, deposit, both chambers' tallies, status, activation height), then its lifecycle events",
  usage: "ID [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ID" });
    const id = positionals[0]!;
    if (!/^(0|[1-9][0-9]{0,18})$/.test(id)) throw usageError(`ID must be a proposal number, got '${id}'`);
    const client = clientFor(values.rpc, io);
    const p = await rpcCall(client.request<Json | null>("cowboy_getProposal", [id]));
    if (p === null) {
      io.err(`no proposal ${id}\n`);
      return 1;
    }
    const events = await proposalEvents(io, values.rpc, p as unknown as ProposalJson & { submitted_at: string }, id);
    if (values.json) {
      io.out(`${JSON.stringify({ proposal: p, events: events ?? null })}\n`);
      return 0;
    }
    io.out(`${canonicalJson(p)}\n`);
    if (events === undefined) io.out("events: not available (the node keeps no observation index)\n");
    for (const e of events ?? []) io.out(`${e.height} ${e.event} ${JSON.stringify(e.data)}\n`);
    return 0;
  },
};

const floor: Command = {
  summary:
    "§8.2's security-floor trigger as JSON: threshold, boost, whether it is on, the staked ratio last measured, and the inflation rates rewards are paid at now (cips/governance.md)",
  usage: "[--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 0, max: 0, names: "" });
    const floor = await rpcCall(clientFor(values.rpc, io).request<Json | null>("cowboy_getSecurityFloor", []));
    if (floor === null) {
      io.err("this chain runs without staking: no staked ratio, no security floor\n");
      return 1;
    }
    io.out(`${JSON.stringify(floor)}\n`);
    return 0;
  },
};

export const govCommands: CommandGroup = {
  summary: "on-chain governance: propose, vote, top up deposits, list and show proposals, council approvals (cips/governance.md)",
  commands: { propose, vote, deposit, list, show, council, floor },
};
