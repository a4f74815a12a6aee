// `cowboy job challenge ID --runner ADDR --evidence HEX|--evidence-file F` (issue 22; cips/runner-market.md
// "Challenges"): during a job's challenge window, accuse a runner whose reveal backs the result. The evidence is the
// canonical CBOR [output′, signature] proving the runner also stood by another output; the signer needs the 100 CBY
// bond (taken only when the evidence proves nothing). Prints the transaction and whether the challenge was upheld.
import { readFileSync } from "node:fs";
import { fromHex, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { type Instruction, receiptStatusName } from "@cowboy/types";
import { parseCommandArgs, type Command } from "../command.js";
import { usageError } from "../errors.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";

const HEX = /^(?:0x)?((?:[0-9a-fA-F]{2})+)$/;

function evidenceBytes(hex: string | undefined, file: string | undefined): Uint8Array {
  if ((hex === undefined) === (file === undefined)) throw usageError("give the evidence as --evidence HEX or --evidence-file F (one of them)");
  const text = hex ?? readFileSync(file!, "utf8").trim();
  const m = HEX.exec(text);
  if (m === null) throw usageError("the evidence must be hex (the canonical CBOR [output, signature])");
  return fromHex(m[1]!.toLowerCase());
}

export const challenge: Command = {
  summary: "challenge a runner's result during the job's window with evidence it stood by another output (100 CBY bond)",
  usage: "ID --runner ADDR (--evidence HEX | --evidence-file F) [--key HEX32 | --from NAME] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, runner: { type: "string" }, evidence: { type: "string" }, "evidence-file": { type: "string" } },
      { min: 1, max: 1, names: "ID" },
    );
    const id = positionals[0]!;
    if (!/^0x[0-9a-fA-F]{64}$/.test(id)) throw usageError("ID must be a 0x-prefixed 32-byte job id");
    const runner = parseAddress(values.runner, "--runner");
    const evidence = evidenceBytes(values.evidence, values["evidence-file"]);
    const key = await signerKey(values, io);
    const instruction: Instruction = { type: "job_challenge", jobId: fromHex(id.slice(2).toLowerCase()), runner, evidence };
    const client = clientFor(values.rpc, io);
    const limits = instructionIntrinsicCosts(instruction);
    const tx = await rpcCall(client.sendTransaction({ privateKey: key, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n }));
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const status = receiptStatusName(receipt.status);
    const ok = status === "success";
    const outcome = ok ? (receipt.return_data[0] === 1 ? "upheld" : "rejected") : undefined;
    const error = ok ? undefined : new TextDecoder().decode(receipt.return_data);
    const hash = `0x${toHex(tx.digest())}`;
    if (values.json)
      io.out(`${JSON.stringify({ hash, status, height: receipt.height.toString(), ...(outcome === undefined ? {} : { outcome }), ...(error === undefined ? {} : { error }) })}\n`);
    else io.out(`${hash}\n${outcome ?? status}\n`);
    if (error !== undefined) io.err(`${error}\n`);
    return ok ? 0 : 1;
  },
};
