// Slashing evidence for oracles (cips/interop.md "Unbonding and slashing"). The one fault provable on chain without
// trusting Ethereum: an oracle signed two eth_report_event transactions naming the same block hash and log index but
// different logs. A block hash fixes its logs, so no honest oracle can sign both, whatever reorgs happened (reporting
// a reorged log, or the canonical one, is not a fault). The signed transactions are the evidence, included or not.
import { equalBytes, toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { createTransactionFromBytes, type EthReportEventInstruction, verifyTransactionSignatures } from "@cowboy/types";
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import { forfeitOracle } from "./oracles.js";
import { type EthLog, ethLogId } from "./records.js";
import { type InteropStore, keys } from "./store.js";

export interface SlashOutcome {
  readonly oracle: Uint8Array;
  /** The whole stake taken. */
  readonly slashed: bigint;
  /** Paid to whoever proved the fault (slashReporterBps of the stake); the rest goes to the Treasury. */
  readonly reward: bigint;
}

const invalid = (m: string) => new InteropError("INVALID_EVIDENCE", m);

function openReport(bytes: Uint8Array, chainId: bigint, which: string): { from: Uint8Array; log: EthLog } {
  let ins: EthReportEventInstruction;
  let from: Uint8Array;
  try {
    const tx = createTransactionFromBytes(bytes);
    verifyTransactionSignatures(tx);
    if (tx.chainId !== chainId) throw invalid(`${which} is signed for chain ${tx.chainId}, not ${chainId}`);
    if (tx.instruction.type !== "eth_report_event") throw invalid(`${which} is a ${tx.instruction.type}, not an eth_report_event`);
    ins = tx.instruction;
    from = tx.from;
  } catch (error) {
    if (error instanceof InteropError) throw error;
    throw invalid(`${which} is not a validly signed transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (ins.topics.length % 32 !== 0 || ins.topics.length > 128) throw invalid(`${which}: topics must be 0 to 4 words`);
  const topics: Uint8Array[] = [];
  for (let i = 0; i < ins.topics.length; i += 32) topics.push(ins.topics.slice(i, i + 32));
  const log: EthLog = {
    contract: ins.contract,
    topics,
    data: ins.data,
    blockNumber: ins.blockNumber,
    blockHash: ins.blockHash,
    transactionHash: ins.transactionHash,
    logIndex: ins.logIndex,
  };
  return { from, log };
}

/** The oracle two signed reports convict, or an INVALID_EVIDENCE error saying why they do not. */
export function checkEquivocation(first: Uint8Array, second: Uint8Array, chainId: bigint): { oracle: Uint8Array; evidenceId: Uint8Array } {
  const a = openReport(first, chainId, "the first report");
  const b = openReport(second, chainId, "the second report");
  if (!equalBytes(a.from, b.from)) throw invalid("the two reports are signed by different oracles");
  if (!equalBytes(a.log.blockHash, b.log.blockHash) || a.log.logIndex !== b.log.logIndex)
    throw invalid("the two reports name different log positions (block hash, log index): no conflict");
  const [idA, idB] = [ethLogId(a.log), ethLogId(b.log)];
  if (equalBytes(idA, idB)) throw invalid("the two reports name the same log: no conflict");
  // The evidence's identity does not depend on the order the two are given in.
  const [lo, hi] = toHex(idA) < toHex(idB) ? [idA, idB] : [idB, idA];
  return { oracle: a.from, evidenceId: keccak256(Uint8Array.of(...a.from, ...lo, ...hi)) };
}

/** Slashes the oracle convicted by two conflicting signed reports; each conflict slashes once. */
export function slashEquivocation(store: InteropStore, first: Uint8Array, second: Uint8Array, chainId: bigint, cfg: InteropConfig): SlashOutcome {
  const { oracle, evidenceId } = checkEquivocation(first, second, chainId);
  if (store.get(keys.evidence(evidenceId)) !== undefined) throw new InteropError("EVIDENCE_USED", "this conflict was already slashed");
  const slashed = forfeitOracle(store, oracle);
  store.set(keys.evidence(evidenceId), Uint8Array.of(1));
  return { oracle, slashed, reward: (slashed * cfg.slashReporterBps) / 10_000n };
}
