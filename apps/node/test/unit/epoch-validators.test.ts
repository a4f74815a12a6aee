// The consensus set the node's engine runs each epoch (cips/staking.md "The consensus switch"): the hand-over
// rule's members in share order become a @cowboy/consensus validator set whose share keys verify the new
// shares' beacon partials; a failed reshare keeps the previous set; a restart mid-epoch resumes that epoch's set.
import { toHex } from "@cowboy/codec";
import { createValidatorSet } from "@cowboy/consensus";
import { bls, blsPopProve, dealShares, ed25519, partialSign, partialVerify } from "@cowboy/crypto";
import { applyStakingGenesis, GroupKeyOutcome, networkKeyMessage, processEpochBoundary, putEpochGroupKey, register, setNetworkKey } from "@cowboy/staking";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import { DEV_VALIDATOR_STAKE } from "../../src/chain/genesis.js";
import { devnetStaking, stakingGenesisOf } from "../../src/chain/staking-genesis.js";
import { chainPeers, epochHeights, epochValidators, genesisPeers, resumeValidators } from "../../src/consensus/epochValidators.js";
import { generateValidatorSet } from "../../src/validator/keys.js";

const CHAIN_ID = 1337n;
const staking = devnetStaking(5n);
const { genesis: consensus, keys: genesisKeys } = generateValidatorSet(4, new Uint8Array(32).fill(0x21), DEV_VALIDATOR_STAKE);
const peers = genesisPeers(consensus);
const addresses = consensus.validators.map((v) => v.address);
const message = new TextEncoder().encode("round seed");

/** Block 0's staking records and epoch 0's key, then epoch 1 reshared ok in reversed share order, epoch 2 failed. */
function chainState() {
  const state = StateStore.open(new MemoryBackend()).fork();
  const { validators, groupKey } = stakingGenesisOf(consensus);
  applyStakingGenesis(state, staking, validators, groupKey);
  const reshared = dealShares(new Uint8Array(32).fill(0x11), 3, 4, new Uint8Array(32).fill(7));
  const reversed = [...addresses].reverse();
  putEpochGroupKey(state, { epoch: 1n, outcome: GroupKeyOutcome.Ok, threshold: 3n, commitments: reshared.commitments, members: reversed, dealings: 3n });
  processEpochBoundary(state, staking, 4n);
  putEpochGroupKey(state, { epoch: 2n, outcome: GroupKeyOutcome.Failed, threshold: 3n, commitments: reshared.commitments, members: reversed, dealings: 0n });
  processEpochBoundary(state, staking, 9n);
  return { state, reshared, reversed };
}

describe("epochValidators", () => {
  it("epoch 0 runs the genesis set and key, in genesis order, as createValidatorSet accepts them", () => {
    const { state } = chainState();
    const e0 = epochValidators(state, staking, CHAIN_ID, 0n, peers)!;
    expect(e0.set.status).toBe("ok");
    expect([e0.firstHeight, e0.lastHeight]).toEqual([0n, 4n]);
    const set = createValidatorSet(e0.options);
    expect(set.epoch).toBe(0n);
    expect(set.validators.map((v) => toHex(v.address))).toEqual(addresses.map(toHex));
    expect(set.validators.map((v) => v.peer)).toEqual(consensus.validators.map((v) => toHex(v.networkKey)));
    expect(toHex(set.groupPublicKey)).toBe(toHex(consensus.groupPublicKey));
    expect(set.threshold).toBe(consensus.threshold);
    expect(set.totalStake).toBe(4n * DEV_VALIDATOR_STAKE);
  });

  it("an ok reshare switches to its members' share order and key: the new shares' partials verify, the old do not", () => {
    const { state, reshared, reversed } = chainState();
    const e1 = epochValidators(state, staking, CHAIN_ID, 1n, peers)!;
    expect([e1.set.status, e1.set.from, e1.firstHeight, e1.lastHeight]).toEqual(["ok", 1n, 5n, 9n]);
    const set = createValidatorSet(e1.options);
    expect(set.validators.map((v) => toHex(v.address))).toEqual(reversed.map(toHex));
    expect(toHex(set.groupPublicKey)).toBe(toHex(reshared.groupPublicKey));
    // Validator i of the set holds share i + 1 of the new dealing: its beacon partial verifies under shareKeys[i].
    for (let i = 0; i < 4; i++) {
      const partial = partialSign(bls, reshared.shares[i]!, message);
      expect(partialVerify(bls, set.shareKeys[i]!, partial, message)).toBe(true);
      expect(partialVerify(bls, set.shareKeys[(i + 1) % 4]!, partial, message)).toBe(false);
    }
    const genesisSet = createValidatorSet(epochValidators(state, staking, CHAIN_ID, 0n, peers)!.options);
    expect(partialVerify(bls, genesisSet.shareKeys[0]!, partialSign(bls, reshared.shares[0]!, message), message)).toBe(false);
  });

  it("a failed reshare keeps the previous consensus set and key (status failed, from the epoch before)", () => {
    const { state, reshared, reversed } = chainState();
    const e2 = epochValidators(state, staking, CHAIN_ID, 2n, peers)!;
    expect([e2.set.status, e2.set.from, e2.firstHeight, e2.lastHeight]).toEqual(["failed", 1n, 10n, 14n]);
    const set = createValidatorSet(e2.options);
    expect(set.epoch).toBe(2n);
    expect(set.validators.map((v) => toHex(v.address))).toEqual(reversed.map(toHex));
    expect(toHex(set.groupPublicKey)).toBe(toHex(reshared.groupPublicKey));
  });

  it("a node restarting resumes the epoch of its next block", () => {
    const { state } = chainState();
    const at = (committed: bigint) => {
      const r = resumeValidators(state, staking, CHAIN_ID, committed, peers)!;
      return [r.options.epoch, r.set.from];
    };
    expect(at(0n)).toEqual([0n, 0n]);
    expect(at(3n)).toEqual([0n, 0n]);
    expect(at(4n)).toEqual([1n, 1n]);
    expect(at(7n)).toEqual([1n, 1n]);
    expect(at(9n)).toEqual([2n, 1n]);
    expect(epochHeights(staking, 3n)).toEqual({ firstHeight: 15n, lastHeight: 19n });
  });

  it("refuses a member whose network identity is unknown, and is undefined with no usable key", () => {
    const { state } = chainState();
    const withoutLast = (address: Uint8Array) => (toHex(address) === toHex(addresses[3]!) ? undefined : peers(address));
    expect(() => epochValidators(state, staking, CHAIN_ID, 1n, withoutLast)).toThrow(`epoch 1: no network identity is known for validator 0x${toHex(addresses[3]!)}`);
    const bare = StateStore.open(new MemoryBackend()).fork();
    applyStakingGenesis(bare, staking, stakingGenesisOf(consensus).validators);
    expect(epochValidators(bare, staking, CHAIN_ID, 0n, peers)).toBeUndefined();
  });
});

describe("chainPeers", () => {
  it("knows genesis validators from the genesis file and later ones from their published key; a genesis validator's key is not reusable", () => {
    const { state } = chainState();
    const joiners = generateValidatorSet(2, new Uint8Array(32).fill(0x55), DEV_VALIDATOR_STAKE).keys;
    const balances = new Map(joiners.map((k) => [toHex(k.address), staking.minimumValidatorStake]));
    const accounts = {
      balanceOf: (a: Uint8Array) => balances.get(toHex(a)) ?? 0n,
      debit: (a: Uint8Array, n: bigint) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) - n),
      credit: (a: Uint8Array, n: bigint) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) + n),
    };
    const ctx = { state, accounts, config: staking, height: 12n };
    for (const k of joiners)
      register(ctx, { address: k.address, blsPublicKey: k.blsPublicKey, proofOfPossession: blsPopProve(k.blsSecretKey), amount: staking.minimumValidatorStake });
    const [late, squatter] = joiners as [(typeof joiners)[0], (typeof joiners)[0]];
    expect(chainPeers(consensus, state)(late.address)).toBeUndefined();
    setNetworkKey(ctx, CHAIN_ID, late.address, late.networkKey, ed25519.sign(networkKeyMessage(CHAIN_ID, late.address), late.networkSecret));
    // The squatter publishes genesis validator 0's network key (signed with it): stored, but never used as its identity.
    const g0 = genesisKeys[0]!;
    setNetworkKey(ctx, CHAIN_ID, squatter.address, g0.networkKey, ed25519.sign(networkKeyMessage(CHAIN_ID, squatter.address), g0.networkSecret));
    const peerOf = chainPeers(consensus, state);
    expect(peerOf(late.address)).toBe(toHex(late.networkKey));
    expect(peerOf(squatter.address)).toBeUndefined();
    expect(peerOf(addresses[2]!)).toBe(toHex(consensus.validators[2]!.networkKey));
  });
});
