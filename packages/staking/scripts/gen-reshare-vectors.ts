// Writes test-vectors/dkg/staking.json (cips/staking.md "Reshare"): the two reshare instructions (JSON
// and wire bytes, with a real dealing and complaint), a group key record with its state key, and the
// run context. Deterministic: regenerating gives no diff.
// Run from packages/staking: pnpm exec tsx --conditions=@cowboy/source scripts/gen-reshare-vectors.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { type Dealing, createDealing, dealShares, encodeComplaint, encodeDealing, openShare } from "@cowboy/crypto";
import { instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import { GroupKeyOutcome, epochGroupKeyCodec, groupKeyKey, reshareContext, reshareFailureKey, type EpochGroupKey } from "../src/index.js";
import { blsKey } from "../test/utils/fixture.js";

const keys = [0, 1, 2].map((i) => blsKey(i));
const context = reshareContext(7n, 3n);
const old = dealShares(new Uint8Array(32).fill(0x21), 2, 3, new Uint8Array(32).fill(0x22));
const share = old.shares[0] as (typeof old.shares)[number];
const dealing = createDealing({ context, dealer: 1, secret: share.secretKey, threshold: 3, recipients: keys.map((k) => k.publicKey), seed: new Uint8Array(32).fill(0x23) });
const cheat: Dealing = { ...dealing, encryptedShares: dealing.encryptedShares.map((e, j) => (j === 2 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
const opened = openShare({ dealing: cheat, context, recipient: 3, secretKey: (keys[2] as (typeof keys)[number]).secretKey });
if (opened.ok) throw new Error("the cheat was not caught");

const instructions: Instruction[] = [
  { type: "staking_submit_dealing", epoch: 3n, dealing: encodeDealing(dealing) },
  { type: "staking_submit_complaint", epoch: 3n, complaint: encodeComplaint(opened.complaint) },
];
const record: EpochGroupKey = {
  epoch: 3n,
  outcome: GroupKeyOutcome.Ok,
  threshold: 2n,
  commitments: old.commitments,
  members: [1, 2, 3].map((i) => new Uint8Array(20).fill(i)),
  dealings: 2n,
};
const failed: EpochGroupKey = { ...record, epoch: 4n, outcome: GroupKeyOutcome.Failed, dealings: 0n };

writeFileSync(
  fileURLToPath(new URL("../../../test-vectors/dkg/staking.json", import.meta.url)),
  `${JSON.stringify(
    {
      description:
        "Reshare on chain (cips/staking.md 'Reshare'): instructions 0/28 and 0/29, group key records (groupKey.ts's contract: value and state key), the failure-reason key, the run context of chain 7, epoch 3",
      context: { chainId: "7", epoch: "3", bytes: toHex(context) },
      instructions: instructions.map((ins) => ({ json: instructionToJson(ins), encoded: toHex(encode(instructionCodec, ins)) })),
      groupKeys: [record, failed].map((r) => ({
        epoch: r.epoch.toString(),
        outcome: r.outcome,
        threshold: r.threshold.toString(),
        commitments: r.commitments.map(toHex),
        members: r.members.map(toHex),
        dealings: r.dealings.toString(),
        key: toHex(groupKeyKey(r.epoch)),
        encoded: toHex(encode(epochGroupKeyCodec, r)),
      })),
      failureKey: { epoch: "4", key: toHex(reshareFailureKey(4n)) },
    },
    null,
    2,
  )}\n`,
);
