import { ClientError, createClient, type CowboyClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { headerToJson, receiptStatusName } from "@cowboy/types";
import { parseCommandArgs, type Command } from "../command.js";
import { CliError, EXIT_FAILURE, EXIT_PENDING, usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { decryptKey } from "../keystore.js";
import { formatCby, parseAmount } from "../units.js";
import { keystoreFor, parseKey, readPassword } from "./keys.js";

export const DEFAULT_RPC = "http://127.0.0.1:8545";
/** Options every chain command takes. */
export const CHAIN_OPTIONS = { rpc: { type: "string" }, json: { type: "boolean" } } as const;

export function clientFor(rpc: string | undefined, io: CliIo): CowboyClient {
  const url = rpc ?? io.env.COWBOY_RPC ?? DEFAULT_RPC;
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw usageError(`--rpc must be an http(s) URL, got '${url}'`);
  return createClient({ url, timeoutMs: 15_000 });
}

/** Runs a client call, turning its failures into one CLI line. */
export async function rpcCall<T>(what: Promise<T>): Promise<T> {
  try {
    return await what;
  } catch (error) {
    if (error instanceof ClientError) {
      const hint = error.code === "NETWORK" ? " (is the devnet running? start it with: pnpm -s cowboy devnet)" : "";
      throw new CliError(`${error.message}${hint}`);
    }
    throw error;
  }
}

export function parseAddress(text: string | undefined, name: string): Uint8Array {
  if (text === undefined) throw usageError(`missing ${name}`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw usageError(`${name} must be a 0x-prefixed 20-byte hex address, got '${text}'`);
  return fromHex(text.toLowerCase());
}

/** Options naming the signing key: --key, or --from with the keystore, or COWBOY_KEY. */
export const SIGNER_OPTIONS = { key: { type: "string" }, from: { type: "string" }, keystore: { type: "string" }, "password-file": { type: "string" } } as const;

export async function signerKey(values: { key?: string; from?: string; keystore?: string; "password-file"?: string }, io: CliIo): Promise<Uint8Array> {
  if (values.from !== undefined && values.key !== undefined) throw usageError("give either --key or --from, not both");
  if (values.from === undefined) return parseKey(values.key, io);
  return decryptKey(keystoreFor(values.keystore, io).find(values.from), await readPassword(values["password-file"], io));
}

/** Waits for a receipt, with dots on a terminal and silence under --json. */
export async function waitQuietly(client: CowboyClient, hash: Uint8Array, io: CliIo, json: boolean | undefined) {
  const progress = io.isTTY === true && !json;
  if (progress) io.err(`waiting for 0x${toHex(hash)} `);
  const receipt = await rpcCall(client.waitForReceipt(hash, { onPoll: () => progress && io.err(".") }));
  if (progress) io.err("\n");
  return receipt;
}

function parseHash(text: string | undefined, name: string): Uint8Array {
  if (text === undefined || !/^0x[0-9a-fA-F]{64}$/.test(text)) throw usageError(`${name} must be a 0x-prefixed 32-byte hex hash`);
  return fromHex(text.toLowerCase());
}

const out = (io: CliIo, value: unknown): void => io.out(`${JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}\n`);

export const balance: Command = {
  summary: "print an account's balance in base units (--cby: in CBY)",
  usage: "ADDR [--cby] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, cby: { type: "boolean" } }, { min: 1, max: 1, names: "ADDR" });
    const address = parseAddress(positionals[0], "ADDR");
    const amount = await rpcCall(clientFor(values.rpc, io).getBalance(address));
    if (values.json) out(io, { address: `0x${toHex(address)}`, balance: amount.toString(), cby: formatCby(amount) });
    else io.out(`${values.cby ? formatCby(amount) : amount}\n`);
    return 0;
  },
};

export const nonce: Command = {
  summary: "print an account's next nonce",
  usage: "ADDR [--pending] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, pending: { type: "boolean" } }, { min: 1, max: 1, names: "ADDR" });
    const address = parseAddress(positionals[0], "ADDR");
    const value = await rpcCall(clientFor(values.rpc, io).getNonce(address, values.pending ? "pending" : "latest"));
    if (values.json) out(io, { address: `0x${toHex(address)}`, nonce: value.toString() });
    else io.out(`${value}\n`);
    return 0;
  },
};

export const transfer: Command = {
  summary: "send base units (or '2.5cby') to an address; waits for the receipt and prints the tx hash and status",
  usage: "--to ADDR --amount N[cby] [--key HEX32 | --from NAME|ADDR (keystore) | COWBOY_KEY] [--tip N] [--no-wait] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        ...CHAIN_OPTIONS,
        to: { type: "string" },
        amount: { type: "string" },
        ...SIGNER_OPTIONS,
        tip: { type: "string" },
        "no-wait": { type: "boolean" },
      },
      { min: 0, max: 0, names: "" },
    );
    const to = parseAddress(values.to, "--to");
    if (values.amount === undefined) throw usageError("missing --amount");
    const amount = parseAmount(values.amount, "--amount");
    const tip = values.tip === undefined ? 0n : parseAmount(values.tip, "--tip");
    const key = await signerKey(values, io);
    const client = clientFor(values.rpc, io);
    const tx = await rpcCall(client.transfer({ privateKey: key, to, amount, tip }));
    const hash = `0x${toHex(tx.digest())}`;
    if (values["no-wait"]) {
      if (values.json) out(io, { hash, status: "pending" });
      else io.out(`${hash}\npending\n`);
      return 0;
    }
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const status = receiptStatusName(receipt.status);
    if (values.json) out(io, { hash, status, height: receipt.height.toString(), fee_paid: receipt.fee_paid.toString(), from: `0x${toHex(addressFromPrivateKey(key))}` });
    else io.out(`${hash}\n${status}\n`);
    return status === "success" ? 0 : 1;
  },
};

export const block: Command = {
  summary: "print a block's header (and transaction hashes) as JSON",
  usage: "[N|latest] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 0, max: 1, names: "N" });
    const tag = positionals[0] ?? "latest";
    if (tag !== "latest" && !/^(0|[1-9][0-9]*)$/.test(tag)) throw usageError(`N must be a block height or 'latest', got '${tag}'`);
    const result = await rpcCall(clientFor(values.rpc, io).getBlock(tag === "latest" ? "latest" : BigInt(tag)));
    const json = { ...headerToJson(result.header), transactions: result.transactionHashes.map((h) => `0x${toHex(h)}`) };
    out(io, json);
    return 0;
  },
};

/** The node's error for a transaction that left its mempool without a block (apps/node README, "JSON-RPC"). */
const TRANSACTION_DROPPED = -32004;

/** A drop reason as the node reports it in the error's data. */
interface DropJson {
  readonly code: string;
  readonly message: string;
  readonly rejection?: string;
  readonly dropped_at_ms: number;
}

export const txStatus: Command = {
  summary: "print a transaction's status: pending, its receipt status and height, or dropped with the reason it left the mempool",
  usage: "HASH [--rpc URL] [--json]",
  details: "Exit status: 0 success, 1 reverted, out_of_cycles, out_of_cells or dropped, 3 still pending (2: a wrong command line).",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "HASH" });
    const hash = parseHash(positionals[0], "HASH");
    const hashHex = `0x${toHex(hash)}`;
    let receipt: Awaited<ReturnType<CowboyClient["getReceipt"]>>;
    try {
      receipt = await clientFor(values.rpc, io).getReceipt(hash);
    } catch (error) {
      if (!(error instanceof ClientError) || error.code !== TRANSACTION_DROPPED) return rpcCall(Promise.reject(error));
      const reason = error.data as DropJson;
      if (values.json) out(io, { hash: hashHex, status: "dropped", reason });
      else io.out(`dropped\nreason ${reason.code}: ${reason.message}\n`);
      return EXIT_FAILURE;
    }
    if (receipt === null) {
      if (values.json) out(io, { hash: hashHex, status: "pending" });
      else io.out("pending\n");
      return EXIT_PENDING;
    }
    const status = receiptStatusName(receipt.status);
    if (values.json)
      out(io, {
        hash: hashHex,
        status,
        height: receipt.height.toString(),
        index: receipt.index,
        cycles_used: receipt.cycles_used.toString(),
        fee_paid: receipt.fee_paid.toString(),
      });
    else io.out(`${status}\nheight ${receipt.height}\n`);
    return status === "success" ? 0 : EXIT_FAILURE;
  },
};
