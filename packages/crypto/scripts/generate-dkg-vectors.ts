// Writes test-vectors/dkg/reshare.json (cips/crypto.md "DKG and reshare"): a 2-of-3 key reshared to a
// 3-of-4 committee, a fresh 2-of-3 DKG, a cheating dealing with its complaint, and refused encodings.
// Deterministic: rerunning must produce no diff. Run from packages/crypto:
//   pnpm exec tsx --conditions=@cowboy/source scripts/generate-dkg-vectors.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
} from "../src/index.js";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const fill = (v: number) => new Uint8Array(32).fill(v);
const utf8 = (s: string) => new TextEncoder().encode(s);
const keys = (base: number, n: number) => Array.from({ length: n }, (_, i) => fill(base + i));

function run(
  name: string,
  kind: "reshare" | "fresh",
  context: Uint8Array,
  secrets: Uint8Array[],
  recipientKeys: Uint8Array[],
  threshold: number,
  required: number,
  message: Uint8Array,
) {
  const recipients = recipientKeys.map((k) => nobleBls.getPublicKey(k));
  const dealings = secrets.map((secret, i) => createDealing({ context, dealer: i + 1, secret, threshold, recipients, seed: fill(0xa0 + i) }));
  const combined = combineCommitments({ kind, dealings, required });
  const shares = recipientKeys.map((secretKey, i) => {
    const byDealer = new Map<number, bigint>();
    for (const d of dealings) {
      const o = openShare({ dealing: d, context, recipient: i + 1, secretKey });
      if (!o.ok) throw new Error("honest dealing drew a complaint");
      byDealer.set(d.dealer, o.share);
    }
    return combineShare(combined, i + 1, byDealer);
  });
  const signature = recoverSignature(
    shares.slice(-threshold).map((s) => partialSign(nobleBls, s, message)),
    threshold,
  );
  return {
    name,
    kind,
    context: hex(context),
    dealerSecrets: secrets.map(hex),
    dealerSeeds: secrets.map((_, i) => hex(fill(0xa0 + i))),
    recipientSecretKeys: recipientKeys.map(hex),
    threshold,
    required,
    dealings: dealings.map((d) => hex(encodeDealing(d))),
    dealers: combined.dealers,
    commitments: combined.commitments.map(hex),
    groupPublicKey: hex(combined.groupPublicKey),
    newShares: shares.map((s) => hex(s.secretKey)),
    message: hex(message),
    signature: hex(signature),
  };
}

const old = dealShares(fill(0x11), 2, 3, fill(0x22));
const reshareContext = utf8("cowboy/dkg/vector reshare epoch 1");
const reshare = {
  ...run(
    "reshare 2-of-3 to 3-of-4",
    "reshare",
    reshareContext,
    old.shares.map((s) => s.secretKey),
    keys(0x31, 4),
    3,
    2,
    utf8("beacon round 1"),
  ),
  oldGroupPublicKey: hex(old.groupPublicKey),
  oldCommitments: old.commitments.map(hex),
};
const fresh = run("fresh 2-of-3", "fresh", utf8("cowboy/dkg/vector fresh epoch 0"), keys(0x51, 3), keys(0x61, 3), 2, 2, utf8("beacon round 0"));

const recipientKeys = keys(0x15, 3);
const context = utf8("cowboy/dkg/vector complaint");
const honest = createDealing({ context, dealer: 2, secret: fill(0x41), threshold: 2, recipients: recipientKeys.map((k) => nobleBls.getPublicKey(k)), seed: fill(0x82) });
const cheat: Dealing = { ...honest, encryptedShares: honest.encryptedShares.map((e, j) => (j === 0 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
const opened = openShare({ dealing: cheat, context, recipient: 1, secretKey: recipientKeys[0] as Uint8Array });
if (opened.ok) throw new Error("cheat was not caught");
const complaint = {
  name: "recipient 1's share flipped in its last bit",
  context: hex(context),
  recipientSecretKeys: recipientKeys.map(hex),
  honestDealing: hex(encodeDealing(honest)),
  cheatingDealing: hex(encodeDealing(cheat)),
  complaint: hex(encodeComplaint(opened.complaint)),
};

const good = encodeDealing(honest);
const invalidDealings = [
  { name: "truncated by one byte", bytes: hex(good.slice(0, -1)), code: "INVALID_LENGTH" },
  { name: "one trailing byte", bytes: hex(new Uint8Array([...good, 0])), code: "INVALID_LENGTH" },
  { name: "dealer index 0", bytes: hex(new Uint8Array([0, 0, 0, 0, ...good.slice(4)])), code: "INVALID_ARGUMENT" },
  { name: "threshold above n", bytes: hex(new Uint8Array([...good.slice(0, 4), 0, 4, 0, 3, ...good.slice(8), ...new Uint8Array(96)])), code: "INVALID_ARGUMENT" },
];

writeFileSync(
  fileURLToPath(new URL("../../../test-vectors/dkg/reshare.json", import.meta.url)),
  `${JSON.stringify({ description: "DKG and reshare on BLS12-381 (cips/crypto.md 'DKG and reshare'): dealings u32 dealer||u16 t||u16 n||t*48 commitments||48 R||n*32 encrypted shares; complaints u32 dealer||u32 recipient||48 K||64 proof", runs: [reshare, fresh], complaint, invalidDealings }, null, 2)}\n`,
);
