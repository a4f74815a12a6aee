// `cowboy token …` (cips/tokens.md): platform tokens at the Token Registry 0x06 — create, transfer and
// approve as transactions; balance and info from the node (cowboy_tokenBalance, cowboy_getToken).
import { decodeCbor, toHex, U64_MAX } from "@cowboy/codec";
import { instructionIntrinsicCosts, TOKEN_HOOK_CYCLE_CAP } from "@cowboy/metering";
import { receiptStatusName, type Instruction } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const out = (io: CliIo, value: unknown): void => io.out(`${JSON.stringify(value)}\n`);
const TX_OPTIONS = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS } as const;
const TX_USAGE = "[--key HEX32 | --from NAME|ADDR (keystore) | COWBOY_KEY] [--rpc URL] [--json]";
/** Room for a validation hook on top of the intrinsic cost: its 50,000-Cycle cap and the Cells its writes may use. */
const HOOK_CYCLES = TOKEN_HOOK_CYCLE_CAP;
const HOOK_CELLS = 10_000n;

function u64Text(text: string | undefined, name: string): bigint {
  if (text === undefined) throw usageError(`missing ${name}`);
  if (!/^(0|[1-9][0-9]*)$/.test(text) || BigInt(text) > U64_MAX) throw usageError(`${name} must be a whole number of the token's base units below 2^64, got '${text}'`);
  return BigInt(text);
}

function tokenId(text: string | undefined): bigint {
  const id = u64Text(text, "ID");
  if (id === 0n) throw usageError("ID: token ids start at 1");
  return id;
}

/** Signs and sends `instruction` with its intrinsic limits plus a hook's room; prints hash and status (and the token id of a create). */
async function send(io: CliIo, values: Parameters<typeof signerKey>[0] & { rpc?: string; json?: boolean }, instruction: Instruction): Promise<number> {
  const key = await signerKey(values, io);
  const client = clientFor(values.rpc, io);
  const limits = instructionIntrinsicCosts(instruction);
  const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles + HOOK_CYCLES, cellsLimit: limits.cells + HOOK_CELLS }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json);
  const status = receiptStatusName(receipt.status);
  const hash = `0x${toHex(tx.digest())}`;
  const ok = status === "success";
  const error = ok ? undefined : new TextDecoder().decode(receipt.return_data);
  const token = ok && instruction.type === "token_create" ? String(decodeCbor(receipt.return_data)) : undefined;
  if (values.json) out(io, { hash, status, height: receipt.height.toString(), ...(token === undefined ? {} : { token }), ...(error === undefined ? {} : { error }) });
  else io.out(`${hash}\n${status}\n${token === undefined ? "" : `token ${token}\n`}`);
  if (error !== undefined) io.err(`${error}\n`);
  return ok ? 0 : 1;
}

const create: Command = {
  summary: "create a token; the signer holds --supply and is its mint authority; prints the new token's id",
  usage: `--name NAME --symbol SYM [--decimals D] [--supply N] [--max-supply N] [--hook ACTOR] ${TX_USAGE}`,
  async run(args, io) {
    const options = {
      ...TX_OPTIONS,
      name: { type: "string" },
      symbol: { type: "string" },
      decimals: { type: "string" },
      supply: { type: "string" },
      "max-supply": { type: "string" },
      hook: { type: "string" },
    } as const;
    const { values } = parseCommandArgs(args, options, { min: 0, max: 0, names: "" });
    if (values.name === undefined) throw usageError("missing --name");
    if (values.symbol === undefined) throw usageError("missing --symbol");
    return send(io, values, {
      type: "token_create",
      name: values.name,
      symbol: values.symbol,
      decimals: values.decimals === undefined ? 0n : u64Text(values.decimals, "--decimals"),
      initialSupply: values.supply === undefined ? 0n : u64Text(values.supply, "--supply"),
      maxSupply: values["max-supply"] === undefined ? null : u64Text(values["max-supply"], "--max-supply"),
      hook: values.hook === undefined ? null : parseAddress(values.hook, "--hook"),
    });
  },
};

const transfer: Command = {
  summary: "move --amount of the signer's tokens of ID to --to (the token's hook, if any, must allow it)",
  usage: `ID --to ADDR --amount N ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...TX_OPTIONS, to: { type: "string" }, amount: { type: "string" } }, { min: 1, max: 1, names: "ID" });
    return send(io, values, { type: "token_transfer", token: tokenId(positionals[0]), to: parseAddress(values.to, "--to"), amount: u64Text(values.amount, "--amount") });
  },
};

const approve: Command = {
  summary: "let --spender move up to --amount of the signer's tokens of ID (replaces the allowance)",
  usage: `ID --spender ADDR --amount N ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...TX_OPTIONS, spender: { type: "string" }, amount: { type: "string" } }, { min: 1, max: 1, names: "ID" });
    return send(io, values, {
      type: "token_approve",
      token: tokenId(positionals[0]),
      spender: parseAddress(values.spender, "--spender"),
      amount: u64Text(values.amount, "--amount"),
    });
  },
};

const balance: Command = {
  summary: "print ADDR's balance of token ID (in the token's base units)",
  usage: "ID ADDR [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 2, max: 2, names: "ID ADDR" });
    const id = tokenId(positionals[0]);
    const holder = parseAddress(positionals[1], "ADDR");
    io.out(`${await rpcCall(clientFor(values.rpc, io).request<string>("cowboy_tokenBalance", [id.toString(), `0x${toHex(holder)}`]))}\n`);
    return 0;
  },
};

const info: Command = {
  summary: "print token ID's record (creator, name, symbol, decimals, supply, max supply, hook) as JSON",
  usage: "ID [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ID" });
    const id = tokenId(positionals[0]);
    const record = await rpcCall(clientFor(values.rpc, io).request<Record<string, unknown> | null>("cowboy_getToken", [id.toString()]));
    if (record === null) {
      io.err(`no token has id ${id}\n`);
      return 1;
    }
    out(io, record);
    return 0;
  },
};

export const tokenCommands: CommandGroup = {
  summary: "platform tokens at 0x06: create, transfer, approve; balance and info (cips/tokens.md)",
  commands: { create, transfer, approve, balance, info },
};
