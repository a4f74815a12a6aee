import { CodecError, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, CryptoError } from "@cowboy/crypto";
import {
  checkTransaction,
  createTransactionFromBytes,
  transactionFromJson,
  transactionToJson,
  TransactionError,
  verifyTransactionSignatures,
  type Transaction,
} from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseU64 } from "../units.js";
import { CHAIN_OPTIONS, clientFor, rpcCall } from "./chain.js";
import { formatLog, type LogJson } from "./logs.js";

/** Turns the library's typed errors into one CLI line; anything else is a bug and propagates. */
function explain(error: unknown): never {
  if (error instanceof CodecError || error instanceof TransactionError || error instanceof CryptoError) throw new CliError(error.message);
  throw error;
}

async function readJsonTransaction(io: CliIo): Promise<Transaction> {
  const text = (await io.readStdin()).trim();
  if (text === "") throw usageError("expected the transaction's JSON on stdin");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`stdin is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return transactionFromJson(json);
  } catch (error) {
    explain(error);
  }
}

function parseHexArg(value: string, what: string): Uint8Array {
  try {
    return fromHex(value.trim());
  } catch (error) {
    if (error instanceof CodecError) throw new CliError(`${what} is not valid hex: ${error.message}`);
    throw error;
  }
}

function decodeHexTransaction(hex: string): Transaction {
  const bytes = parseHexArg(hex, "HEX");
  try {
    return createTransactionFromBytes(bytes);
  } catch (error) {
    explain(error);
  }
}

function parseChainId(value: string | undefined): bigint | undefined {
  return parseU64(value, "--chain-id");
}

const encode: Command = {
  summary: "print the canonical hex encoding of a transaction given as JSON on stdin",
  usage: "< tx.json",
  async run(args, io) {
    parseCommandArgs(args, {}, { min: 0, max: 0, names: "" });
    const tx = await readJsonTransaction(io);
    io.out(`${toHex(tx.encode())}\n`);
    return 0;
  },
};

const decode: Command = {
  summary: "print the JSON form of a hex-encoded transaction (checks the encoding only)",
  usage: "HEX",
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1, names: "HEX" });
    const tx = decodeHexTransaction(positionals[0]!);
    io.out(`${JSON.stringify(transactionToJson(tx))}\n`);
    return 0;
  },
};

const hash: Command = {
  summary: "print the signing hash of a hex-encoded transaction",
  usage: "HEX",
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1, names: "HEX" });
    io.out(`${toHex(decodeHexTransaction(positionals[0]!).signingHash())}\n`);
    return 0;
  },
};

const sign: Command = {
  summary: "sign a transaction given as JSON on stdin as its `from` account; print the signed hex",
  usage: "--key HEX32 < tx.json   (or COWBOY_KEY in the environment)",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { key: { type: "string" } }, { min: 0, max: 0, names: "" });
    const keyText = values.key ?? io.env.COWBOY_KEY;
    if (keyText === undefined) throw usageError("missing --key (or COWBOY_KEY)");
    const key = parseHexArg(keyText, "--key");
    if (key.length !== 32) throw usageError(`--key must be 32 bytes, got ${key.length}`);
    const tx = await readJsonTransaction(io);
    let signer: Uint8Array;
    try {
      signer = addressFromPrivateKey(key);
    } catch (error) {
      explain(error);
    }
    if (toHex(signer) !== toHex(tx.from)) throw new CliError(`the key's address 0x${toHex(signer)} is not the transaction's from 0x${toHex(tx.from)}`);
    try {
      io.out(`${toHex(tx.sign(key).encode())}\n`);
    } catch (error) {
      explain(error);
    }
    return 0;
  },
};

const check: Command = {
  summary: "check a hex-encoded transaction against the stateless validity rules of spec §2.2",
  usage: "HEX [--chain-id N]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { "chain-id": { type: "string" } }, { min: 1, max: 1, names: "HEX" });
    const tx = decodeHexTransaction(positionals[0]!);
    const chainId = parseChainId(values["chain-id"]) ?? tx.chainId;
    const problems: string[] = checkTransaction(tx, { chainId }).map((e) => `${e.code}: ${e.message}`);
    try {
      verifyTransactionSignatures(tx);
    } catch (error) {
      if (!(error instanceof TransactionError)) throw error;
      problems.push(`${error.code}: ${error.message}`);
    }
    if (problems.length === 0) {
      io.out("valid\n");
      return 0;
    }
    for (const problem of problems) io.err(`invalid: ${problem}\n`);
    return 1;
  },
};

function txHashArg(text: string | undefined): string {
  if (text === undefined || !/^0x[0-9a-fA-F]{64}$/.test(text)) throw usageError("HASH must be a 0x-prefixed 32-byte hex hash");
  return text.toLowerCase();
}

interface TraceJson {
  readonly status: string;
  readonly error: { readonly type: string; readonly message: string; readonly traceback: ReadonlyArray<{ file: string; line: number; function: string }> } | null;
  readonly output: string;
}

/** The trace as a Python user reads it: print output, then the traceback, innermost call last. */
export function formatTrace(trace: TraceJson): string {
  let text = `status ${trace.status}\n`;
  if (trace.output !== "") {
    const lines = trace.output.endsWith("\n") ? trace.output.slice(0, -1).split("\n") : trace.output.split("\n");
    text += `output:\n${lines.map((l) => `  ${l}\n`).join("")}`;
  }
  if (trace.error !== null) {
    if (trace.error.traceback.length > 0) text += "Traceback (most recent call last):\n";
    for (const f of trace.error.traceback) text += `  File "${f.file}", line ${f.line}, in ${f.function}\n`;
    text += `${trace.error.type}: ${trace.error.message}\n`;
  }
  return text;
}

const trace: Command = {
  summary: "print the debug trace of an included transaction: its Python traceback (file, line, function) and print() output",
  usage: "HASH [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "HASH" });
    const h = txHashArg(positionals[0]);
    const t = await rpcCall(clientFor(values.rpc, io).request<TraceJson | null>("cowboy_getTrace", [h]));
    if (t === null) throw new CliError(`transaction ${h} is not included (yet): no trace`);
    io.out(values.json ? `${JSON.stringify(t)}\n` : formatTrace(t));
    return 0;
  },
};

interface ReceiptJson {
  readonly status: string;
  readonly height: string;
  readonly block_hash: string;
  readonly index: number;
  readonly cycles_used: string;
  readonly cells_used: string;
  readonly fee_paid: string;
  readonly return_data: string;
}

const receipt: Command = {
  summary: "print the receipt of an included transaction with its decoded events (exit 1 when it did not succeed)",
  usage: "HASH [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 1, names: "HASH" });
    const h = txHashArg(positionals[0]);
    const client = clientFor(values.rpc, io);
    const r = await rpcCall(client.request<ReceiptJson | null>("cowboy_getReceipt", [h]));
    if (r === null) throw new CliError(`transaction ${h} is pending`);
    const events = (await rpcCall(client.request<LogJson[]>("cowboy_getLogs", [{ fromBlock: Number(r.height), toBlock: Number(r.height) }]))).filter((l) => l.txHash === h);
    if (values.json) io.out(`${JSON.stringify({ ...r, transaction_hash: h, logs: events })}\n`);
    else {
      io.out(`status ${r.status}\nblock ${r.height} (${r.block_hash}) index ${r.index}\ncycles ${r.cycles_used}  cells ${r.cells_used}  fee ${r.fee_paid}\n`);
      if (r.status !== "success" && r.return_data !== "0x") io.out(`error ${new TextDecoder().decode(fromHex(r.return_data))}\n`);
      for (const e of events) io.out(`event ${formatLog(e)}`);
    }
    return r.status === "success" ? 0 : 1;
  },
};

export const txCommands: CommandGroup = {
  summary: "encode, decode, hash, sign and check transactions; show receipts and debug traces",
  commands: { encode, decode, hash, sign, check, trace, receipt },
};
