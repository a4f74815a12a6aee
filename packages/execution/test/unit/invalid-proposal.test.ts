// Invalid-proposal evidence inside the state transition (cips/staking.md "Invalid proposals"): a real signed
// report_invalid_proposal in a block built by the proposer and re-applied by the verifier jails the leader
// (no slash), is refused for the same view again and for an honest header, and the leader leaves the next set.
import { compareBytes, encode } from "@cowboy/codec";
import { nobleBls } from "@cowboy/crypto";
import { createStakingConfig, getEpochSet, getSupply, getValidator, ValidatorStatus } from "@cowboy/staking";
import { blockCertificateCodec, encodeHeader, headerHash, notarizeMessage, ReceiptStatus, signerSet, type Header } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams, testBlsKey } from "../utils/helpers.js";

const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 6n, unbondingPeriod: 12n, jailPeriod: 4n });
const params = { ...defaultParams, staking };
const LIMITS = { cycles: 200_000n, cells: 10_000n };

const bls = (i: number) => testBlsKey(0x44, i);

const members = [addressOf(2), addressOf(3)].sort(compareBytes);
const [LEADER, OTHER] = members as [Uint8Array, Uint8Array];
const keys = [bls(0), bls(1)];

/** The leader's proposal for view 9 on parent view 8 as an honest leader would build it from `base`, edited, with its notarize signature. */
function proposal(base: Header, edit: (h: Header) => Header) {
  const parentHash = new Uint8Array(32).fill(0x9a);
  const seed = new Uint8Array(96).fill(0x5d);
  const certificate = encode(blockCertificateCodec, {
    type: "notarization",
    value: { proposal: { round: { epoch: 0n, view: 8n }, parent: 7n, payload: parentHash }, signers: signerSet(2, [0, 1]), signature: new Uint8Array(96), seed },
  });
  const header = edit({ ...base, parent_hash: parentHash, height: 5n, round: 9n, proposer: LEADER, certificate, beacon: seed });
  const signature = nobleBls.sign(notarizeMessage(params.chainId, { round: { epoch: 0n, view: 9n }, parent: 8n, payload: headerHash(header) }), keys[0]!.secretKey);
  return { type: "report_invalid_proposal" as const, offender: LEADER, epoch: 0n, view: 9n, parent: 8n, header: encodeHeader(header), signature };
}

describe("report_invalid_proposal in the state transition", () => {
  it("jails the leader without a slash, once per view; an honest header proves nothing; the jailed leader leaves the next set", { timeout: 60_000 }, () => {
    const c = new ActorChain(
      params,
      {},
      members.map((address, i) => ({ address, blsPublicKey: keys[i]!.publicKey, proofOfPossession: keys[i]!.pop, stake: 2_000n * CBY })),
    );
    const fork = () => c.store.fork();
    c.block([]);
    const bad = proposal(c.head, (h) => ({ ...h, round: 10n })); // round 10, the leader signed view 9
    const honest = proposal(c.head, (h) => h);
    const burnedBefore = getSupply(fork())!.burned;
    const [none, ok] = c.block([c.tx(0, honest, LIMITS), c.tx(1, bad, LIMITS)]); // height 2
    expect(none!.status).toBe(ReceiptStatus.Reverted);
    expect(text(none!.return_data)).toMatch(/^StakingError: INVALID_EVIDENCE: the header has no defect/);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    // System lane; the only burn of the block is its basefees (no stake was slashed).
    expect(c.head.lane_usage.system).toBeGreaterThan(0n);
    expect(getSupply(fork())!.burned - burnedBefore).toBe(none!.fee_burned + ok!.fee_burned);
    expect(getValidator(fork(), LEADER)).toMatchObject({ status: ValidatorStatus.Jailed, stake: 2_000n * CBY, offences: 1n, jailedUntil: 2n + 4n });
    const [again] = c.block([c.tx(1, bad, LIMITS)]); // height 3
    expect(text(again!.return_data)).toMatch(/^StakingError: EVIDENCE_ALREADY_USED: /);
    expect(getValidator(fork(), LEADER)?.offences).toBe(1n);
    expect(getValidator(fork(), OTHER)?.status).toBe(ValidatorStatus.Active);
    while (c.head.height < 5n) c.block([]);
    // Block 5 ended epoch 0: the jailed leader is out of epoch 1's set.
    expect(getEpochSet(fork(), 1n)?.members.map((m) => m.address)).toEqual([OTHER]);
  });
});
