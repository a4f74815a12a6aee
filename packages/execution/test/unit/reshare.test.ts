// The reshare inside the state transition (cips/staking.md "Reshare"): signed staking_submit_dealing
// transactions in the window of epoch 0, the end-of-block step at the epoch's last block, and the
// group key of epoch 1 in the state; the new shares sign a seed message under it.
import { combineCommitments, combineShare, createDealing, decodeDealing, encodeDealing, nobleBls, openShare, partialSign, recoverSignature } from "@cowboy/crypto";
import { GroupKeyOutcome, createStakingConfig, epochGroupKey, reshareContext, reshareRun } from "@cowboy/staking";
import { ReceiptStatus, seedMessage } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams, testBlsKey } from "../utils/helpers.js";

// Epochs of 5 blocks; dealings for epoch 1 are accepted at heights 3 and 4.
const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 5n, unbondingPeriod: 10n, jailPeriod: 3n, reshareWindow: 2n });
const params = { ...defaultParams, staking };
const LIMITS = { cycles: 10_000_000n, cells: 100_000n };

const key = (i: number) => testBlsKey(0x23, i);

describe("reshare in the state transition", () => {
  it("a fresh DKG by epoch 0's validators gives epoch 1 a group key its set can sign with", { timeout: 120_000 }, () => {
    const genesis = key(9);
    const joiner = key(0);
    const c = new ActorChain(params, {}, [{ address: addressOf(3), blsPublicKey: genesis.publicKey, proofOfPossession: genesis.pop, stake: 2_000n * CBY }]);
    const [reg] = c.block([c.tx(0, { type: "register_validator", blsPublicKey: joiner.publicKey, proofOfPossession: joiner.pop, amount: 5_000n * CBY }, LIMITS)]);
    expect(reg?.status).toBe(ReceiptStatus.Success);
    c.block([]); // height 2
    const run = reshareRun(c.store.fork(), staking, 1n);
    expect(run?.kind).toBe("fresh");
    const recipients = run?.recipients ?? [];
    expect(recipients.length).toBe(2);
    const context = reshareContext(params.chainId, 1n);
    const dealing = createDealing({
      context,
      dealer: 1,
      secret: new Uint8Array(32).fill(0x44),
      threshold: 2,
      recipients: recipients.map((r) => r.blsPublicKey),
      seed: new Uint8Array(32).fill(0x45),
    });
    const bytes = encodeDealing(dealing);
    // Height 3: the window is open; the joiner holds nothing to deal.
    const [ok, refused] = c.block([
      c.tx(3, { type: "staking_submit_dealing", epoch: 1n, dealing: bytes }, LIMITS),
      c.tx(0, { type: "staking_submit_dealing", epoch: 1n, dealing: bytes }, LIMITS),
    ]);
    expect(ok?.status).toBe(ReceiptStatus.Success);
    expect(refused?.status).toBe(ReceiptStatus.Reverted);
    expect(text(refused?.return_data as Uint8Array)).toMatch(/^StakingError: NOT_A_DEALER: /);
    expect(epochGroupKey(c.store.fork(), 1n)).toBeUndefined();
    c.block([]); // height 4: the last block of epoch 0
    const record = epochGroupKey(c.store.fork(), 1n);
    expect(record?.outcome).toBe(GroupKeyOutcome.Ok);
    expect(record?.commitments[0]).toEqual(dealing.commitments[0]);
    expect(record?.members).toEqual(recipients.map((r) => r.address));
    // Each member of epoch 1 opens its share; the two sign a seed message under the recorded key.
    const combined = combineCommitments({ kind: "fresh", dealings: [decodeDealing(bytes)], required: 1 });
    const shares = recipients.map((r, i) => {
      const secretKey = r.blsPublicKey.every((b, k) => b === joiner.publicKey[k]) ? joiner.secretKey : genesis.secretKey;
      const opened = openShare({ dealing, context, recipient: i + 1, secretKey });
      if (!opened.ok) throw new Error("honest dealing drew a complaint");
      return combineShare(combined, i + 1, new Map([[1, opened.share]]));
    });
    const message = seedMessage(params.chainId, { epoch: 1n, view: 1n });
    const signature = recoverSignature(
      shares.map((s) => partialSign(nobleBls, s, message)),
      2,
    );
    expect(nobleBls.verify(signature, message, record?.commitments[0] as Uint8Array)).toBe(true);
  });
});
