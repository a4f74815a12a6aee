import { encodeArgs, type ActorArgs } from "@cowboy/client";
import { cborFromJson, cborJsonOf, cborToJson, CodecError, encodeCbor, equalBytes, fromHex, toHex, type CborValue } from "@cowboy/codec";
import {
  actorAddress,
  actorAttributesSlot,
  actorItemSlot,
  canonicalizeSource,
  codeHash,
  isAsciiIdentifier,
  isPublicMethodName,
  receiptStatusName,
  TransactionError,
  type Transaction,
} from "@cowboy/types";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { encodeDeployManifest, KNOWN_ENTITLEMENTS, parseDeployManifest, RunnerMarketError } from "@cowboy/runner-market";
import { printTimerHistory } from "./actor-dx.js";
import { resolveTypedArgs } from "./json-args.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";
import type { CliIo } from "../io.js";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { readInputFile } from "../io.js";
import { parseAmount, parseU64 } from "../units.js";
import { simulateAndSend, SimulationRefused, type SimulationJson } from "../simulate.js";

function fixedHex(value: string | undefined, option: string, length: number): Uint8Array {
  if (value === undefined) throw usageError(`missing ${option}`);
  let bytes: Uint8Array;
  try {
    bytes = fromHex(value);
  } catch (error) {
    if (error instanceof CodecError) throw usageError(`${option} is not valid hex: ${error.message}`);
    throw error;
  }
  if (bytes.length !== length) throw usageError(`${option} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

const address: Command = {
  summary: "print an actor's code hash and address (spec §1.2), one per line",
  usage: "--creator 0xADDR --salt 0xHEX32 --code FILE.py",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { creator: { type: "string" }, salt: { type: "string" }, code: { type: "string" } }, { min: 0, max: 0, names: "" });
    const creator = fixedHex(values.creator, "--creator", 20);
    const salt = fixedHex(values.salt, "--salt", 32);
    if (values.code === undefined) throw usageError("missing --code");
    const source = await readInputFile(io, values.code);
    let canonical: Uint8Array;
    try {
      canonical = canonicalizeSource(source);
    } catch (error) {
      if (error instanceof TransactionError) throw new CliError(`${values.code}: ${error.message}`);
      throw error;
    }
    const hash = codeHash(canonical);
    io.out(`0x${toHex(hash)}\n0x${toHex(actorAddress(creator, salt, hash))}\n`);
    return 0;
  },
};

/** `[1, "a"]` → positional, `{"by": 2}` → keywords; anything else is a usage error. */
function parseArgsJson(text: string | undefined, what: string): ActorArgs | undefined {
  if (text === undefined) return undefined;
  let v: CborValue;
  try {
    v = resolveTypedArgs(cborFromJson(text), what);
  } catch (error) {
    if (error instanceof CodecError) throw usageError(`${what}: ${error.message}`);
    throw error;
  }
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === "object" && !(v instanceof Uint8Array) && !(v instanceof Map) && Object.getPrototypeOf(v) === Object.prototype)
    return v as { [k: string]: CborValue };
  throw usageError(`${what} must be a JSON array (positional arguments) or object (keyword arguments), e.g. '[1, "x"]'`);
}

const printJson = (io: CliIo, value: unknown): void => io.out(`${JSON.stringify(value)}\n`);
const decodedJson = (bytes: Uint8Array): string => cborJsonOf(bytes) ?? JSON.stringify(`0x${toHex(bytes)}`);

async function readSource(io: CliIo, file: string): Promise<Uint8Array> {
  const text = await readInputFile(io, file);
  try {
    return canonicalizeSource(text);
  } catch (error) {
    if (error instanceof TransactionError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}

/** What --json prints for a transaction the simulation refused. */
function refusedJson(io: CliIo, error: SimulationRefused): number {
  const sim = error.simulation;
  printJson(io, { status: "refused", simulated: sim.status, error: sim.error, cycles_used: sim.cycles_used, cells_used: sim.cells_used });
  return 1;
}

const SEND_DETAILS = `Before sending, the transaction is simulated on the node (cowboy_simulateTransaction, a fork of the
head): one that would fail is refused with its Python error and nothing is sent (exit 1), unless
--force. The limits and fees signed are the node's estimate for the simulated use: limits = use + 20%,
max fee per unit = the basefee after 12 full blocks + the median recent tip (--cycles N overrides
the Cycle limit, and the simulation runs with it).`;

/** `--requires net.http,llm:inherit` → the deploy manifest's bytes (validated as the chain will: known names, each once). */
export function parseRequiresFlag(text: string): Uint8Array {
  const entries = text.split(",").map((item) => {
    const [name = "", flag, ...rest] = item.trim().split(":");
    if (rest.length > 0 || (flag !== undefined && flag !== "inherit")) throw usageError(`--requires: '${item}' is not NAME or NAME:inherit`);
    return { name, inheritable: flag === "inherit" };
  });
  const manifest = encodeDeployManifest(entries);
  try {
    parseDeployManifest(manifest);
  } catch (error) {
    if (error instanceof RunnerMarketError) throw usageError(`--requires: ${error.message.replace(/^deploy manifest: requires: /, "")}`);
    throw error;
  }
  return manifest;
}

const deploy: Command = {
  summary: "deploy an actor from a Python file (simulated first); waits and prints the actor's address",
  usage: "FILE.py [--salt 0xHEX32] [--args JSON] [--requires NAME[:inherit],…] [--cycles N] [--force] [--key HEX | --from NAME | COWBOY_KEY] [--rpc URL] [--json]",
  details: `${SEND_DETAILS}

--requires sends a deploy manifest (deploy_actor_with_manifest): the entitlements every job the actor posts requires
(${KNOWN_ENTITLEMENTS.join(", ")}); NAME:inherit marks one its children inherit (cips/actors.md "Deploy manifests").`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        ...CHAIN_OPTIONS,
        ...SIGNER_OPTIONS,
        salt: { type: "string" },
        args: { type: "string" },
        requires: { type: "string" },
        cycles: { type: "string" },
        force: { type: "boolean" },
      },
      { min: 1, max: 1, names: "FILE.py" },
    );
    const code = await readSource(io, positionals[0]!);
    const salt = values.salt === undefined ? new Uint8Array(32) : fixedHex(values.salt, "--salt", 32);
    const ctorArgs = parseArgsJson(values.args, "--args");
    const cycles = parseU64(values.cycles, "--cycles");
    const manifest = values.requires === undefined ? undefined : parseRequiresFlag(values.requires);
    const key = await signerKey(values, io);
    const client = clientFor(values.rpc, io);
    const addr = actorAddress(addressFromPrivateKey(key), salt, codeHash(code));
    const ctorBytes = encodeArgs(ctorArgs);
    let tx: Transaction;
    let simulation: SimulationJson;
    try {
      ({ tx, simulation } = await simulateAndSend(client, {
        privateKey: key,
        instruction: manifest === undefined ? { type: "deploy_actor", code, salt, args: ctorBytes } : { type: "deploy_actor_with_manifest", code, salt, args: ctorBytes, manifest },
        ...(cycles === undefined ? {} : { cyclesLimit: cycles }),
        force: values.force === true,
      }));
    } catch (error) {
      if (error instanceof SimulationRefused && values.json) return refusedJson(io, error);
      throw error;
    }
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const status = receiptStatusName(receipt.status);
    const hash = `0x${toHex(tx.digest())}`;
    const address = `0x${toHex(addr)}`;
    if (status !== "success") {
      const reason = new TextDecoder().decode(receipt.return_data);
      if (values.json) printJson(io, { hash, status, error: reason, fee_paid: receipt.fee_paid.toString() });
      else io.err(`${reason}\n`);
      return 1;
    }
    if (values.json)
      printJson(io, {
        address,
        hash,
        status,
        height: receipt.height.toString(),
        cycles_used: receipt.cycles_used.toString(),
        fee_paid: receipt.fee_paid.toString(),
        max_cost: simulation.estimate.max_cost,
      });
    else io.out(`${address}\n`);
    return 0;
  },
};

const call: Command = {
  summary: "call an actor method in a transaction (simulated first); waits and prints the return value as JSON (a raising handler exits 1 with the Python exception on stderr)",
  usage: "ADDR METHOD [ARGS_JSON] [--value N|2.5cby] [--cycles N] [--force] [--key HEX | --from NAME | COWBOY_KEY] [--rpc URL] [--json]",
  details: SEND_DETAILS,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, value: { type: "string" }, cycles: { type: "string" }, force: { type: "boolean" } },
      { min: 2, max: 3, names: "ADDR METHOD [ARGS_JSON]" },
    );
    const to = parseAddress(positionals[0], "ADDR");
    const method = positionals[1]!;
    if (!isPublicMethodName(method)) throw usageError(`METHOD must be a public method name, got '${method}'`);
    const callArgs = parseArgsJson(positionals[2], "ARGS_JSON");
    const value = values.value === undefined ? 0n : parseAmount(values.value, "--value");
    const cycles = parseU64(values.cycles, "--cycles");
    const key = await signerKey(values, io);
    const client = clientFor(values.rpc, io);
    let tx: Transaction;
    let simulation: SimulationJson;
    try {
      ({ tx, simulation } = await simulateAndSend(client, {
        privateKey: key,
        instruction: { type: "call_actor", target: to, method, args: encodeArgs(callArgs), value },
        ...(cycles === undefined ? {} : { cyclesLimit: cycles }),
        force: values.force === true,
      }));
    } catch (error) {
      if (error instanceof SimulationRefused && values.json) return refusedJson(io, error);
      throw error;
    }
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const status = receiptStatusName(receipt.status);
    const hash = `0x${toHex(tx.digest())}`;
    if (status !== "success") {
      const reason = new TextDecoder().decode(receipt.return_data);
      if (values.json) printJson(io, { hash, status, error: reason, fee_paid: receipt.fee_paid.toString() });
      else io.err(`${reason}\n`);
      return 1;
    }
    const result = decodedJson(receipt.return_data);
    if (values.json)
      io.out(
        `{"hash":"${hash}","status":"${status}","cycles_used":"${receipt.cycles_used}","fee_paid":"${receipt.fee_paid}","max_cost":"${simulation.estimate.max_cost}","result":${result}}\n`,
      );
    else io.out(`${result}\n`);
    return 0;
  },
};

const query: Command = {
  summary: "run an actor method read-only at the head and print its return value as JSON (nothing is sent)",
  usage: "ADDR METHOD [ARGS_JSON] [--from ADDR] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, from: { type: "string" } }, { min: 2, max: 3, names: "ADDR METHOD [ARGS_JSON]" });
    const to = parseAddress(positionals[0], "ADDR");
    const method = positionals[1]!;
    if (!isPublicMethodName(method)) throw usageError(`METHOD must be a public method name, got '${method}'`);
    const callArgs = parseArgsJson(positionals[2], "ARGS_JSON");
    const from = values.from === undefined ? undefined : parseAddress(values.from, "--from");
    const r = await rpcCall(clientFor(values.rpc, io).queryActor({ to, method, ...(callArgs === undefined ? {} : { args: callArgs }), ...(from === undefined ? {} : { from }) }));
    if (!r.ok) {
      if (values.json) printJson(io, { ok: false, error: r.error, cycles_used: r.cyclesUsed.toString() });
      else io.err(`${r.error}\n`);
      return 1;
    }
    const result = cborToJson(r.value);
    if (values.json) io.out(`{"ok":true,"cycles_used":"${r.cyclesUsed}","result":${result}}\n`);
    else io.out(`${result}\n`);
    return 0;
  },
};

const storage: Command = {
  summary: "print an actor's storage[KEY] (KEY as JSON, e.g. '\"count\"'), or without KEY its persisted attributes",
  usage: "ADDR [KEY_JSON] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, CHAIN_OPTIONS, { min: 1, max: 2, names: "ADDR [KEY_JSON]" });
    const addr = parseAddress(positionals[0], "ADDR");
    let slot = actorAttributesSlot();
    if (positionals[1] !== undefined) {
      let key: CborValue;
      try {
        key = cborFromJson(positionals[1]);
      } catch (error) {
        // A bare word is taken as a string key: `cowboy actor storage ADDR count`.
        if (!(error instanceof CodecError) || !isAsciiIdentifier(positionals[1])) throw usageError(`KEY_JSON: ${(error as Error).message}`);
        key = positionals[1];
      }
      slot = actorItemSlot(encodeCbor(key));
    }
    const client = clientFor(values.rpc, io);
    const raw = await rpcCall(client.getStorage(addr, slot));
    const json = raw === null ? "null" : decodedJson(raw);
    if (values.json) io.out(`{"address":"0x${toHex(addr)}","slot":"0x${toHex(slot)}","value":${json}}\n`);
    else io.out(`${json}\n`);
    return raw === null && positionals[1] !== undefined ? 1 : 0;
  },
};

const timers: Command = {
  summary: "list the active timers an address owns: id, handler, next fire height, interval, per-fire limits (--history: the ended ones and why)",
  usage: "ADDR [--history] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, history: { type: "boolean" } }, { min: 1, max: 1, names: "ADDR" });
    const owner = parseAddress(positionals[0], "ADDR");
    if (values.history) return printTimerHistory(io, values.rpc, `0x${toHex(owner)}`, values.json);
    const list = await rpcCall(clientFor(values.rpc, io).getTimers(owner));
    const h = (b: Uint8Array): string => `0x${toHex(b)}`;
    if (values.json) {
      printJson(
        io,
        list.map((t) => ({
          id: h(t.id),
          owner: h(t.owner),
          target: h(t.target),
          fee_payer: h(t.feePayer),
          handler: t.handler,
          data: t.data.length === 0 ? null : (JSON.parse(decodedJson(t.data)) as unknown),
          next_fire_height: t.nextFireHeight.toString(),
          interval: t.interval.toString(),
          cycles_per_fire: t.cyclesPerFire.toString(),
          cells_per_fire: t.cellsPerFire.toString(),
          expires_at: t.expiresAt === null ? null : t.expiresAt.toString(),
          priority: t.priority,
        })),
      );
      return 0;
    }
    if (list.length === 0) {
      io.out(`no active timers owned by ${h(owner)}\n`);
      return 0;
    }
    for (const t of list) {
      const every = t.interval === 0n ? "once" : `every ${t.interval} blocks`;
      const target = equalBytes(t.target, owner) ? "" : ` on ${h(t.target)}`;
      const expiry = t.expiresAt === null ? "" : `, expires at ${t.expiresAt}`;
      io.out(`${h(t.id)}  ${t.handler}${target} at ${t.nextFireHeight} (${every}), ${t.cyclesPerFire} Cycles / ${t.cellsPerFire} Cells per fire, ${t.priority}${expiry}\n`);
    }
    return 0;
  },
};

export const actorCommands: CommandGroup = {
  summary: "deploy, call, query and inspect actors and their timers; compute actor addresses",
  commands: { deploy, call, query, storage, timers, address },
};
