// `cowboy runner start|status` (issue 22; cips/runner-process.md): a runner in the foreground —
// registers if needed, then watches, acks, executes, commits and reveals its jobs, one progress line per step;
// SIGINT/SIGTERM stop it cleanly (state persists in --data and the next start resumes).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import type { LlmBackend } from "@cowboy/runner-app";
import { formatCby } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, EXIT_FAILURE, usageError } from "../errors.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, DEFAULT_RPC, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey } from "./chain.js";

// The runner app (executors, MCP SDK, lmdb) is loaded only by the commands that run one.
const runnerApp = () => import("@cowboy/runner-app");

async function provides(text: string | undefined) {
  if (text === undefined) throw usageError("--provides is required (e.g. --provides net.http,compute)");
  const { isRunnerError, parseProvides } = await runnerApp();
  try {
    return parseProvides(text);
  } catch (error) {
    if (isRunnerError(error)) throw usageError(`--provides: ${error.message}`);
    throw error;
  }
}

/** Every image in an OCI layout's index.json, by manifest digest. */
function layoutImages(dir: string | undefined): Record<string, string> | undefined {
  if (dir === undefined) return undefined;
  const path = resolve(dir);
  let index: { manifests?: { digest?: unknown }[] };
  try {
    index = JSON.parse(readFileSync(join(path, "index.json"), "utf8"));
  } catch (error) {
    throw new CliError(`--oci-layout ${path}: cannot read index.json: ${(error as Error).message}`);
  }
  return Object.fromEntries((index.manifests ?? []).filter((m) => typeof m.digest === "string").map((m) => [m.digest as string, path]));
}

/** `--rate http=0.5cby,llm=2cby` → {kind: base units}. */
export function parseRates(text: string): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const part of text.split(",").filter((p) => p.trim() !== "")) {
    const eq = part.indexOf("=");
    const kind = part.slice(0, eq).trim();
    if (eq < 0 || kind === "" || part.slice(eq + 1).trim() === "") throw usageError(`--rate: '${part}' is not KIND=AMOUNT`);
    if (out[kind] !== undefined) throw usageError(`--rate: ${kind} twice`);
    // The kind's name is checked where rate cards are encoded (@cowboy/runner-market's capabilities).
    out[kind] = parseAmount(part.slice(eq + 1).trim(), `--rate ${kind}`);
  }
  if (Object.keys(out).length === 0) throw usageError("--rate: expected KIND=AMOUNT[,KIND=AMOUNT...]");
  return out;
}

const HEX32 = /^(0x)?[0-9a-fA-F]{64}$/;

/** `--tee-key HEX32 --tee-measurement HEX32` (together, and only with tee provided) → the enclave key, or undefined. */
function teeKey(key: string | undefined, measurement: string | undefined, provided: readonly string[]): { secretKey: Uint8Array; measurement: Uint8Array } | undefined {
  if ((key === undefined) !== (measurement === undefined)) throw usageError("--tee-key and --tee-measurement go together");
  if (key === undefined || measurement === undefined) {
    if (provided.includes("tee")) throw usageError("--provides tee needs --tee-key and --tee-measurement");
    return undefined;
  }
  if (!provided.includes("tee")) throw usageError("--tee-key needs --provides to include tee");
  if (!HEX32.test(key) || !HEX32.test(measurement)) throw usageError("--tee-key and --tee-measurement are 32 bytes of hex each");
  const hex = (s: string) => fromHex(s.startsWith("0x") ? s.slice(2) : s);
  return { secretKey: hex(key), measurement: hex(measurement) };
}

const start: Command = {
  summary: "run a runner in the foreground: registers if needed, then acks, executes, commits and reveals its jobs",
  usage:
    "--key HEX32|--from NAME --stake N --provides LIST [--rpc URL] [--data DIR] [--devnet] [--max-job-value N] [--llm-model GGUF] [--llm-endpoint URL --llm-name MODEL] [--oci-layout DIR] [--proxies URL,URL,...] [--poll MS] [--rate KIND=AMOUNT,...] [--tee-key HEX32 --tee-measurement HEX32] [--test-fault tamper|no-reveal|bad-reveal|schema-violation]",
  details: [
    "LIST: entitlements provided, from compute, fs.mount, llm, mcp, net.http, oci.run, secret.read, tee.",
    "--stake and --max-job-value take base units or CBY (e.g. 10000cby); stake ≥ max(10,000 CBY, 1.5 × max job value).",
    "--devnet lets http jobs reach loopback targets (refused otherwise). --data defaults to ~/.cowboy/runner/ADDRESS.",
    'With secret.read, {"$secret": "0xOWNER/NAME"} values in job specs are released by the CBSS proxies: --proxies lists',
    "their URLs by committee position (default: the endpoints the 0x04 committee registered). The runner's transport key",
    "is generated in --data on first start (encrypted under the runner's key) and registered on chain.",
    "--rate declares the rate card: the price of one execution per job kind (e.g. --rate http=0.5cby,llm=2cby); a settled job",
    "pays min(the paid runners' rates, max_price) and the rest goes back to the poster. A usage-priced job pays the usage",
    "reported in each reveal ({KIND: 1, output.kib: started KiB of the result}) at these rates, e.g. --rate http=0.5cby,output.kib=1000.",
    "--tee-key (an Ed25519 secret key) and --tee-measurement (the enclave image's measurement) sign the attestation of",
    "deterministic jobs; they need --provides to include tee, and the chain's teeMeasurements to list the pair.",
    "--test-fault (tests only) makes the runner misbehave: tamper = commit and reveal a different output; no-reveal = never reveal;",
    "bad-reveal = reveal an output other than the one committed to (slashed); schema-violation = commit and reveal a value the",
    "job's result_schema refuses.",
  ].join("\n"),
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        ...SIGNER_OPTIONS,
        rpc: { type: "string" },
        stake: { type: "string" },
        provides: { type: "string" },
        data: { type: "string" },
        devnet: { type: "boolean" },
        "max-job-value": { type: "string" },
        endpoint: { type: "string" },
        "llm-model": { type: "string" },
        "llm-endpoint": { type: "string" },
        "llm-name": { type: "string" },
        "oci-layout": { type: "string" },
        proxies: { type: "string" },
        poll: { type: "string" },
        "test-fault": { type: "string" },
        rate: { type: "string" },
        "tee-key": { type: "string" },
        "tee-measurement": { type: "string" },
      },
      { min: 0, max: 0, names: "" },
    );
    const privateKey = await signerKey(values, io);
    if (values.stake === undefined) throw usageError("--stake N is required");
    const stake = parseAmount(values.stake, "--stake");
    const maxJobValue = values["max-job-value"] === undefined ? undefined : parseAmount(values["max-job-value"], "--max-job-value");
    const provided = await provides(values.provides);
    const { createLlamaCppBackend, createOpenAiBackend, parseProxies, startRunner, isRunnerError, RUNNER_FAULTS } = await runnerApp();
    const fault = values["test-fault"];
    const rateCard = values.rate === undefined ? undefined : parseRates(values.rate);
    if (fault !== undefined && !(RUNNER_FAULTS as readonly string[]).includes(fault)) throw usageError(`--test-fault must be one of ${RUNNER_FAULTS.join(", ")}`);
    const tee = teeKey(values["tee-key"], values["tee-measurement"], provided);
    let proxies: string[] | undefined;
    if (values.proxies !== undefined) {
      if (!provided.includes("secret.read")) throw usageError("--proxies needs --provides to include secret.read");
      try {
        proxies = parseProxies(values.proxies);
      } catch (error) {
        if (isRunnerError(error)) throw usageError(error.message);
        throw error;
      }
    }
    const pollMs = values.poll === undefined ? undefined : Number(values.poll);
    if (pollMs !== undefined && (!Number.isInteger(pollMs) || pollMs < 50 || pollMs > 60_000)) throw usageError("--poll must be an integer in [50, 60000] ms");
    if ((values["llm-endpoint"] === undefined) !== (values["llm-name"] === undefined)) throw usageError("--llm-endpoint and --llm-name go together");
    if (values["llm-endpoint"] !== undefined && values["llm-model"] !== undefined) throw usageError("give either --llm-model or --llm-endpoint, not both");
    const address = addressFromPrivateKey(privateKey);
    const dataDir = resolve(values.data ?? join(io.env.HOME ?? homedir(), ".cowboy", "runner", `0x${toHex(address)}`));
    let llm: LlmBackend | undefined;
    if (values["llm-model"] !== undefined) llm = await createLlamaCppBackend({ modelPath: resolve(values["llm-model"]) });
    else if (values["llm-endpoint"] !== undefined) llm = createOpenAiBackend({ baseUrl: values["llm-endpoint"], model: values["llm-name"]! });
    const images = layoutImages(values["oci-layout"]);
    const rpc = values.rpc ?? io.env.COWBOY_RPC ?? DEFAULT_RPC;
    io.out(`runner 0x${toHex(address)} data ${dataDir} rpc ${rpc}\n`);
    let running: Awaited<ReturnType<typeof startRunner>>;
    try {
      running = await startRunner({
        privateKey,
        rpc,
        dataDir,
        stake,
        ...(maxJobValue === undefined ? {} : { maxJobValue }),
        provides: provided,
        devnet: values.devnet === true,
        ...(values.endpoint === undefined ? {} : { endpoint: values.endpoint }),
        ...(llm === undefined ? {} : { llm }),
        ...(images === undefined ? {} : { images }),
        ...(proxies === undefined ? {} : { proxies }),
        ...(rateCard === undefined ? {} : { rateCard }),
        ...(tee === undefined ? {} : { tee }),
        ...(fault === undefined ? {} : { fault: fault as (typeof RUNNER_FAULTS)[number] }),
        ...(pollMs === undefined ? {} : { pollMs }),
        log: (line) => io.out(`${new Date().toISOString()} ${line}\n`),
      });
    } catch (error) {
      await llm?.close();
      throw new CliError(`the runner could not start: ${(error as Error).message}`);
    }
    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        done();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    io.out("stopping (state kept; the next start resumes)\n");
    await running.stop();
    return 0;
  },
};

const status: Command = {
  summary: "print a runner's on-chain record (stake, entitlements, reputation, status); ADDR or the signer's address",
  usage: "[ADDR] [--key HEX32|--from NAME] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS }, { min: 0, max: 1, names: "ADDR" });
    const address = positionals[0] !== undefined ? parseAddress(positionals[0], "ADDR") : addressFromPrivateKey(await signerKey(values, io));
    const r = await rpcCall(clientFor(values.rpc, io).request<Record<string, unknown> | null>("cowboy_getRunner", [`0x${toHex(address)}`]));
    if (r === null) {
      if (values.json) io.out("null\n");
      else io.err(`0x${toHex(address)} is not a registered runner\n`);
      return EXIT_FAILURE;
    }
    if (values.json) {
      io.out(`${JSON.stringify(r)}\n`);
      return 0;
    }
    const s = r as {
      address: string;
      status: string;
      stake: string;
      maxJobValue: string;
      provides: string[];
      jobKinds: string[];
      models: string[];
      reputation: string;
      openJobs?: string;
      jobsPaid?: string;
      jobsFailed?: string;
      slashed?: string;
    };
    io.out(
      [
        `runner ${s.address} ${s.status}`,
        `stake ${formatCby(BigInt(s.stake))} CBY  max job value ${formatCby(BigInt(s.maxJobValue))} CBY`,
        `provides ${s.provides.join(",") || "-"}  kinds ${s.jobKinds.join(",") || "-"}  models ${s.models.join(",") || "-"}`,
        `reputation ${s.reputation}  open jobs ${s.openJobs ?? "?"}  paid ${s.jobsPaid ?? "?"}  failed ${s.jobsFailed ?? "?"}  slashed ${s.slashed ?? "0"}`,
      ].join("\n") + "\n",
    );
    return 0;
  },
};

export const runnerCommands: CommandGroup = { summary: "off-chain compute runners (the runner market)", commands: { start, status } };
