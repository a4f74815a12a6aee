// The CBSS instructions (cips/cbss.md §6–§11) through real blocks: three proxies bond stake at 0x04, the
// dealer publishes a 2-of-3 committee, an owner puts a secret (only its envelope reaches the state), a member
// reports a release receipt and is paid from the deposit, and refusals revert with their code.
import {
  SECRETS_MANAGER_ADDRESS,
  createCbssConfig,
  dealCommittee,
  dealingCodec,
  getSecretHead,
  policyCodec,
  receiptBatchCodec,
  receiptLog,
  sealSecret,
  secretIdentity,
  transportKeyPair,
} from "@cowboy/cbss";
import { encode } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { CHAIN_ID, addressOf, params } from "../utils/helpers.js";

const limits = { cycles: 1_000_000n, cells: 100_000n };
const CBY = BASE_UNITS_PER_CBY;

describe("CBSS instructions (System 128–138)", () => {
  it("register proxies, publish a committee, put a secret, report a receipt; refusals revert", () => {
    const cbss = createCbssConfig({ dealer: addressOf(0), minProxyStake: 10n * CBY, releaseFee: 5n });
    const chain = new ActorChain({ ...params, cbss });
    const transports = [1, 2, 3].map((i) => transportKeyPair(new Uint8Array(32).fill(0x40 + i)));
    const regs = chain.block(
      [1, 2, 3].map((i) => {
        const sk = new Uint8Array(32).fill(0x20 + i);
        return chain.tx(
          i,
          {
            type: "cbss_proxy_register",
            stake: 10n * CBY,
            blsPublicKey: nobleBls.getPublicKey(sk),
            proofOfPossession: blsPopProve(sk),
            transportKey: transports[i - 1]!.publicKey,
            endpoint: new TextEncoder().encode(`http://127.0.0.1:${7400 + i}`),
          },
          limits,
        );
      }),
    );
    expect(regs.map((r) => r!.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    expect(chain.account(SECRETS_MANAGER_ADDRESS).balance).toBe(30n * CBY);

    const dealing = dealCommittee(
      new Uint8Array(32).fill(0x31),
      1n,
      2,
      [1, 2, 3].map((i) => ({ address: addressOf(i), transportKey: transports[i - 1]!.publicKey })),
      new Uint8Array(32).fill(9),
    );
    const value = new TextEncoder().encode("sk-exec-test-secret-value");
    const envelope = sealSecret(dealing.commitments[0]!, secretIdentity({ chainId: CHAIN_ID, owner: addressOf(0), name: "k1", version: 1 }), value);
    const policy = encode(policyCodec, { actors: [], jobKinds: [], runnerRequires: [], maxReleases: 0n, untilBlock: 0n });
    const [early, notDealer] = chain.block([
      chain.tx(0, { type: "cbss_secret_put", name: "k1", envelope, policy, deposit: 100n }, limits),
      chain.tx(1, { type: "cbss_publish_committee", dealing: encode(dealingCodec, dealing) }, limits),
    ]);
    expect(text(early!.return_data)).toContain("NO_COMMITTEE");
    expect(text(notDealer!.return_data)).toContain("NOT_DEALER");

    const [pub, put] = chain.block([
      chain.tx(0, { type: "cbss_publish_committee", dealing: encode(dealingCodec, dealing) }, limits),
      chain.tx(0, { type: "cbss_secret_put", name: "k1", envelope, policy, deposit: 100n }, limits),
    ]);
    expect(pub!.status).toBe(ReceiptStatus.Success);
    expect(put!.status).toBe(ReceiptStatus.Success);
    const fork = chain.store.fork();
    expect(getSecretHead(fork, addressOf(0), "k1")).toMatchObject({ version: 1, deposit: 100n });

    const receipt = { owner: addressOf(0), name: "k1", version: 1, jobId: new Uint8Array(32).fill(1), runner: addressOf(3), height: chain.head.height };
    const before = chain.account(addressOf(2)).balance;
    const [rec, stranger, rotateMissing] = chain.block([
      chain.tx(2, { type: "cbss_submit_receipts", receipts: encode(receiptBatchCodec, [receipt]) }, limits),
      chain.tx(0, { type: "cbss_submit_receipts", receipts: encode(receiptBatchCodec, [receipt]) }, limits),
      chain.tx(0, { type: "cbss_secret_rotate", name: "nope", envelope, policy }, limits),
    ]);
    expect(rec!.status).toBe(ReceiptStatus.Success);
    expect(text(stranger!.return_data)).toContain("NOT_A_PROXY");
    expect(text(rotateMissing!.return_data)).toContain("NO_SECRET");
    expect(receiptLog({ state: chain.store.fork() }, addressOf(0), "k1")).toHaveLength(1);
    expect(getSecretHead(chain.store.fork(), addressOf(0), "k1")).toMatchObject({ deposit: 95n, releases: 1n });
    expect(chain.account(addressOf(2)).balance).toBeLessThan(before + 5n); // paid 5, minus its fee
    expect(chain.account(SECRETS_MANAGER_ADDRESS).balance).toBe(30n * CBY + 95n);
  });
});
