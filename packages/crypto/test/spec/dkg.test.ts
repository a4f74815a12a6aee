// Conformance vectors of the DKG and reshare (test-vectors/dkg/reshare.json, cips/crypto.md
// "DKG and reshare"): dealings rebuilt byte for byte from their inputs, every recipient's opened and
// combined share, the combined commitments, a threshold signature under the group key, a complaint
// that verifies against the cheating dealing only, and encodings every client must refuse.
import { describe, expect, it } from "vitest";
import { readVector } from "@cowboy/checks/vectors";
import {
  combineCommitments,
  combineShare,
  createDealing,
  decodeComplaint,
  decodeDealing,
  encodeDealing,
  nobleBls,
  openShare,
  sharePublicKey,
  verifyComplaint,
} from "../../src/index.js";
import { hex, toHex } from "../utils/helpers.js";

interface Run {
  name: string;
  kind: "reshare" | "fresh";
  context: string;
  dealerSecrets: string[];
  dealerSeeds: string[];
  recipientSecretKeys: string[];
  threshold: number;
  required: number;
  dealings: string[];
  dealers: number[];
  commitments: string[];
  groupPublicKey: string;
  newShares: string[];
  message: string;
  signature: string;
  oldGroupPublicKey?: string;
  oldCommitments?: string[];
}
interface File {
  runs: Run[];
  complaint: { context: string; recipientSecretKeys: string[]; honestDealing: string; cheatingDealing: string; complaint: string };
  invalidDealings: { name: string; bytes: string; code: string }[];
}

const V = readVector<File>("dkg/reshare.json");

describe("DKG / reshare vectors", () => {
  it("has the runs we expect", () => expect(V.runs.map((r) => r.kind)).toEqual(["reshare", "fresh"]));
  for (const r of V.runs) {
    describe(r.name, () => {
      const context = hex(r.context);
      const recipients = r.recipientSecretKeys.map((k) => nobleBls.getPublicKey(hex(k)));
      const dealings = r.dealings.map((d) => decodeDealing(hex(d)));
      it("each dealing is rebuilt from its inputs", () => {
        r.dealerSecrets.forEach((secret, i) => {
          const d = createDealing({ context, dealer: i + 1, secret: hex(secret), threshold: r.threshold, recipients, seed: hex(r.dealerSeeds[i] as string) });
          expect(toHex(encodeDealing(d))).toBe(r.dealings[i]);
        });
      });
      it("in a reshare, each dealing commits to the dealer's old share key", () => {
        if (r.oldCommitments === undefined) return;
        const old = r.oldCommitments.map(hex);
        for (const d of dealings) expect(toHex(d.commitments[0] as Uint8Array)).toBe(toHex(sharePublicKey(old, d.dealer)));
        expect(r.groupPublicKey).toBe(r.oldGroupPublicKey);
      });
      it("combines to the listed commitments and shares", () => {
        const combined = combineCommitments({ kind: r.kind, dealings, required: r.required });
        expect(combined.dealers).toEqual(r.dealers);
        expect(combined.commitments.map(toHex)).toEqual(r.commitments);
        r.recipientSecretKeys.forEach((key, i) => {
          const byDealer = new Map<number, bigint>();
          for (const d of dealings) {
            const o = openShare({ dealing: d, context, recipient: i + 1, secretKey: hex(key) });
            expect(o.ok).toBe(true);
            if (o.ok) byDealer.set(d.dealer, o.share);
          }
          const share = combineShare(combined, i + 1, byDealer);
          expect(toHex(share.secretKey)).toBe(r.newShares[i]);
          expect(toHex(nobleBls.getPublicKey(share.secretKey))).toBe(toHex(sharePublicKey(r.commitments.map(hex), i + 1)));
        });
      });
      it("the signature verifies under the group key", () => {
        expect(nobleBls.verify(hex(r.signature), hex(r.message), hex(r.groupPublicKey))).toBe(true);
      });
    });
  }
  it("the complaint holds against the cheating dealing and not the honest one", () => {
    const c = V.complaint;
    const complaint = decodeComplaint(hex(c.complaint));
    const recipientPublicKey = nobleBls.getPublicKey(hex(c.recipientSecretKeys[complaint.recipient - 1] as string));
    const context = hex(c.context);
    expect(verifyComplaint({ dealing: decodeDealing(hex(c.cheatingDealing)), context, complaint, recipientPublicKey })).toBe(true);
    expect(verifyComplaint({ dealing: decodeDealing(hex(c.honestDealing)), context, complaint, recipientPublicKey })).toBe(false);
  });
  it.each(V.invalidDealings)("refuses: $name ($code)", ({ bytes, code }) => {
    expect(() => decodeDealing(hex(bytes))).toThrow(expect.objectContaining({ code }));
  });
});
