// `cowboy param …` (issue 25, cips/governance.md "Registry"): the on-chain parameter registry at 0x09, read through
// cowboy_getParam / cowboy_listParams. `param get` prints a group's value as the JSON `gov propose --param` takes.
import type { CowboyClient } from "@cowboy/client";
import { canonicalJson, type Json } from "@cowboy/governance";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CHAIN_OPTIONS, clientFor, rpcCall } from "./chain.js";

export interface ParamJson {
  readonly key: string;
  readonly tier: number;
  readonly summary: string;
  readonly value: Json;
  readonly history?: readonly { readonly height: string; readonly proposal: string | null; readonly value: Json }[];
}

/** One registry group at the head (KEY: `system:…` or a short name such as `basefee_config`). */
export function fetchParam(client: CowboyClient, key: string): Promise<ParamJson> {
  return rpcCall(client.request<ParamJson>("cowboy_getParam", [key]));
}

const get: Command = {
  summary: "print a registry group's value as canonical JSON (the form `cowboy gov propose --param KEY=JSON` takes); --json adds key, tier and history",
  usage: "KEY [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "KEY" });
    const param = await fetchParam(clientFor(values.rpc, io), positionals[0]!);
    io.out(`${values.json ? JSON.stringify(param) : canonicalJson(param.value)}\n`);
    return 0;
  },
};

const list: Command = {
  summary: "list the registry: one line per group, `KEY tier=N VALUE` (JSON lines with --json)",
  usage: "[--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 0, max: 0, names: "" });
    const rows = await rpcCall(clientFor(values.rpc, io).request<ParamJson[]>("cowboy_listParams"));
    for (const r of rows) io.out(values.json ? `${JSON.stringify(r)}\n` : `${r.key} tier=${r.tier} ${canonicalJson(r.value)}\n`);
    return 0;
  },
};

export const paramCommands: CommandGroup = {
  summary: "read the on-chain parameter registry (cips/governance.md)",
  commands: { get, list },
};
