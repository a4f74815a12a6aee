// `cowboy rent …` (cips/rent.md; issue 25): an actor's rent standing (cowboy_getRent), prepaying it (rent_sponsor,
// any account may), saving its storage while it is live (cowboy_getActorStorage) and restoring a dormant actor
// from that file (rent_restore, or rent_restore_chunk per 64 KiB segment when it does not fit one transaction).
import { fromHex, toHex } from "@cowboy/codec";
import { decodeStoragePairs, storageStream, streamSegments } from "@cowboy/rent";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { DEFAULT_TRANSACTION_LIMITS, receiptStatusName, type Instruction } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const TX_OPTIONS = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS } as const;
const TX_USAGE = "[--key HEX32 | --from NAME|ADDR (keystore) | COWBOY_KEY] [--rpc URL] [--json]";
/** Room in a transaction beside the storage payload (signature, fees, nonce, the instruction's other fields). */
const TX_OVERHEAD = 512;

/** Signs and sends `instruction` at its intrinsic limits, waits, prints hash and status (the error on a revert). */
async function send(io: CliIo, values: Parameters<typeof signerKey>[0] & { rpc?: string; json?: boolean }, instruction: Instruction): Promise<number> {
  const key = await signerKey(values, io);
  const client = clientFor(values.rpc, io);
  const limits = instructionIntrinsicCosts(instruction);
  const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json);
  const status = receiptStatusName(receipt.status);
  const hash = `0x${toHex(tx.digest())}`;
  const error = status === "success" ? undefined : new TextDecoder().decode(receipt.return_data);
  if (values.json) io.out(`${JSON.stringify({ hash, status, height: receipt.height.toString(), ...(error === undefined ? {} : { error }) })}\n`);
  else io.out(`${hash}\n${status}\n`);
  if (error !== undefined) io.err(`${error}\n`);
  return error === undefined ? 0 : 1;
}

const status: Command = {
  summary: "an actor's rent record as JSON: status (current, overdue, warning, dormant), prepaid, debt, quota, bond, the kept root when dormant",
  usage: "ADDR [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "ADDR" });
    const address = `0x${toHex(parseAddress(positionals[0], "ADDR"))}`;
    const record = await rpcCall(clientFor(values.rpc, io).request<unknown>("cowboy_getRent", [address]));
    if (record === null) {
      io.err(`${address} has no rent record (an account, a system address, or an actor never assessed)\n`);
      return 1;
    }
    io.out(`${JSON.stringify(record)}\n`);
    return 0;
  },
};

const prepay: Command = {
  summary: "pay AMOUNT toward ADDR's rent: its debt with the catch-up fee first, the rest prepaid (anyone may sponsor any actor)",
  usage: `ADDR AMOUNT[cby] ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 2, max: 2, names: "ADDR AMOUNT" });
    const actor = parseAddress(positionals[0], "ADDR");
    const amount = parseAmount(positionals[1]!, "AMOUNT");
    if (amount === 0n) throw usageError("AMOUNT must be positive");
    return send(io, values, { type: "rent_sponsor", actor, amount });
  },
};

const save: Command = {
  summary: "write ADDR's whole storage at the head to FILE (0x hex, the rent_restore payload): keep it to restore the actor after an eviction",
  usage: "ADDR FILE [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 2, max: 2, names: "ADDR FILE" });
    const address = `0x${toHex(parseAddress(positionals[0], "ADDR"))}`;
    const payload = await rpcCall(clientFor(values.rpc, io).request<string>("cowboy_getActorStorage", [address]));
    const pairs = decodeStoragePairs(fromHex(payload.slice(2)));
    await io.createFile(positionals[1]!, `${payload}\n`);
    io.out(`${pairs.length} slots, ${(payload.length - 2) / 2} bytes written to ${positionals[1]}\n`);
    return 0;
  },
};

/** The dormant actor's record as cowboy_getRent prints it (the fields restoration reads). */
interface DormantJson {
  readonly status: string;
  readonly evicted: { readonly segments: number; readonly next_chunk: string } | null;
}

const restore: Command = {
  summary:
    "restore dormant ADDR from FILE (written by `cowboy rent save` before the eviction); the signer pays the back rent and the 10% catch-up fee. A storage set larger than one transaction goes in 64 KiB chunks (rent_restore_chunk), one transaction each; re-running resumes at the next chunk the chain expects",
  usage: `ADDR FILE ${TX_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 2, max: 2, names: "ADDR FILE" });
    const actor = parseAddress(positionals[0], "ADDR");
    const text = new TextDecoder().decode(await io.readFile(positionals[1]!)).trim();
    if (!/^0x([0-9a-f]{2})*$/.test(text)) throw usageError(`FILE must hold the 0x hex storage payload of 'cowboy rent save', got ${text.slice(0, 20)}…`);
    const storage = fromHex(text.slice(2));
    const pairs = decodeStoragePairs(storage);
    const record = await rpcCall(clientFor(values.rpc, io).request<DormantJson | null>("cowboy_getRent", [`0x${toHex(actor)}`]));
    if (record === null || record.evicted === null) {
      io.err(`0x${toHex(actor)} is not dormant (status ${record?.status ?? "none"}): nothing to restore\n`);
      return 1;
    }
    const next = BigInt(record.evicted.next_chunk);
    if (next === 0n && storage.length + TX_OVERHEAD <= DEFAULT_TRANSACTION_LIMITS.maxTxSize) return send(io, values, { type: "rent_restore", actor, storage });
    const segments = streamSegments(storageStream(pairs));
    if (segments.length !== record.evicted.segments) {
      throw usageError(`FILE's storage makes ${segments.length} segments of 64 KiB; the actor's evicted storage has ${record.evicted.segments}: it is not this actor's storage`);
    }
    if (segments.length === 1) throw usageError("the storage fits one segment but not one transaction: nothing can restore it");
    for (let i = Number(next); i < segments.length; i++) {
      if (!values.json) io.out(`chunk ${i + 1} of ${segments.length}\n`);
      const code = await send(io, values, { type: "rent_restore_chunk", actor, index: BigInt(i), data: segments[i]! });
      if (code !== 0) return code;
    }
    return 0;
  },
};

export const rentCommands: CommandGroup = {
  summary: "state rent: an actor's standing, prepaying it, saving its storage and restoring it after an eviction (cips/rent.md)",
  commands: { status, prepay, save, restore },
};
