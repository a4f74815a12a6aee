// Invalid-proposal evidence (cips/staking.md "Invalid proposals"): a leader's own header with a defect it
// proves by itself, bound to the leader by its real notarize signature; jail without slash, once per view.
import { encodeHeader, type Header } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  checkInvalidProposal,
  getSupply,
  getValidator,
  jailLength,
  proposalDefect,
  reportInvalidProposal,
  ValidatorStatus,
  type InvalidProposalEvidence,
} from "../../src/index.js";
import { addr, context, genesisWith, poolKey, SMALL, stakingCode } from "../utils/fixture.js";
import { honestHeader, parentCertificate, proposalEvidence, type ProposalSpec } from "../utils/proposals.js";

const CHAIN = 1337n;
const LEADER = addr(0x0a);
const OTHER = addr(0x0b);
const spec = (over: Partial<ProposalSpec> = {}): ProposalSpec => ({ chainId: CHAIN, leader: LEADER, key: poolKey(0), epoch: 1n, view: 12n, parent: 11n, height: 9n, ...over });

const setup = () => genesisWith([LEADER, OTHER]);

const code = stakingCode;

const edits: ReadonlyArray<readonly [string, (h: Header) => Header, string]> = [
  ["round ≠ the signed view", (h) => ({ ...h, round: 13n }), "round"],
  ["height 1 on a parent that is not genesis", (h) => ({ ...h, height: 1n }), "height"],
  ["certificate that does not decode", (h) => ({ ...h, certificate: Uint8Array.of(7, 7) }), "certificate"],
  ["no certificate on a parent that is not genesis", (h) => ({ ...h, certificate: new Uint8Array(0) }), "certificate"],
  ["certificate of another view", (h) => ({ ...h, certificate: parentCertificate(1n, 10n) }), "certificate"],
  ["parent hash not the certified block", (h) => ({ ...h, parent_hash: new Uint8Array(32).fill(0x9b) }), "parent hash"],
  ["beacon not the parent's seed in the next view", (h) => ({ ...h, beacon: new Uint8Array(96).fill(0x5e) }), "beacon"],
];

describe("proposalDefect", () => {
  it("finds nothing in the headers an honest leader builds", () => {
    for (const s of [
      spec(),
      spec({ view: 1n, parent: 0n, height: 1n, epoch: 0n }),
      spec({ view: 5n, parent: 0n, height: 1n }),
      spec({ view: 30n, parent: 27n, height: 20n }),
      // Blocks made in manual mode (round 0) before consensus started: heights above the views.
      spec({ view: 1n, parent: 0n, height: 400n, epoch: 0n }),
      spec({ view: 3n, parent: 2n, height: 402n, epoch: 0n }),
    ]) {
      expect(proposalDefect(honestHeader(s), s.view, s.parent)).toBeUndefined();
    }
  });

  it.each(edits)("names the defect: %s", (_name, edit, prefix) => {
    expect(proposalDefect(edit(honestHeader(spec())), 12n, 11n)?.startsWith(`${prefix}`)).toBe(true);
  });

  it("checks a child of view 0: not height 0, no certificate, no beacon in view 1", () => {
    const s = spec({ view: 1n, parent: 0n, height: 1n, epoch: 0n });
    const h = honestHeader(s);
    expect(proposalDefect({ ...h, height: 0n }, 1n, 0n)).toMatch(/^height/);
    expect(proposalDefect({ ...h, certificate: parentCertificate(0n, 1n) }, 1n, 0n)).toMatch(/^certificate/);
    expect(proposalDefect({ ...h, beacon: new Uint8Array(96) }, 1n, 0n)).toMatch(/^beacon/);
    expect(proposalDefect(h, 1n, 1n)).toMatch(/^parent view/);
  });
});

describe("report_invalid_proposal", () => {
  it("jails the leader with the doubling jail period, takes no stake, and refuses the same view again", () => {
    const { fork, accounts } = setup();
    const e = proposalEvidence(spec(), (h) => ({ ...h, height: 1n }));
    const out = reportInvalidProposal(context(fork, accounts, 20n), CHAIN, e);
    expect(out.defect).toMatch(/^height: 1 cannot follow a block of view 11/);
    const r = getValidator(fork, LEADER)!;
    expect([r.status, r.stake, r.offences, r.jailedUntil]).toEqual([ValidatorStatus.Jailed, 10_000n, 1n, 20n + SMALL.jailPeriod]);
    expect(getSupply(fork)!.burned).toBe(0n);
    expect(code(() => reportInvalidProposal(context(fork, accounts, 21n), CHAIN, e))).toBe("EVIDENCE_ALREADY_USED");
    // Another view is another offence: the jail doubles.
    reportInvalidProposal(
      context(fork, accounts, 22n),
      CHAIN,
      proposalEvidence(spec({ view: 14n, parent: 13n }), (h) => ({ ...h, round: 99n })),
    );
    const again = getValidator(fork, LEADER)!;
    expect([again.offences, again.jailedUntil]).toEqual([2n, 22n + jailLength(SMALL, 2n)]);
    expect(jailLength(SMALL, 2n)).toBe(2n * SMALL.jailPeriod);
    expect(getValidator(fork, OTHER)!.status).toBe(ValidatorStatus.Active);
  });

  it("refuses evidence that proves nothing, and changes nothing", () => {
    const { fork, accounts } = setup();
    const ctx = context(fork, accounts, 20n);
    const bad = (h: Header): Header => ({ ...h, round: 13n });
    const e = proposalEvidence(spec(), bad);
    const cases: Array<[InvalidProposalEvidence, string]> = [
      // An honest header: no defect.
      [proposalEvidence(spec()), "INVALID_EVIDENCE"],
      // Signed by another validator's key, or for another view, parent, epoch or chain.
      [proposalEvidence(spec({ key: poolKey(1) }), bad), "INVALID_EVIDENCE"],
      [{ ...e, view: 13n }, "INVALID_EVIDENCE"],
      [{ ...e, parent: 10n }, "INVALID_EVIDENCE"],
      [{ ...e, epoch: 2n }, "INVALID_EVIDENCE"],
      // A header naming someone else as proposer: not the offender's own proposal.
      [proposalEvidence(spec({ leader: OTHER }), bad), "INVALID_EVIDENCE"],
      [{ ...e, header: e.header.subarray(0, 40) }, "INVALID_EVIDENCE"],
      [{ ...e, signature: new Uint8Array(96).fill(0xff) }, "INVALID_EVIDENCE"],
      [{ ...e, signature: new Uint8Array(95) }, "INVALID_EVIDENCE"],
      [{ ...e, view: 1n << 64n }, "INVALID_EVIDENCE"],
      [{ ...e, offender: addr(0x0c) }, "NOT_A_VALIDATOR"],
      [{ ...e, offender: new Uint8Array(19) }, "INVALID_ARGUMENT"],
    ];
    for (const [evidence, expected] of cases) expect(code(() => reportInvalidProposal(ctx, CHAIN, evidence))).toBe(expected);
    expect(code(() => reportInvalidProposal(ctx, CHAIN + 1n, e))).toBe("INVALID_EVIDENCE");
    const r = getValidator(fork, LEADER)!;
    expect([r.status, r.offences, r.jailedUntil]).toEqual([ValidatorStatus.Active, 0n, 0n]);
  });

  it("returns the defect and binds the header bytes exactly", () => {
    const e = proposalEvidence(spec(), (h) => ({ ...h, parent_hash: new Uint8Array(32).fill(1) }));
    expect(checkInvalidProposal(CHAIN, e, poolKey(0).publicKey)).toMatch(/^parent hash/);
    // A different header (same defect) is not what was signed.
    const other = encodeHeader({ ...honestHeader(spec()), parent_hash: new Uint8Array(32).fill(2) });
    expect(code(() => checkInvalidProposal(CHAIN, { ...e, header: other }, poolKey(0).publicKey))).toBe("INVALID_EVIDENCE");
  });
});
