// `cowboy eth` listings, oracle unbonding and the wrapped-asset bridge hooks (cips/interop.md "RPC", "Unbonding and
// slashing", "Bridge hooks"): read 0x14 over RPC, and send eth_unregister_oracle, eth_withdraw_oracle,
// eth_register_asset and eth_bridge_burn.
import { decodeCbor, fromHex, toHex } from "@cowboy/codec";
import type { Instruction } from "@cowboy/types";
import { parseCommandArgs, type Command } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const hex = (b: Uint8Array) => `0x${toHex(b)}`;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Bytes as 0x-hex, bigints as decimal strings and keys in snake case: the RPC's JSON forms. */
function plain(v: unknown): unknown {
  if (v instanceof Uint8Array) return hex(v);
  if (typeof v === "bigint") return v.toString();
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), plain(x)]));
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [snake(k), plain(x)]));
  return v;
}

function printList(io: CliIo, rows: readonly unknown[] | undefined, what: string): number {
  if (rows === undefined) {
    io.err(`error: the node does not serve ${what} (no interop namespace)\n`);
    return 1;
  }
  for (const r of rows) io.out(`${JSON.stringify(plain(r))}\n`);
  return 0;
}

function uint(text: string | undefined, name: string, dflt?: bigint): bigint {
  if (text === undefined) {
    if (dflt === undefined) throw usageError(`missing --${name}`);
    return dflt;
  }
  if (!/^[0-9]{1,19}$/.test(text)) throw usageError(`--${name} must be a non-negative integer, got '${text}'`);
  return BigInt(text);
}

/** Sends `instruction` signed by the chosen key; prints the hash, the status and the decoded return value. */
async function send(values: Record<string, unknown>, io: CliIo, instruction: Instruction): Promise<number> {
  const client = clientFor(values.rpc as string | undefined, io);
  const tx = await rpcCall(client.sendTransaction({ privateKey: await signerKey(values, io), instruction }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json as boolean | undefined);
  const ok = receipt.status === 0;
  const result = ok && receipt.return_data.length > 0 ? plain(decodeCbor(receipt.return_data)) : null;
  const reason = ok ? "" : new TextDecoder().decode(receipt.return_data);
  io.out(
    values.json
      ? `${JSON.stringify({ hash: hex(tx.digest()), status: ok ? "success" : "reverted", result, reason })}\n`
      : `${hex(tx.digest())}\n${ok ? `success${result === null ? "" : ` ${JSON.stringify(result)}`}` : `reverted: ${reason}`}\n`,
  );
  return ok ? 0 : 1;
}

const NO_POSITIONALS = { min: 0, max: 0, names: "" } as const;

export const subscriptions: Command = {
  summary: "list the live Ethereum event subscriptions at 0x14 (JSON lines), optionally one subscriber's",
  usage: "[--subscriber ADDR] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...CHAIN_OPTIONS, subscriber: { type: "string" } }, NO_POSITIONALS);
    const subscriber = values.subscriber === undefined ? undefined : parseAddress(values.subscriber, "--subscriber");
    return printList(io, await rpcCall(clientFor(values.rpc, io).listEthSubscriptions(subscriber)), "cowboy_listEthSubscriptions");
  },
};

export const subscription: Command = {
  summary: "show one Ethereum event subscription (JSON), or 'null'",
  usage: "ID [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ID" });
    const id = positionals[0]!;
    if (!/^0x[0-9a-f]{64}$/.test(id)) throw usageError("ID must be the 32-byte subscription id (0x and 64 lowercase hex digits)");
    const s = await rpcCall(clientFor(values.rpc, io).getEthSubscription(fromHex(id.slice(2))));
    if (s === undefined) return printList(io, undefined, "cowboy_getEthSubscription");
    io.out(`${JSON.stringify(plain(s))}\n`);
    return s === null ? 1 : 0;
  },
};

export const oracles: Command = {
  summary: "list the active EventListener oracles and their stakes (JSON lines)",
  usage: "[--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, NO_POSITIONALS);
    return printList(io, await rpcCall(clientFor(values.rpc, io).listEthOracles()), "cowboy_listEthOracles");
  },
};

export const unregister: Command = {
  summary: "stop being an oracle: the stake unbonds (slashable) for oracleUnbondingBlocks, then `withdraw`",
  usage: "[signer] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS }, NO_POSITIONALS);
    return send(values, io, { type: "eth_unregister_oracle" });
  },
};

export const withdraw: Command = {
  summary: "withdraw an unbonded oracle stake from 0x14",
  usage: "[signer] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS }, NO_POSITIONALS);
    return send(values, io, { type: "eth_withdraw_oracle" });
  },
};

const registerAsset: Command = {
  summary: "register a wrapped asset: a platform token minted by the oracle quorum from the bridge's Locked logs",
  usage: "--bridge ADDR --eth-token ADDR (0x00…00 for ETH) --name N --symbol S --decimals D --eth-decimals E [--from-block N] [--confirmations N] [signer] [--rpc URL] [--json]",
  async run(args, io) {
    const opts = {
      ...CHAIN_OPTIONS,
      ...SIGNER_OPTIONS,
      bridge: { type: "string" },
      "eth-token": { type: "string" },
      name: { type: "string" },
      symbol: { type: "string" },
      decimals: { type: "string" },
      "eth-decimals": { type: "string" },
      "from-block": { type: "string" },
      confirmations: { type: "string" },
    } as const;
    const { values } = parseCommandArgs(args, opts, NO_POSITIONALS);
    if (values.name === undefined || values.symbol === undefined) throw usageError("--name and --symbol are required");
    return send(values, io, {
      type: "eth_register_asset",
      bridge: parseAddress(values.bridge, "--bridge"),
      ethToken: parseAddress(values["eth-token"], "--eth-token"),
      name: values.name,
      symbol: values.symbol,
      decimals: uint(values.decimals, "decimals"),
      ethDecimals: uint(values["eth-decimals"], "eth-decimals"),
      fromBlock: uint(values["from-block"], "from-block", 0n),
      confirmations: uint(values.confirmations, "confirmations", 12n),
    });
  },
};

const burn: Command = {
  summary: "burn a wrapped asset and record an unlock request for the bridge (amount in the token's base units)",
  usage: "--token ID --amount N --eth-recipient ADDR [signer] [--rpc URL] [--json]",
  async run(args, io) {
    const opts = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, token: { type: "string" }, amount: { type: "string" }, "eth-recipient": { type: "string" } } as const;
    const { values } = parseCommandArgs(args, opts, NO_POSITIONALS);
    if (values.amount === undefined) throw usageError("missing --amount");
    return send(values, io, {
      type: "eth_bridge_burn",
      token: uint(values.token, "token"),
      amount: parseAmount(values.amount, "--amount"),
      ethRecipient: parseAddress(values["eth-recipient"], "--eth-recipient"),
    });
  },
};

const assets: Command = {
  summary: "list the wrapped assets (JSON lines)",
  usage: "[--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, CHAIN_OPTIONS, NO_POSITIONALS);
    return printList(io, await rpcCall(clientFor(values.rpc, io).listBridgeAssets()), "cowboy_listBridgeAssets");
  },
};

const unlocks: Command = {
  summary: "list the unlock requests burns recorded (JSON lines), from sequence --from",
  usage: "[--from N] [--limit N] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...CHAIN_OPTIONS, from: { type: "string" }, limit: { type: "string" } }, NO_POSITIONALS);
    const range = { from: uint(values.from, "from", 0n), ...(values.limit === undefined ? {} : { limit: uint(values.limit, "limit") }) };
    return printList(io, await rpcCall(clientFor(values.rpc, io).listUnlockRequests(range)), "cowboy_listUnlockRequests");
  },
};

export const bridgeCommands = {
  summary: "wrapped assets (§16.2): register, burn to unlock, list",
  commands: { "register-asset": registerAsset, burn, assets, unlocks },
};
