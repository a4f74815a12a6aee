// The proxy committee's DKG through real blocks (cips/cbss.md "DKG"): three proxies register with no
// dealer configured, each submits a fresh dealing (0/139), finalizing early reverts, finalizing after the
// window (0/141) publishes committee 1 whose group key is the sum of the dealings' constant terms.
import { createCbssConfig, committeeDkgContext, currentCommittee, getDkgRun } from "@cowboy/cbss";
import { compareBytes } from "@cowboy/codec";
import { blsPopProve, createDealing, encodeDealing, nobleBls } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { CHAIN_ID, addressOf, params } from "../utils/helpers.js";

const limits = { cycles: 10_000_000n, cells: 100_000n };
const CBY = BASE_UNITS_PER_CBY;

describe("CBSS committee DKG (System 139–141)", () => {
  it("three proxies run a fresh DKG and the chain publishes its committee", { timeout: 120_000 }, () => {
    const chain = new ActorChain({ ...params, cbss: createCbssConfig({ minProxyStake: 10n * CBY, dkgWindow: 2n }) });
    const sks = [1, 2, 3].map((i) => new Uint8Array(32).fill(0x20 + i));
    const regs = chain.block(
      [1, 2, 3].map((i) =>
        chain.tx(
          i,
          {
            type: "cbss_proxy_register",
            stake: 10n * CBY,
            blsPublicKey: nobleBls.getPublicKey(sks[i - 1] as Uint8Array),
            proofOfPossession: blsPopProve(sks[i - 1] as Uint8Array),
            transportKey: new Uint8Array(32).fill(0x40 + i),
            endpoint: new TextEncoder().encode(`http://127.0.0.1:${7400 + i}`),
          },
          limits,
        ),
      ),
    );
    expect(regs.map((r) => r?.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    // Recipients (and fresh-DKG dealers) are the active proxies in address order.
    const ranked = [1, 2, 3].map((i) => ({ i, at: [1, 2, 3].filter((j) => compareBytes(addressOf(j), addressOf(i)) < 0).length + 1 }));
    const recipients = [...ranked].sort((x, y) => x.at - y.at).map((r) => nobleBls.getPublicKey(sks[r.i - 1] as Uint8Array));
    const context = committeeDkgContext(CHAIN_ID, 1n);
    const dealings = ranked.map((r) =>
      createDealing({ context, dealer: r.at, secret: new Uint8Array(32).fill(0x50 + r.i), threshold: 2, recipients, seed: new Uint8Array(32).fill(r.i) }),
    );
    const receipts = chain.block(
      ranked.map((r, k) => chain.tx(r.i, { type: "cbss_submit_dealing", epoch: 1n, dealing: encodeDealing(dealings[k] as (typeof dealings)[number]) }, limits)),
    );
    expect(receipts.map((r) => r?.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    expect(getDkgRun(chain.store.fork(), 1n)?.kind).toBe("fresh");
    const [early] = chain.block([chain.tx(1, { type: "cbss_finalize_committee", epoch: 1n }, limits)]);
    expect(text(early?.return_data as Uint8Array)).toContain("DKG_NOT_READY");
    const [done] = chain.block([chain.tx(1, { type: "cbss_finalize_committee", epoch: 1n }, limits)]);
    expect(done?.status).toBe(ReceiptStatus.Success);
    const committee = currentCommittee(chain.store.fork());
    expect(committee?.epoch).toBe(1n);
    expect(committee?.threshold).toBe(2);
    expect(committee?.commitments[0]).toEqual(nobleBls.aggregatePublicKeys(dealings.map((d) => d.commitments[0] as Uint8Array)));
  });
});
