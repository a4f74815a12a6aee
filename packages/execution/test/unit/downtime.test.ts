// Downtime inside the state transition (cips/staking.md "Downtime"): the certificate a block carries is
// counted by the proposer (buildBlock) and the verifier (applyBlock) alike; a validator absent from more
// than half of a window's certificates is jailed at the window's last block and left out of the next set.
import { compareBytes, encode } from "@cowboy/codec";
import { dealShares } from "@cowboy/crypto";
import { createStakingConfig, getEpochSet, getValidator, missedVotes, ValidatorStatus } from "@cowboy/staking";
import { blockCertificateCodec, signerSet } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY } from "../utils/chain.js";
import { addressOf, params as defaultParams, testBlsKey } from "../utils/helpers.js";

// Epochs of 8 blocks, downtime windows of 4 (jailed above 2 missed), jail 3 blocks.
const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 8n, unbondingPeriod: 16n, jailPeriod: 3n, downtimeWindow: 4n });
const params = { ...defaultParams, staking };

const bls = (i: number) => testBlsKey(0x33, i);

const members = [addressOf(2), addressOf(3)].sort(compareBytes);
const [KEPT, DOWN] = members as [Uint8Array, Uint8Array];

function certificate(signers: number[]): Uint8Array {
  return encode(blockCertificateCodec, {
    type: "finalization",
    value: {
      proposal: { round: { epoch: 0n, view: 1n }, parent: 0n, payload: new Uint8Array(32) },
      signers: signerSet(2, signers),
      signature: new Uint8Array(96),
      seed: new Uint8Array(96),
    },
  });
}

describe("downtime in the state transition", () => {
  it("counts the carried certificate's absent signers and jails at the window's end; the next set leaves it out", { timeout: 60_000 }, () => {
    const dealing = dealShares(new Uint8Array(32).fill(5), 1, 2, new Uint8Array(32).fill(6));
    const c = new ActorChain(
      params,
      {},
      members.map((address, i) => ({ address, blsPublicKey: bls(i).publicKey, proofOfPossession: bls(i).pop, stake: 2_000n * CBY })),
      undefined,
      { threshold: 1n, commitments: dealing.commitments, members },
    );
    const fork = () => c.store.fork();
    // Heights 1 and 2: DOWN (index 1) absent; height 3 (the window's last) absent again: 3 > 2 → jailed.
    c.block([], { certificate: certificate([0]) });
    c.block([], { certificate: certificate([0]) });
    expect(missedVotes(fork(), DOWN)).toBe(2n);
    expect(missedVotes(fork(), KEPT)).toBe(0n);
    c.block([], { certificate: certificate([0]) });
    expect(getValidator(fork(), DOWN)).toMatchObject({ status: ValidatorStatus.Jailed, jailedUntil: 6n, offences: 1n, stake: 2_000n * CBY });
    expect(missedVotes(fork(), DOWN)).toBe(0n);
    // Next window: both sign; no more offences.
    for (let h = 4n; h <= 7n; h++) c.block([], { certificate: certificate([0, 1]) });
    expect(getValidator(fork(), DOWN)?.offences).toBe(1n);
    expect(getValidator(fork(), KEPT)?.status).toBe(ValidatorStatus.Active);
    // Block 7 fixed epoch 1's set without the jailed validator.
    expect(getEpochSet(fork(), 1n)?.members.map((m) => m.address)).toEqual([KEPT]);
  });
});
