// The validator set's reshare on chain (cips/staking.md "Reshare"): holders of epoch 0's key deal to
// epoch 1's set (one more validator) in the window, a cheating dealer is disqualified by its victim's
// complaint, and at the boundary the recorded key is the old group key; any t of the new shares sign
// the beacon's seed message under it. Failures carry the old key with the reason.
import { toHex } from "@cowboy/codec";
import {
  type Dealing,
  combineCommitments,
  combineShare,
  createDealing,
  dealShares,
  encodeComplaint,
  encodeDealing,
  nobleBls,
  openShare,
  partialSign,
  recoverSignature,
  sharePublicKey,
  type SecretShare,
} from "@cowboy/crypto";
import { seedMessage } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  GroupKeyOutcome,
  applyStakingGenesis,
  committeeThreshold,
  createStakingConfig,
  epochGroupKey,
  reshareFailure,
  getReshareTarget,
  processEpochBoundary,
  processReshare,
  putEpochGroupKey,
  register,
  reshareContext,
  submitComplaint,
  openEpochShare,
  submitDealing,
  type ReshareContext,
} from "../../src/index.js";
import { MapAccounts, addr, newFork, poolKey } from "../utils/fixture.js";

const CHAIN = 7n;
// Epochs of 10 blocks; the window is the last 4 (heights 6–9 for epoch 1's key).
const CONFIG = createStakingConfig({ minimumValidatorStake: 100n, epochLength: 10n, unbondingPeriod: 25n, jailPeriod: 7n, epochSetRetention: 2n, reshareWindow: 4n });
const GENESIS_SECRET = new Uint8Array(32).fill(0x21);

function setup(options: { genesisKey: boolean }) {
  const fork = newFork();
  const accounts = new MapAccounts();
  applyStakingGenesis(
    fork,
    CONFIG,
    [1, 2, 3, 4].map((i) => ({ address: addr(i), blsPublicKey: poolKey(i).publicKey, proofOfPossession: poolKey(i).pop, stake: 100n })),
  );
  const old = dealShares(GENESIS_SECRET, 3, 4, new Uint8Array(32).fill(0x22));
  if (options.genesisKey) {
    putEpochGroupKey(fork, { epoch: 0n, outcome: GroupKeyOutcome.Ok, threshold: 3n, commitments: old.commitments, members: [1, 2, 3, 4].map(addr), dealings: 0n });
  }
  // A fifth validator joins before the window: the next set has 5 members (t = 4).
  accounts.credit(addr(5), 1_000n);
  register({ state: fork, accounts, config: CONFIG, height: 2n }, { address: addr(5), blsPublicKey: poolKey(5).publicKey, proofOfPossession: poolKey(5).pop, amount: 100n });
  const at = (height: bigint): ReshareContext => ({ state: fork, config: CONFIG, height, chainId: CHAIN });
  return { fork, old, at };
}

const nextKeys = [1, 2, 3, 4, 5].map(poolKey);
const recipients = nextKeys.map((k) => k.publicKey);
const context = reshareContext(CHAIN, 1n);

function dealingBy(dealer: number, secret: Uint8Array): Dealing {
  return createDealing({ context, dealer, secret, threshold: committeeThreshold(5), recipients, seed: new Uint8Array(32).fill(dealer) });
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

function sign(shares: readonly SecretShare[], t: number, message: Uint8Array): Uint8Array {
  return recoverSignature(
    shares.map((s) => partialSign(nobleBls, s, message)),
    t,
  );
}

describe("reshare at an epoch boundary", () => {
  const { fork, old, at } = setup({ genesisKey: true });
  const dealings = old.shares.map((s) => dealingBy(s.index, s.secretKey));
  // Dealer 4 sends recipient 2 a wrong share.
  const d4 = dealings[3] as Dealing;
  dealings[3] = { ...d4, encryptedShares: d4.encryptedShares.map((e, j) => (j === 1 ? e.map((b, k) => (k === 0 ? b ^ 0x01 : b)) : e)) };

  it("refuses dealings before the window, from non-holders, twice, or of another secret", () => {
    expect(code(() => submitDealing(at(5n), addr(1), 1n, encodeDealing(dealings[0] as Dealing)))).toBe("NOT_IN_RESHARE_WINDOW");
    expect(code(() => submitDealing(at(6n), addr(1), 2n, encodeDealing(dealings[0] as Dealing)))).toBe("NOT_IN_RESHARE_WINDOW");
    expect(code(() => submitDealing(at(6n), addr(5), 1n, encodeDealing(dealings[0] as Dealing)))).toBe("NOT_A_DEALER");
    expect(code(() => submitDealing(at(6n), addr(2), 1n, encodeDealing(dealings[0] as Dealing)))).toBe("INVALID_DEALING");
    expect(code(() => submitDealing(at(6n), addr(1), 1n, encodeDealing(dealingBy(1, new Uint8Array(32).fill(5)))))).toBe("INVALID_DEALING");
    expect(code(() => submitDealing(at(6n), addr(1), 1n, new Uint8Array(9)))).toBe("INVALID_DEALING");
  });
  it("accepts each holder's dealing once and freezes the recipients", () => {
    dealings.forEach((d, i) => {
      expect(submitDealing(at(6n + BigInt(i % 2)), addr(i + 1), 1n, encodeDealing(d))).toBe(i + 1);
    });
    expect(code(() => submitDealing(at(8n), addr(1), 1n, encodeDealing(dealings[0] as Dealing)))).toBe("DEALING_EXISTS");
    expect(getReshareTarget(fork, 1n)?.map((r) => toHex(r.address))).toEqual([1, 2, 3, 4, 5].map((i) => toHex(addr(i))));
  });
  it("disqualifies the cheat on its victim's complaint, and only then", () => {
    const opened = openShare({ dealing: dealings[3] as Dealing, context, recipient: 2, secretKey: poolKey(2).secretKey });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    const bytes = encodeComplaint(opened.complaint);
    expect(code(() => submitComplaint(at(8n), addr(3), 1n, bytes))).toBe("INVALID_COMPLAINT");
    expect(submitComplaint(at(8n), addr(2), 1n, bytes)).toBe(4);
    expect(code(() => submitComplaint(at(8n), addr(2), 1n, bytes))).toBe("INVALID_COMPLAINT");
    // Recipient 2 cannot frame an honest dealer with its (true) shared point.
    const honest = openShare({
      dealing: { ...(dealings[0] as Dealing), encryptedShares: (dealings[0] as Dealing).encryptedShares.map((e) => e.map((b) => b ^ 0xff)) },
      context,
      recipient: 2,
      secretKey: poolKey(2).secretKey,
    });
    if (!honest.ok) expect(code(() => submitComplaint(at(8n), addr(2), 1n, encodeComplaint(honest.complaint)))).toBe("INVALID_COMPLAINT");
  });
  it("records the old group key for epoch 1, dealt from dealers 1–3, held by the 5 new members", () => {
    expect(processReshare(fork, CONFIG, 8n)).toBeUndefined();
    processEpochBoundary(fork, CONFIG, 9n);
    const report = processReshare(fork, CONFIG, 9n);
    expect(report?.failure).toBe("");
    const rec = epochGroupKey(fork, 1n);
    expect(rec?.outcome).toBe(GroupKeyOutcome.Ok);
    expect(toHex(rec?.commitments[0] as Uint8Array)).toBe(toHex(old.groupPublicKey));
    expect(rec?.threshold).toBe(4n);
    expect(rec?.dealings).toBe(3n);
    expect(rec?.members.length).toBe(5);
    expect(reshareFailure(fork, 1n)).toBeUndefined();
    expect(getReshareTarget(fork, 1n)).toBeUndefined();
  });
  it("any 4 of the new shares sign the seed message under the OLD key; 3 do not", () => {
    const used = dealings.slice(0, 3);
    const combined = combineCommitments({ kind: "reshare", dealings: used, required: 3 });
    const shares = nextKeys.map((k, i) => {
      const byDealer = new Map<number, bigint>();
      for (const d of used) {
        const o = openShare({ dealing: d, context, recipient: i + 1, secretKey: k.secretKey });
        if (o.ok) byDealer.set(d.dealer, o.share);
      }
      return combineShare(combined, i + 1, byDealer);
    });
    const message = seedMessage(CHAIN, { epoch: 1n, view: 3n });
    expect(nobleBls.verify(sign(shares.slice(1), 4, message), message, old.groupPublicKey)).toBe(true);
    expect(nobleBls.verify(sign([shares[0], shares[2], shares[3], shares[4]] as SecretShare[], 4, message), message, old.groupPublicKey)).toBe(true);
    expect(nobleBls.verify(sign(shares.slice(0, 3), 3, message), message, old.groupPublicKey)).toBe(false);
  });
});

describe("members derive their shares from the state", () => {
  it("openEpochShare gives each new member a share matching the record; the next boundary prunes the dealings", () => {
    const { fork, old, at } = setup({ genesisKey: true });
    for (const s of old.shares) submitDealing(at(6n), addr(s.index), 1n, encodeDealing(dealingBy(s.index, s.secretKey)));
    processEpochBoundary(fork, CONFIG, 9n);
    processReshare(fork, CONFIG, 9n);
    const rec = epochGroupKey(fork, 1n);
    const shares = nextKeys.map((k, i) => openEpochShare(fork, CHAIN, 1n, i + 1, k.secretKey));
    shares.forEach((s, i) => {
      expect(toHex(nobleBls.getPublicKey(s.secretKey))).toBe(toHex(sharePublicKey(rec?.commitments ?? [], i + 1)));
    });
    const message = seedMessage(CHAIN, { epoch: 1n, view: 9n });
    expect(nobleBls.verify(sign(shares.slice(0, 4), 4, message), message, old.groupPublicKey)).toBe(true);
    processEpochBoundary(fork, CONFIG, 19n);
    processReshare(fork, CONFIG, 19n);
    expect(() => openEpochShare(fork, CHAIN, 1n, 1, (nextKeys[0] as { secretKey: Uint8Array }).secretKey)).toThrow();
  });
});

describe("a failed reshare carries the old key", () => {
  it("with too few dealings", () => {
    const { fork, old, at } = setup({ genesisKey: true });
    for (const s of old.shares.slice(0, 2)) submitDealing(at(7n), addr(s.index), 1n, encodeDealing(dealingBy(s.index, s.secretKey)));
    processEpochBoundary(fork, CONFIG, 9n);
    const report = processReshare(fork, CONFIG, 9n);
    expect(report?.failure).toBe("2 qualified dealings, 3 needed");
    const rec = epochGroupKey(fork, 1n);
    expect(rec?.outcome).toBe(GroupKeyOutcome.Failed);
    expect(rec?.commitments.map(toHex)).toEqual(old.commitments.map(toHex));
    expect(rec?.members.map(toHex)).toEqual([1, 2, 3, 4].map((i) => toHex(addr(i))));
    expect(reshareFailure(fork, 1n)).toBe("2 qualified dealings, 3 needed");
  });
  it("when the set changed after the recipients were frozen", () => {
    const { fork, old, at } = setup({ genesisKey: true });
    const accounts = new MapAccounts();
    for (const s of old.shares) submitDealing(at(6n), addr(s.index), 1n, encodeDealing(dealingBy(s.index, s.secretKey)));
    accounts.credit(addr(6), 1_000n);
    register({ state: fork, accounts, config: CONFIG, height: 7n }, { address: addr(6), blsPublicKey: poolKey(6).publicKey, proofOfPossession: poolKey(6).pop, amount: 100n });
    processEpochBoundary(fork, CONFIG, 9n);
    expect(processReshare(fork, CONFIG, 9n)?.failure).toBe("the validator set changed after the recipients were frozen");
    expect(epochGroupKey(fork, 1n)?.outcome).toBe(GroupKeyOutcome.Failed);
  });
  it("when nobody dealt", () => {
    const { fork } = setup({ genesisKey: true });
    processEpochBoundary(fork, CONFIG, 9n);
    expect(processReshare(fork, CONFIG, 9n)?.failure).toBe("no dealing was submitted");
    expect(epochGroupKey(fork, 1n)?.outcome).toBe(GroupKeyOutcome.Failed);
  });
});

describe("fresh DKG when no key exists", () => {
  it("epoch 0's set deals fresh secrets; the new key is the sum of the constant terms", () => {
    const { fork, at } = setup({ genesisKey: false });
    const fresh = [1, 2, 3, 4].map((i) => dealingBy(i, new Uint8Array(32).fill(0x30 + i)));
    for (const [i, d] of fresh.entries()) submitDealing(at(6n), addr(i + 1), 1n, encodeDealing(d));
    processEpochBoundary(fork, CONFIG, 9n);
    const report = processReshare(fork, CONFIG, 9n);
    expect(report?.record?.outcome).toBe(GroupKeyOutcome.Ok);
    expect(toHex(report?.record?.commitments[0] as Uint8Array)).toBe(toHex(nobleBls.aggregatePublicKeys(fresh.map((d) => d.commitments[0] as Uint8Array))));
  });
});
