// `cowboy validator …` (issue 21, cips/staking.md): the staking instructions as transactions, and
// the validator records a node reports (cowboy_validators, cowboy_validator).
import type { CowboyClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, blsPopProve, ed25519, nobleBls } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { networkKeyMessage } from "@cowboy/staking";
import { receiptStatusName, type Instruction } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const out = (io: CliIo, value: unknown): void => io.out(`${JSON.stringify(value)}\n`);

/** A 32-byte secret given as `--FLAG HEX32` or in the environment variable `env`; `what` names it in the error. */
function secretArg(text: string | undefined, io: CliIo, flag: string, env: string, what: string): Uint8Array {
  const raw = text ?? io.env[env];
  if (raw === undefined) throw usageError(`missing --${flag} (or ${env}): ${what} in hex`);
  const hex = raw.startsWith("0x") ? raw.slice(2) : raw;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw usageError(`--${flag} must be 32 bytes of hex`);
  return fromHex(hex.toLowerCase());
}

type SendValues = Parameters<typeof signerKey>[0] & { rpc?: string; json?: boolean; tip?: string };

/**
 * Signs and sends `instruction` (or what `make` builds from the signer's key and the client) with exactly its
 * intrinsic limits, waits, prints hash and status.
 */
async function send(io: CliIo, values: SendValues, make: Instruction | ((key: Uint8Array, client: CowboyClient) => Promise<Instruction>)): Promise<number> {
  const key = await signerKey(values, io);
  const client = clientFor(values.rpc, io);
  const instruction = typeof make === "function" ? await make(key, client) : make;
  const limits = instructionIntrinsicCosts(instruction);
  const tip = values.tip === undefined ? 0n : parseAmount(values.tip, "--tip");
  const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json);
  const status = receiptStatusName(receipt.status);
  const hash = `0x${toHex(tx.digest())}`;
  const error = status === "success" ? undefined : new TextDecoder().decode(receipt.return_data);
  if (values.json) out(io, { hash, status, height: receipt.height.toString(), validator: `0x${toHex(addressFromPrivateKey(key))}`, ...(error === undefined ? {} : { error }) });
  else io.out(`${hash}\n${status}\n`);
  if (error !== undefined) io.err(`${error}\n`);
  return status === "success" ? 0 : 1;
}

const TX_OPTIONS = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, tip: { type: "string" } } as const;
const TX_USAGE = "[--key HEX32 | --from NAME|ADDR (keystore) | COWBOY_KEY] [--tip N] [--rpc URL] [--json]";

function simple(summary: string, instruction: Instruction): Command {
  return {
    summary,
    usage: TX_USAGE,
    async run(args, io) {
      const { values } = parseCommandArgs(args, TX_OPTIONS, { min: 0, max: 0, names: "" });
      return send(io, values, instruction);
    },
  };
}

const register: Command = {
  summary: "register the signer as a validator: bond --amount (≥ minimum_validator_stake) with a BLS key and its proof of possession; active from the next epoch",
  usage: `--amount N[cby] --bls-key HEX32 (or COWBOY_BLS_KEY) ${TX_USAGE}`,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...TX_OPTIONS, amount: { type: "string" }, "bls-key": { type: "string" } }, { min: 0, max: 0, names: "" });
    if (values.amount === undefined) throw usageError("missing --amount");
    const amount = parseAmount(values.amount, "--amount");
    const secret = secretArg(values["bls-key"], io, "bls-key", "COWBOY_BLS_KEY", "the validator's 32-byte BLS secret key");
    return send(io, values, { type: "register_validator", blsPublicKey: nobleBls.getPublicKey(secret), proofOfPossession: blsPopProve(secret), amount });
  },
};

const stake: Command = {
  summary: "bond --amount more of the signer's balance (counted from the next epoch)",
  usage: `--amount N[cby] ${TX_USAGE}`,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...TX_OPTIONS, amount: { type: "string" } }, { min: 0, max: 0, names: "" });
    if (values.amount === undefined) throw usageError("missing --amount");
    return send(io, values, { type: "add_stake", amount: parseAmount(values.amount, "--amount") });
  },
};

const setNetworkKey: Command = {
  summary:
    "publish the signer's p2p network key (Ed25519 public key of --network-key, signed over the chain id and the signer's address); cowboyd does this by itself for the key in its key file",
  usage: `--network-key HEX32 (or COWBOY_NETWORK_KEY) ${TX_USAGE}`,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...TX_OPTIONS, "network-key": { type: "string" } }, { min: 0, max: 0, names: "" });
    const secret = secretArg(values["network-key"], io, "network-key", "COWBOY_NETWORK_KEY", "the node's 32-byte Ed25519 network secret");
    return send(io, values, async (key, client) => {
      const chainId = await rpcCall(client.getChainId());
      const signature = ed25519.sign(networkKeyMessage(chainId, addressFromPrivateKey(key)), secret);
      return { type: "set_network_key", networkKey: ed25519.getPublicKey(secret), signature };
    });
  },
};

async function records(client: CowboyClient): Promise<Array<Record<string, unknown>>> {
  return rpcCall(client.request<Array<Record<string, unknown>>>("cowboy_validators"));
}

const list: Command = {
  summary: "list the validators: address, status, stake, whether in the current set, votes missed in the downtime window (JSON lines with --json)",
  usage: "[--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 0, max: 0, names: "" });
    const rows = await records(clientFor(values.rpc, io));
    for (const r of rows) {
      if (values.json) out(io, r);
      else io.out(`${r.address} ${r.status ?? "active"} ${r.stake}${r.in_set === false ? "" : " in-set"}${r.missed_votes === undefined ? "" : ` missed ${r.missed_votes}`}\n`);
    }
    return 0;
  },
};

const status: Command = {
  summary: "print one validator's record (status, stake, unbonding and jail heights, offences) as JSON",
  usage: "ADDR [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ADDR" });
    const address = parseAddress(positionals[0], "ADDR");
    const record = await rpcCall(clientFor(values.rpc, io).request<Record<string, unknown> | null>("cowboy_validator", [`0x${toHex(address)}`]));
    if (record === null) {
      io.err(`0x${toHex(address)} is not a validator\n`);
      return 1;
    }
    out(io, record);
    return 0;
  },
};

export const validatorCommands: CommandGroup = {
  summary: "register, stake, exit, withdraw and unjail a validator; publish its network key; list validators and show one (cips/staking.md)",
  commands: {
    register,
    stake,
    exit: simple("signal exit: the stake unbonds for the unbonding period; the validator leaves the set at the next epoch", { type: "exit_validator" }),
    withdraw: simple("after unbonding, return the stake to the signer's balance", { type: "withdraw_stake" }),
    unjail: simple("after the jail period, return a jailed validator to the set from the next epoch", { type: "unjail_validator" }),
    "set-network-key": setNetworkKey,
    list,
    status,
  },
};
