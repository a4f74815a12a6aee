// The consensus hand-over (cips/staking.md "Group keys and the consensus hand-over"): a matching ok key
// switches the set; a missing, failed or mismatched key keeps the previous consensus set.
import { describe, expect, it } from "vitest";
import { applyStakingGenesis, consensusSetFor, GroupKeyOutcome, processEpochBoundary, putEpochGroupKey, register, type EpochGroupKey } from "../../src/index.js";
import { addr, context, MapAccounts, newFork, poolKey, SMALL } from "../utils/fixture.js";

const A = addr(0x0a);
const B = addr(0x0b);
const C = addr(0x0c);

function genesis() {
  const fork = newFork();
  const accounts = new MapAccounts();
  accounts.credit(C, 1_000n);
  applyStakingGenesis(
    fork,
    SMALL,
    [
      { address: B, blsPublicKey: poolKey(1).publicKey, proofOfPossession: poolKey(1).pop, stake: 200n },
      { address: A, blsPublicKey: poolKey(0).publicKey, proofOfPossession: poolKey(0).pop, stake: 100n },
    ],
    { threshold: 2n, commitments: [poolKey(5).publicKey, poolKey(6).publicKey], members: [B, A] },
  );
  return { fork, accounts };
}

const key = (epoch: bigint, members: Uint8Array[], outcome: GroupKeyOutcome = GroupKeyOutcome.Ok): EpochGroupKey => ({
  epoch,
  outcome,
  threshold: 2n,
  commitments: [poolKey(7).publicKey, poolKey(8).publicKey],
  members,
  dealings: BigInt(members.length),
});

describe("consensusSetFor", () => {
  it("epoch 0 runs on the genesis key in its share order, with the snapshot's stakes", () => {
    const { fork } = genesis();
    const s = consensusSetFor(fork, SMALL, 0n)!;
    expect(s.status).toBe("ok");
    expect(s.from).toBe(0n);
    expect(s.members.map((m) => m.address[0])).toEqual([0x0b, 0x0a]);
    expect(s.members.map((m) => m.stake)).toEqual([200n, 100n]);
    expect(s.totalStake).toBe(300n);
    expect(s.key.commitments[0]).toEqual(poolKey(5).publicKey);
  });

  it("without a reshare the previous set continues and the status says missing", () => {
    const { fork, accounts } = genesis();
    register(context(fork, accounts, 3n), { address: C, blsPublicKey: poolKey(2).publicKey, proofOfPossession: poolKey(2).pop, amount: 150n });
    processEpochBoundary(fork, SMALL, 9n);
    const s = consensusSetFor(fork, SMALL, 1n)!;
    expect(s.status).toBe("missing");
    expect(s.from).toBe(0n);
    expect(s.members.map((m) => m.address[0])).toEqual([0x0b, 0x0a]);
  });

  it("an ok key covering the new set switches to it; failed and mismatched keys do not", () => {
    const { fork, accounts } = genesis();
    register(context(fork, accounts, 3n), { address: C, blsPublicKey: poolKey(2).publicKey, proofOfPossession: poolKey(2).pop, amount: 150n });
    putEpochGroupKey(fork, key(1n, [C, A, B]));
    processEpochBoundary(fork, SMALL, 9n);
    const one = consensusSetFor(fork, SMALL, 1n)!;
    expect(one.status).toBe("ok");
    expect(one.from).toBe(1n);
    expect(one.members.map((m) => m.address[0])).toEqual([0x0c, 0x0a, 0x0b]);
    expect(one.totalStake).toBe(450n);

    putEpochGroupKey(fork, key(2n, [C, A, B], GroupKeyOutcome.Failed));
    processEpochBoundary(fork, SMALL, 19n);
    const two = consensusSetFor(fork, SMALL, 2n)!;
    expect([two.status, two.from]).toEqual(["failed", 1n]);

    putEpochGroupKey(fork, key(3n, [C, A]));
    processEpochBoundary(fork, SMALL, 29n);
    const three = consensusSetFor(fork, SMALL, 3n)!;
    expect([three.status, three.from]).toEqual(["mismatch", 1n]);
    expect(three.members.map((m) => m.address[0])).toEqual([0x0c, 0x0a, 0x0b]);
  });

  it("is undefined when no retained epoch has a usable key", () => {
    const fork = newFork();
    applyStakingGenesis(fork, SMALL, [{ address: A, blsPublicKey: poolKey(0).publicKey, proofOfPossession: poolKey(0).pop, stake: 100n }]);
    expect(consensusSetFor(fork, SMALL, 0n)).toBeUndefined();
    expect(consensusSetFor(fork, SMALL, 5n)).toBeUndefined();
  });
});
