// `cowboy secret put|rotate|revoke|list|receipts` (issue 23, cips/cbss.md §7, §13): the value is sealed here,
// on the owner's machine, to the committee's group key and the secret version's identity; only the envelope
// and the policy go on chain. list and receipts read the node's secrets namespace.
import { readFileSync } from "node:fs";
import { type CommitteeJson, type SecretJson, policyCodec, sealSecret, secretIdentity, type SecretPolicy } from "@cowboy/cbss";
import { encode, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { type Instruction, receiptStatusName } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const POLICY_OPTIONS = {
  "allow-actor": { type: "string", multiple: true },
  "job-kind": { type: "string", multiple: true },
  require: { type: "string", multiple: true },
  "max-releases": { type: "string" },
  "until-block": { type: "string" },
} as const;
const TX_OPTIONS = { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS } as const;
const SIGNER_USAGE = "[--key HEX32 | --from NAME|ADDR | COWBOY_KEY] [--rpc URL] [--json]";
const POLICY_USAGE = "[--allow-actor ADDR]… [--job-kind K]… [--require CAP]… [--max-releases N] [--until-block H]";

const uint = (v: string | undefined, name: string): bigint => {
  if (v === undefined) return 0n;
  if (!/^[0-9]+$/.test(v)) throw usageError(`${name} must be a non-negative integer, got '${v}'`);
  return BigInt(v);
};

const NAME = /^[A-Za-z0-9._-]{1,64}$/;
function secretName(positionals: string[]): string {
  const name = positionals[0]!;
  if (!NAME.test(name)) throw usageError(`NAME must be 1-64 characters of [A-Za-z0-9._-], got '${name}'`);
  return name;
}

type PolicyValues = { "allow-actor"?: string[]; "job-kind"?: string[]; require?: string[]; "max-releases"?: string; "until-block"?: string };

// parseArgs gives string[] for `multiple` options; the CLI's OptionValues type does not model that.
function policyOf(raw: unknown): SecretPolicy {
  const values = raw as PolicyValues;
  return {
    actors: (values["allow-actor"] ?? []).map((a) => parseAddress(a, "--allow-actor")),
    jobKinds: values["job-kind"] ?? [],
    runnerRequires: values.require ?? [],
    maxReleases: uint(values["max-releases"], "--max-releases"),
    untilBlock: uint(values["until-block"], "--until-block"),
  };
}

async function send(
  io: CliIo,
  values: { rpc?: string; json?: boolean } & Parameters<typeof signerKey>[0],
  key: Uint8Array,
  instruction: Instruction,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const client = clientFor(values.rpc, io);
  const limits = instructionIntrinsicCosts(instruction);
  const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n }));
  const receipt = await waitQuietly(client, tx.digest(), io, values.json);
  const status = receiptStatusName(receipt.status);
  const error = status === "success" ? undefined : new TextDecoder().decode(receipt.return_data);
  const hash = `0x${toHex(tx.digest())}`;
  if (values.json) io.out(`${JSON.stringify({ hash, status, height: receipt.height.toString(), ...extra, ...(error === undefined ? {} : { error }) })}\n`);
  else io.out(`${hash}\n${status}\n`);
  if (error !== undefined) io.err(`${error}\n`);
  return status === "success" ? 0 : 1;
}

/** Seals the value file to version `version` of NAME under the current committee's group key. */
async function seal(io: CliIo, rpc: string | undefined, owner: Uint8Array, name: string, version: number, file: string | undefined): Promise<Uint8Array> {
  if (file === undefined) throw usageError("--value-file F is required (the value is read from a file, never from the command line)");
  const client = clientFor(rpc, io);
  const committee = await rpcCall(client.request<CommitteeJson | null>("cowboy_getCbssCommittee"));
  if (committee === null) throw usageError("the chain has no CBSS committee yet: proxies must register and a committee be published first");
  const chainId = await rpcCall(client.getChainId());
  const value = new Uint8Array(readFileSync(file));
  try {
    const groupKey = committee.commitments[0]!;
    return sealSecret(Uint8Array.from(Buffer.from(groupKey.slice(2), "hex")), secretIdentity({ chainId, owner, name, version }), value);
  } finally {
    value.fill(0);
  }
}

async function getSecret(io: CliIo, rpc: string | undefined, owner: Uint8Array, name: string): Promise<SecretJson | null> {
  return rpcCall(clientFor(rpc, io).request<SecretJson | null>("cowboy_getSecret", [`0x${toHex(owner)}`, name]));
}

const put: Command = {
  summary: "seal a file's bytes to the CBSS committee and store the envelope with a release policy (version 1)",
  usage: `NAME --value-file F ${POLICY_USAGE} [--deposit N[cby]] ${SIGNER_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...TX_OPTIONS, ...POLICY_OPTIONS, "value-file": { type: "string" }, deposit: { type: "string" } },
      { min: 1, max: 1, names: "NAME" },
    );
    const name = secretName(positionals);
    const key = await signerKey(values, io);
    const owner = addressFromPrivateKey(key);
    const policy = policyOf(values);
    const envelope = await seal(io, values.rpc, owner, name, 1, values["value-file"]);
    const deposit = values.deposit === undefined ? 0n : parseAmount(values.deposit, "--deposit");
    return send(io, values, key, { type: "cbss_secret_put", name, envelope, policy: encode(policyCodec, policy), deposit }, { owner: `0x${toHex(owner)}`, name, version: 1 });
  },
};

const rotate: Command = {
  summary: "store a new version of NAME (a new value sealed to the new version's identity) with a new policy",
  usage: `NAME --value-file F ${POLICY_USAGE} ${SIGNER_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...TX_OPTIONS, ...POLICY_OPTIONS, "value-file": { type: "string" } }, { min: 1, max: 1, names: "NAME" });
    const name = secretName(positionals);
    const key = await signerKey(values, io);
    const owner = addressFromPrivateKey(key);
    const head = await getSecret(io, values.rpc, owner, name);
    if (head === null) throw usageError(`no secret ${name} for 0x${toHex(owner)}; use 'cowboy secret put'`);
    const envelope = await seal(io, values.rpc, owner, name, head.version + 1, values["value-file"]);
    return send(
      io,
      values,
      key,
      { type: "cbss_secret_rotate", name, envelope, policy: encode(policyCodec, policyOf(values)) },
      { owner: `0x${toHex(owner)}`, name, version: head.version + 1 },
    );
  },
};

const revoke: Command = {
  summary: "revoke NAME: no release from the next block on; the unspent deposit returns",
  usage: `NAME ${SIGNER_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, TX_OPTIONS, { min: 1, max: 1, names: "NAME" });
    const name = secretName(positionals);
    return send(io, values, await signerKey(values, io), { type: "cbss_secret_revoke", name });
  },
};

async function ownerOf(values: { owner?: string } & Parameters<typeof signerKey>[0], io: CliIo): Promise<Uint8Array> {
  if (values.owner !== undefined) return parseAddress(values.owner, "--owner");
  return addressFromPrivateKey(await signerKey(values, io));
}

const list: Command = {
  summary: "an owner's secrets: name, version, revoked, deposit, releases, policy (never a value)",
  usage: "[--owner ADDR | --key HEX32 | --from NAME] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...TX_OPTIONS, owner: { type: "string" } }, { min: 0, max: 0, names: "" });
    const owner = await ownerOf(values, io);
    const rows = await rpcCall(clientFor(values.rpc, io).request<SecretJson[]>("cowboy_listSecrets", [`0x${toHex(owner)}`]));
    const brief = rows.map((r) => ({
      name: r.name,
      version: r.version,
      revoked_at: r.revoked_at,
      deposit: r.deposit,
      releases: r.releases,
      value_length: r.current?.value_length,
      policy: r.current?.policy,
    }));
    io.out(`${JSON.stringify(brief, null, values.json ? undefined : 2)}\n`);
    return 0;
  },
};

const receipts: Command = {
  summary: "NAME's release receipts (the audit log): version, job, runner, proxy, heights, fee paid",
  usage: "NAME [--owner ADDR | --key HEX32 | --from NAME] [--rpc URL]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...TX_OPTIONS, owner: { type: "string" } }, { min: 1, max: 1, names: "NAME" });
    const name = secretName(positionals);
    const owner = await ownerOf(values, io);
    const rows = await rpcCall(clientFor(values.rpc, io).request<unknown[]>("cowboy_getSecretReceipts", [`0x${toHex(owner)}`, name]));
    io.out(`${JSON.stringify(rows, null, values.json ? undefined : 2)}\n`);
    return 0;
  },
};

export const secretCommands: CommandGroup = {
  summary: "CBSS secrets: sealed on your machine, released by a t-of-n proxy committee",
  commands: { put, rotate, revoke, list, receipts },
};
