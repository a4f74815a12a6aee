// Downtime (cips/staking.md "Downtime"): missed votes counted from the signer bitmaps of the certificates
// blocks carry, fixed windows, jail (no slash) above the limit at the window's last block, counts restart.
import { encode } from "@cowboy/codec";
import { dealShares } from "@cowboy/crypto";
import { blockCertificateCodec, signerSet } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { applyStakingGenesis, createStakingConfig, getValidator, missedVotes, missedVotesAll, recordDowntime, unjail, ValidatorStatus } from "../../src/index.js";
import { addr, context, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";

// Window of 10 blocks, jailed above 50%: 6 or more missed votes.
const CONFIG = createStakingConfig({ ...SMALL, downtimeWindow: 10n, downtimeMissedBps: 5_000n });
const [A, B, C, D] = [addr(1), addr(2), addr(3), addr(4)];

function setup() {
  const fork = newFork();
  const accounts = new MapAccounts();
  const dealing = dealShares(poolKey(9).secretKey, 3, 4, new Uint8Array(32).fill(7));
  applyStakingGenesis(
    fork,
    CONFIG,
    [A, B, C, D].map((address, i) => ({ address, blsPublicKey: poolKey(i).publicKey, proofOfPossession: poolKey(i).pop, stake: 1_000n })),
    { threshold: 3n, commitments: dealing.commitments, members: [A, B, C, D] },
  );
  return { fork, accounts };
}

/** A certificate (notarization) of `epoch` signed by the members at `signers` (signatures are not checked by the state transition). */
function cert(signers: number[], epoch = 0n, size = 4): Uint8Array {
  return encode(blockCertificateCodec, {
    type: "notarization",
    value: {
      proposal: { round: { epoch, view: 1n }, parent: 0n, payload: new Uint8Array(32) },
      signers: signerSet(size, signers),
      signature: new Uint8Array(96),
      seed: new Uint8Array(96),
    },
  });
}

describe("downtime", () => {
  it("counts absent signers per block and jails above 50% of the window at its last block, exactly", () => {
    const { fork, accounts } = setup();
    // Heights 1..9 carry certificates (block 0 is genesis): D misses 6 (1..6), C misses 5 (5..9).
    for (let h = 1n; h <= 8n; h++) {
      const signers = [0, 1];
      if (h > 6n) signers.push(3);
      if (h < 5n) signers.push(2);
      const report = recordDowntime(context(fork, accounts, h, CONFIG), cert(signers));
      expect(report.jailed).toEqual([]);
    }
    expect(missedVotes(fork, D)).toBe(6n);
    expect(missedVotes(fork, C)).toBe(4n);
    expect(missedVotes(fork, A)).toBe(0n);
    const last = recordDowntime(context(fork, accounts, 9n, CONFIG), cert([0, 1, 3]));
    expect(last.missed).toEqual([C]);
    expect(last.jailed).toEqual([D]);
    // C's 5 of 10 is not more than 50%; D is jailed for jailPeriod (7), no stake taken; every count restarts.
    expect(getValidator(fork, C)?.status).toBe(ValidatorStatus.Active);
    expect(getValidator(fork, D)).toMatchObject({ status: ValidatorStatus.Jailed, jailedUntil: 16n, offences: 1n, stake: 1_000n });
    expect(missedVotesAll(fork)).toEqual([]);
  });

  it("a jailed validator is not jailed again for the same absence; it unjails after its period", () => {
    const { fork, accounts } = setup();
    for (let h = 1n; h <= 9n; h++) recordDowntime(context(fork, accounts, h, CONFIG), cert([0, 1, 2]));
    expect(getValidator(fork, D)).toMatchObject({ status: ValidatorStatus.Jailed, jailedUntil: 16n, offences: 1n });
    // Still in epoch 0's consensus set (jailing takes effect at the next boundary): its misses keep counting.
    for (let h = 10n; h <= 19n; h++) recordDowntime(context(fork, accounts, h, CONFIG), cert([0, 1, 2]));
    expect(getValidator(fork, D)).toMatchObject({ status: ValidatorStatus.Jailed, offences: 1n });
    expect(unjail(context(fork, accounts, 20n, CONFIG), D).status).toBe(ValidatorStatus.Pending);
  });

  it("counts nothing for an empty, undecodable, unknown-epoch or wrong-size certificate", () => {
    const { fork, accounts } = setup();
    for (const bytes of [new Uint8Array(0), new Uint8Array([9, 9, 9]), cert([0, 1, 2], 5n), cert([0, 1, 2], 0n, 5)]) {
      expect(recordDowntime(context(fork, accounts, 3n, CONFIG), bytes)).toEqual({ missed: [], jailed: [] });
    }
    expect(missedVotesAll(fork)).toEqual([]);
    recordDowntime(context(fork, accounts, 4n, CONFIG), cert([1, 2]));
    expect(missedVotesAll(fork)).toEqual([
      { address: A, missed: 1n },
      { address: D, missed: 1n },
    ]);
  });
});
