// The node's evidence reporter (cips/staking.md "Evidence", "Invalid proposals"): a refused proposal whose
// header proves its own defect becomes one report_invalid_proposal the chain accepts; a refused block with a
// sound header (refused for its execution) or bytes that are not a block become nothing.
import { nobleBls } from "@cowboy/crypto";
import type { Equivocation, RefusedProposal } from "@cowboy/consensus";
import { checkInvalidProposal } from "@cowboy/staking";
import { decodeHeader, encodeBlock, headerHash, notarizeMessage, type Header, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { EvidenceReporter, MAX_REMEMBERED_REPORTS } from "../../src/validator/evidenceReporter.js";

const CHAIN = 99n;
const secretKey = new Uint8Array(32).fill(3);
const publicKey = nobleBls.getPublicKey(secretKey);
const leader = new Uint8Array(20).fill(0x0a);

/** A child of genesis in view 1, as an honest leader builds it, then `edit`ed; refused with the leader's real signature. */
function refused(edit: (h: Header) => Header): RefusedProposal {
  const header = edit({
    parent_hash: new Uint8Array(32).fill(1),
    height: 1n,
    round: 1n,
    proposer: leader,
    timestamp_ms: 1_000n,
    state_root: new Uint8Array(32),
    transactions_root: new Uint8Array(32),
    receipts_root: new Uint8Array(32),
    cycle_basefee: 1n,
    cell_basefee: 1n,
    lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 0n },
    cycles_used: 0n,
    cells_used: 0n,
    certificate: new Uint8Array(0),
    beacon: new Uint8Array(0),
  });
  const round = { epoch: 0n, view: 1n };
  const signature = nobleBls.sign(notarizeMessage(CHAIN, { round, parent: 0n, payload: headerHash(header) }), secretKey);
  return { round, parent: 0n, payload: encodeBlock({ header, transactions: [] }), signature, leader: 2, address: leader, blsPublicKey: publicKey };
}

function reporter() {
  const submitted: Instruction[] = [];
  const lines: string[] = [];
  const r = new EvidenceReporter({ chainId: CHAIN, logger: createLogger({ level: "warn", format: "json", write: (l) => lines.push(l) }), submit: (i) => submitted.push(i) });
  return { r, submitted, lines };
}

describe("EvidenceReporter.reportProposal", () => {
  it("submits one report_invalid_proposal the chain's check accepts for a header with a provable defect", () => {
    const { r, submitted, lines } = reporter();
    const p = refused((h) => ({ ...h, round: 2n }));
    r.reportProposal(p);
    r.reportProposal(p);
    expect(submitted.length).toBe(1);
    const ins = submitted[0] as Extract<Instruction, { type: "report_invalid_proposal" }>;
    expect(ins.type).toBe("report_invalid_proposal");
    expect([ins.offender, ins.epoch, ins.view, ins.parent, ins.signature]).toEqual([leader, 0n, 1n, 0n, p.signature]);
    expect(decodeHeader(ins.header).round).toBe(2n);
    expect(checkInvalidProposal(CHAIN, ins, publicKey)).toBe("round: the header says 2, the leader signed view 1");
    expect(lines.join("\n")).toContain("invalid proposal reported");
  });

  it("submits nothing for a sound header or bytes that are not a block", () => {
    const { r, submitted } = reporter();
    r.reportProposal(refused((h) => h));
    r.reportProposal({ ...refused((h) => ({ ...h, round: 2n })), payload: Uint8Array.of(1, 2, 3) });
    // Another key's signature: the header is not this leader's proposal.
    r.reportProposal({ ...refused((h) => ({ ...h, round: 2n })), blsPublicKey: nobleBls.getPublicKey(new Uint8Array(32).fill(4)) });
    expect(submitted).toEqual([]);
  });
});

describe("EvidenceReporter.report", () => {
  it("submits each double vote once, remembering at most MAX_REMEMBERED_REPORTS offences (the oldest forgotten)", () => {
    const { r, submitted } = reporter();
    const vote = { parent: 0n, payload: new Uint8Array(32), signature: new Uint8Array(96) };
    const double = (view: bigint): Equivocation =>
      ({ address: leader, kind: "notarize", round: { epoch: 0n, view }, a: vote, b: { ...vote, payload: new Uint8Array(32).fill(1) } }) as Equivocation;
    for (let v = 1n; v <= BigInt(MAX_REMEMBERED_REPORTS) + 1n; v++) r.report(double(v));
    expect(submitted.length).toBe(MAX_REMEMBERED_REPORTS + 1);
    r.report(double(BigInt(MAX_REMEMBERED_REPORTS) + 1n)); // remembered: not again
    expect(submitted.length).toBe(MAX_REMEMBERED_REPORTS + 1);
    r.report(double(1n)); // the oldest was forgotten: submitted again (the chain refuses it as EVIDENCE_ALREADY_USED)
    expect(submitted.length).toBe(MAX_REMEMBERED_REPORTS + 2);
    expect((submitted.at(-1) as Extract<Instruction, { type: "report_double_vote" }>).view).toBe(1n);
  });
});
