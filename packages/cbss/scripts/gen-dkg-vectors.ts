// Writes test-vectors/dkg/cbss.json (cips/cbss.md "DKG"): the committee run context and the three
// committee DKG instructions (0/139–141) with a real dealing and complaint, JSON and wire bytes.
// Deterministic. Run from packages/cbss: pnpm exec tsx --conditions=@cowboy/source scripts/gen-dkg-vectors.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { type Dealing, createDealing, encodeComplaint, encodeDealing, nobleBls, openShare } from "@cowboy/crypto";
import { instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import { committeeDkgContext, dkgDealingKey, dkgRunKey } from "../src/index.js";

const keys = [1, 2, 3].map((i) => new Uint8Array(32).fill(0x10 + i));
const context = committeeDkgContext(7n, 2n);
const dealing = createDealing({
  context,
  dealer: 1,
  secret: new Uint8Array(32).fill(0x41),
  threshold: 2,
  recipients: keys.map((k) => nobleBls.getPublicKey(k)),
  seed: new Uint8Array(32).fill(0x42),
});
const cheat: Dealing = { ...dealing, encryptedShares: dealing.encryptedShares.map((e, j) => (j === 1 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
const opened = openShare({ dealing: cheat, context, recipient: 2, secretKey: keys[1] as Uint8Array });
if (opened.ok) throw new Error("the cheat was not caught");
const instructions: Instruction[] = [
  { type: "cbss_submit_dealing", epoch: 2n, dealing: encodeDealing(dealing) },
  { type: "cbss_submit_complaint", epoch: 2n, complaint: encodeComplaint(opened.complaint) },
  { type: "cbss_finalize_committee", epoch: 2n },
];
writeFileSync(
  fileURLToPath(new URL("../../../test-vectors/dkg/cbss.json", import.meta.url)),
  `${JSON.stringify(
    {
      description: "CBSS committee DKG (cips/cbss.md 'DKG'): run context of chain 7, committee epoch 2; instructions 0/139-141; state keys of the run and of dealer 1's dealing",
      context: { chainId: "7", epoch: "2", bytes: toHex(context) },
      recipientSecretKeys: keys.map(toHex),
      instructions: instructions.map((ins) => ({ json: instructionToJson(ins), encoded: toHex(encode(instructionCodec, ins)) })),
      keys: { run: toHex(dkgRunKey(2n)), dealing1: toHex(dkgDealingKey(2n, 1)) },
    },
    null,
    2,
  )}\n`,
);
