// `cowboy proxy start` (issue 23, cips/cbss.md §8, "DKG"): a CBSS proxy in the foreground — registers at 0x04 if
// needed, deals in committee DKGs / reshares (and with --committee-size opens them), takes its share when a committee
// names it, serves releases on 127.0.0.1; SIGINT/SIGTERM stop it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type ProxyJson, dealCommittee, dealingCodec } from "@cowboy/cbss";
import { BLS_R } from "@cowboy/crypto";
import { encode, fromHex, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { receiptStatusName } from "@cowboy/types";
import { startProxy } from "@cowboy/proxy";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, DEFAULT_RPC, SIGNER_OPTIONS, clientFor, rpcCall, signerKey, waitQuietly } from "./chain.js";
import { parseKey } from "./keys.js";

const start: Command = {
  summary:
    "run a CBSS proxy: stake at 0x04, deal in the committee DKG (with --committee-size N: open one once N proxies are active), hold one key share (encrypted at rest), release shares sealed to the runner a job's policy allows",
  usage: "--key HEX32 --stake N[cby] [--committee-size N [--threshold T]] [--data DIR] [--port P] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        key: { type: "string" },
        stake: { type: "string" },
        data: { type: "string" },
        port: { type: "string" },
        rpc: { type: "string" },
        "committee-size": { type: "string" },
        threshold: { type: "string" },
      },
      { min: 0, max: 0, names: "" },
    );
    const count = (name: string, v: string | undefined): number | undefined => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 1024) throw usageError(`--${name} must be an integer in [1, 1024], got '${v}'`);
      return n;
    };
    const committeeSize = count("committee-size", values["committee-size"]);
    const threshold = count("threshold", values.threshold);
    if (threshold !== undefined && committeeSize === undefined) throw usageError("--threshold needs --committee-size (the size at which this proxy opens a DKG)");
    const privateKey = parseKey(values.key, io);
    if (values.stake === undefined) throw usageError("--stake N is required");
    const stake = parseAmount(values.stake, "--stake");
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be in [0, 65535], got '${values.port}'`);
    const rpc = values.rpc ?? io.env.COWBOY_RPC ?? DEFAULT_RPC;
    const dataDir = resolve(values.data ?? "cbss-proxy");
    const proxy = await startProxy({
      privateKey,
      stake,
      rpc,
      dataDir,
      port,
      ...(committeeSize === undefined ? {} : { committeeSize }),
      ...(threshold === undefined ? {} : { threshold }),
      log: (line) => io.err(`${line}\n`),
    });
    io.out(`proxy 0x${toHex(proxy.address)} listening on ${proxy.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        done();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await proxy.close();
    return 0;
  },
};

/** The group secret: read from `file` when it exists (a reshare keeps the key), else fresh and written there (0600). */
function groupSecret(file: string): Uint8Array {
  if (existsSync(file)) return fromHex(readFileSync(file, "utf8").trim());
  for (;;) {
    const s = crypto.getRandomValues(new Uint8Array(32));
    let n = 0n;
    for (const b of s) n = (n << 8n) | BigInt(b);
    if (n !== 0n && n < BLS_R) {
      writeFileSync(file, toHex(s), { mode: 0o600 });
      return s;
    }
  }
}

const deal: Command = {
  summary: "devnets: deal the group key t-of-n to every active proxy and publish the committee (signer = the configured dealer)",
  usage: "--threshold T --secret-file F [--epoch E] [--key HEX32 | --from NAME] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, threshold: { type: "string" }, "secret-file": { type: "string" }, epoch: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const t = Number(values.threshold);
    if (!Number.isInteger(t) || t < 1) throw usageError("--threshold T (a positive integer) is required");
    if (values["secret-file"] === undefined) throw usageError("--secret-file F is required: the dealt group secret is kept there so a later reshare keeps the group key");
    const key = await signerKey(values, io);
    const client = clientFor(values.rpc, io);
    const proxies = (await rpcCall(client.request<ProxyJson[]>("cowboy_listProxies"))).filter((p) => p.status === "active");
    if (proxies.length < t) throw usageError(`${proxies.length} active proxies, fewer than the threshold ${t}`);
    const current = await rpcCall(client.request<{ epoch: string } | null>("cowboy_getCbssCommittee"));
    const epoch = values.epoch === undefined ? (current === null ? 1n : BigInt(current.epoch) + 1n) : BigInt(values.epoch);
    const members = proxies.map((p) => ({ address: fromHex(p.address.slice(2)), transportKey: fromHex(p.transport_key.slice(2)) }));
    const secret = groupSecret(resolve(values["secret-file"]));
    const dealing = dealCommittee(secret, epoch, t, members, crypto.getRandomValues(new Uint8Array(32)));
    secret.fill(0);
    const instruction = { type: "cbss_publish_committee", dealing: encode(dealingCodec, dealing) } as const;
    const limits = instructionIntrinsicCosts(instruction);
    const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n }));
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const status = receiptStatusName(receipt.status);
    const result = {
      hash: `0x${toHex(tx.digest())}`,
      status,
      epoch: epoch.toString(),
      threshold: t,
      members: proxies.map((p) => p.address),
      group_key: `0x${toHex(dealing.commitments[0]!)}`,
    };
    io.out(`${JSON.stringify(result, null, values.json ? undefined : 2)}\n`);
    if (status !== "success") io.err(`${new TextDecoder().decode(receipt.return_data)}\n`);
    return status === "success" ? 0 : 1;
  },
};

export const proxyCommands: CommandGroup = { summary: "CBSS proxies (threshold secret release)", commands: { start, deal } };
