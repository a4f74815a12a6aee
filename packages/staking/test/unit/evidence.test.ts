// Double-vote evidence (cips/staking.md "Evidence"): real BLS votes in the consensus signing domains,
// verified against the offender's registered key; slash 1% + jail once per offence.
import { nobleBls } from "@cowboy/crypto";
import { notarizeMessage } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { createStakingConfig, getSupply, getValidator, reportDoubleVote, ValidatorStatus, voteMessage, VoteKind, type DoubleVoteEvidence } from "../../src/index.js";
import { addr, context, genesisWith, poolKey, SMALL, stakingCode } from "../utils/fixture.js";

const CHAIN = 1337n;
const OFFENDER = addr(0x0a);
const HONEST = addr(0x0b);
const REPORTER = addr(0x0c);
const TREASURY = addr(0x08);
const digest = (b: number) => new Uint8Array(32).fill(b);

function vote(kind: VoteKind, who: number, epoch: bigint, view: bigint, parent: bigint, payload: Uint8Array) {
  const message = voteMessage(CHAIN, kind, { round: { epoch, view }, parent, payload });
  return { parent, payload, signature: nobleBls.sign(message, poolKey(who).secretKey) };
}

const setup = (config = SMALL) => genesisWith([OFFENDER, HONEST], 10_000n, config);

const evidence = (kind: VoteKind, a = vote(kind, 0, 0n, 5n, 4n, digest(1)), b = vote(kind, 0, 0n, 5n, 4n, digest(2))): DoubleVoteEvidence => ({
  offender: OFFENDER,
  kind: BigInt(kind),
  epoch: 0n,
  view: 5n,
  a,
  b,
});

const code = stakingCode;

describe("report_double_vote", () => {
  it("uses the consensus notarize signing domain", () => {
    const p = { round: { epoch: 2n, view: 9n }, parent: 8n, payload: digest(7) };
    expect(voteMessage(CHAIN, VoteKind.Notarize, p)).toEqual(notarizeMessage(CHAIN, p));
  });

  it("slashes 1% (burned at genesis) and jails for two notarize votes (two proposals) in one view", () => {
    const { fork, accounts } = setup();
    const out = reportDoubleVote(context(fork, accounts, 12n), CHAIN, evidence(VoteKind.Notarize), REPORTER, TREASURY);
    expect(out.slashed).toBe(100n);
    expect(out.burned).toBe(100n);
    expect(out.toSubmitter).toBe(0n);
    const r = getValidator(fork, OFFENDER)!;
    expect(r.stake).toBe(9_900n);
    expect(r.status).toBe(ValidatorStatus.Jailed);
    expect(r.jailedUntil).toBe(12n + SMALL.jailPeriod);
    expect(getSupply(fork)!.burned).toBe(100n);
    expect(accounts.balanceOf(REPORTER)).toBe(0n);
    // The same offence again is refused; the honest validator is untouched.
    expect(code(() => reportDoubleVote(context(fork, accounts, 13n), CHAIN, evidence(VoteKind.Notarize), REPORTER, TREASURY))).toBe("EVIDENCE_ALREADY_USED");
    expect(getValidator(fork, HONEST)!.stake).toBe(10_000n);
  });

  it("also punishes two finalize votes, and pays the submitter its share when the distribution says so", () => {
    const config = createStakingConfig({ ...SMALL, slashDistribution: { burnBps: 5_000n, submitterBps: 3_000n, treasuryBps: 2_000n } });
    const { fork, accounts } = setup(config);
    const out = reportDoubleVote(
      context(fork, accounts, 3n, config),
      CHAIN,
      evidence(VoteKind.Finalize, vote(1, 0, 0n, 5n, 3n, digest(1)), vote(1, 0, 0n, 5n, 4n, digest(1))),
      REPORTER,
      TREASURY,
    );
    expect([out.burned, out.toSubmitter, out.toTreasury]).toEqual([50n, 30n, 20n]);
    expect(accounts.balanceOf(REPORTER)).toBe(30n);
    expect(accounts.balanceOf(TREASURY)).toBe(20n);
  });

  it("refuses evidence that proves nothing, and changes nothing", () => {
    const { fork, accounts } = setup();
    const ctx = context(fork, accounts, 12n);
    const same = vote(VoteKind.Notarize, 0, 0n, 5n, 4n, digest(1));
    expect(code(() => reportDoubleVote(ctx, CHAIN, evidence(VoteKind.Notarize, same, same), REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    // Signed by someone else's key.
    const forged = evidence(VoteKind.Notarize, vote(0, 0, 0n, 5n, 4n, digest(1)), vote(0, 1, 0n, 5n, 4n, digest(2)));
    expect(code(() => reportDoubleVote(ctx, CHAIN, forged, REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    // A different view than the one signed, a finalize signature offered as notarize, another chain.
    expect(code(() => reportDoubleVote(ctx, CHAIN, { ...evidence(VoteKind.Notarize), view: 6n }, REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    expect(code(() => reportDoubleVote(ctx, CHAIN, { ...evidence(VoteKind.Finalize), kind: 0n }, REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    expect(code(() => reportDoubleVote(ctx, CHAIN + 1n, evidence(VoteKind.Notarize), REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    expect(code(() => reportDoubleVote(ctx, CHAIN, { ...evidence(VoteKind.Notarize), kind: 2n }, REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    expect(code(() => reportDoubleVote(ctx, CHAIN, { ...evidence(VoteKind.Notarize), offender: REPORTER }, REPORTER, TREASURY))).toBe("NOT_A_VALIDATOR");
    const bad = evidence(VoteKind.Notarize);
    expect(code(() => reportDoubleVote(ctx, CHAIN, { ...bad, a: { ...bad.a, signature: new Uint8Array(96).fill(0xff) } }, REPORTER, TREASURY))).toBe("INVALID_EVIDENCE");
    expect(getValidator(fork, OFFENDER)!.stake).toBe(10_000n);
    expect(getValidator(fork, OFFENDER)!.status).toBe(ValidatorStatus.Active);
  });
});
