// CBSS against the runner market in real blocks. Unauthorized-release slashing judges the stated height
// (cips/cbss.md §11 "Judged at the stated height"): a runner registers providing net.http, a one-runner job draws it at posting, the runner later adds llm.
// The secret's policy requires llm, so a release stated at the draw height is slashable though the head allows it,
// one stated after the update is not, and one stated before the job was posted is slashable. Reservations: under
// max_releases = 1 only the first drawn job that declares the secret gets one (cips/cbss.md §7 "Release count").
import {
  type CommitteeDealing,
  createCbssConfig,
  dealCommittee,
  dealingCodec,
  getProxy,
  getReservation,
  getSecretHead,
  openDealtShare,
  policyCodec,
  sealSecret,
  secretIdentity,
  signShare,
  signStatement,
  signedCodec,
  transportKeyPair,
} from "@cowboy/cbss";
import { type CborValue, encode, toHex } from "@cowboy/codec";
import { blsPopProve, encodePartial, nobleBls } from "@cowboy/crypto";
import { createRunnerMarketConfig, encodeCapabilities, encodeJobRequest, getJob } from "@cowboy/runner-market";
import { BASE_UNITS_PER_CBY, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { CHAIN_ID, addressOf, key, params } from "../utils/helpers.js";

const CBY = BASE_UNITS_PER_CBY;
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };
const PROXIES = [5, 6, 7];
const OWNER = 0;
const POSTER = 2;
const RUNNER = 1;
const REPORTER = 3;

const caps = (provides: string[]) => encodeCapabilities({ provides, jobKinds: ["http"] });
const declaration = (provides: string[]) => ({
  maxJobValue: 10n * CBY,
  capabilities: caps(provides),
  endpoint: new TextEncoder().encode("http://127.0.0.1:9001"),
  transportKey: new Uint8Array(32).fill(1),
});

const transportOf = (i: number) => transportKeyPair(new Uint8Array(32).fill(0x40 + i));

/** Three proxies and a dealt 2-of-3 committee, a runner providing `provides`, a secret k1 of OWNER with the policy. */
function setup(runnerRequires: string[], maxReleases: bigint, provides: string[]) {
  const market = createRunnerMarketConfig({ stakeFloor: 100n * CBY });
  const cbss = createCbssConfig({ dealer: addressOf(0), minProxyStake: 10n * CBY, unauthorizedReleaseSlash: 1n * CBY });
  const c = new ActorChain({ ...params, runnerMarket: market, cbss });
  const transports = PROXIES.map(transportOf);
  c.block(PROXIES.map((i) => c.transferTx(0, addressOf(i), 100n * CBY)));
  const regs = c.block([
    ...PROXIES.map((i, k) => {
      const sk = new Uint8Array(32).fill(0x20 + i);
      return c.tx(
        i,
        {
          type: "cbss_proxy_register",
          stake: 10n * CBY,
          blsPublicKey: nobleBls.getPublicKey(sk),
          proofOfPossession: blsPopProve(sk),
          transportKey: transports[k]!.publicKey,
          endpoint: new TextEncoder().encode(`http://127.0.0.1:${7400 + i}`),
        },
        LIMITS,
      );
    }),
    c.tx(RUNNER, { type: "runner_register", stake: 200n * CBY, ...declaration(provides) }, LIMITS),
  ]);
  for (const r of regs) expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);

  const dealing: CommitteeDealing = dealCommittee(
    new Uint8Array(32).fill(0x31),
    1n,
    2,
    PROXIES.map((i, k) => ({ address: addressOf(i), transportKey: transports[k]!.publicKey })),
    new Uint8Array(32).fill(9),
  );
  const ref = { chainId: CHAIN_ID, owner: addressOf(OWNER), name: "k1", version: 1 };
  const envelope = sealSecret(dealing.commitments[0]!, secretIdentity(ref), new TextEncoder().encode("sk-height-test"));
  const policy = encode(policyCodec, { actors: [addressOf(POSTER)], jobKinds: [], runnerRequires, maxReleases, untilBlock: 0n });
  const [pub] = c.block([c.tx(0, { type: "cbss_publish_committee", dealing: encode(dealingCodec, dealing) }, LIMITS)]);
  expect(pub!.status, text(pub!.return_data)).toBe(ReceiptStatus.Success);
  const [put] = c.block([c.tx(OWNER, { type: "cbss_secret_put", name: "k1", envelope, policy, deposit: 100n }, LIMITS)]);
  expect(put!.status, text(put!.return_data)).toBe(ReceiptStatus.Success);

  return { c, dealing, ref };
}

const request = (secrets: string[] = []) =>
  encodeJobRequest({
    kind: "http",
    spec: new Map<CborValue, CborValue>([
      ["method", "GET"],
      ["url", "https://prices.example/btc"],
    ]),
    resultSchema: new Map<CborValue, CborValue>([["type", "object"]]),
    allowDomains: ["prices.example"],
    secrets,
  });

describe("cbss_slash_unauthorized_release at the stated height (real blocks)", () => {
  it("slashable at the draw height and before posting; not after the runner gained the required capability", () => {
    const { c, dealing, ref } = setup(["llm"], 0n, ["net.http"]);
    // A one-runner job is drawn at posting (from the parent beacon): its committee is the runner, selected_at = now.
    const [posted] = c.block([c.tx(POSTER, { type: "job_submit", request: request(), maxPrice: 1n * CBY }, LIMITS)]);
    expect(posted!.status, text(posted!.return_data)).toBe(ReceiptStatus.Success);
    const jobId = posted!.return_data;
    const drawnAt = c.head.height;
    const job = getJob(c.store.fork(), jobId)!;
    expect(job.committee).toEqual([addressOf(RUNNER)]);
    expect(job.selectedAt).toBe(drawnAt);
    expect(job.postedAt).toBe(drawnAt);

    const [upd] = c.block([c.tx(RUNNER, { type: "runner_update", ...declaration(["llm", "net.http"]) }, LIMITS)]);
    expect(upd!.status, text(upd!.return_data)).toBe(ReceiptStatus.Success);
    const updatedAt = c.head.height;

    const proxy = PROXIES[0]!;
    const share = openDealtShare(transportOf(proxy).secretKey, dealing, addressOf(proxy));
    let n = 0;
    const evidence = (height: bigint) =>
      encode(
        signedCodec,
        signStatement(
          {
            ...ref,
            epoch: 1n,
            requestHash: new Uint8Array(32).fill(++n),
            jobId,
            runner: addressOf(RUNNER),
            height,
            partial: encodePartial(signShare(share, secretIdentity(ref))),
          },
          key(proxy),
        ),
      );
    const stake = () => getProxy(c.store.fork(), addressOf(proxy))!.stake;
    const judge = (height: bigint) => c.block([c.tx(REPORTER, { type: "cbss_slash_unauthorized_release", evidence: evidence(height) }, LIMITS)])[0]!;

    const before = stake();
    // At the draw the runner lacked llm: slashable, although the head's record provides it.
    expect(judge(drawnAt).status).toBe(ReceiptStatus.Success);
    expect(stake()).toBe(before - 1n * CBY);
    // After the update the release was allowed: the evidence proves nothing.
    const allowed = judge(updatedAt);
    expect(allowed.status).not.toBe(ReceiptStatus.Success);
    expect(text(allowed.return_data)).toMatch(/INVALID_EVIDENCE: the state at that height allowed the release/);
    expect(stake()).toBe(before - 1n * CBY);
    // Before the job was posted nothing could be released for it.
    expect(judge(drawnAt - 1n).status).toBe(ReceiptStatus.Success);
    expect(stake()).toBe(before - 2n * CBY);
  });

  it("max_releases = 1: the draw of the first job that declares the secret reserves its runner's release; the second gets none", () => {
    const { c } = setup([], 1n, ["net.http", "secret.read"]);
    const secret = `0x${toHex(addressOf(OWNER))}/k1`;
    const post = () => {
      const [r] = c.block([c.tx(POSTER, { type: "job_submit", request: request([secret]), maxPrice: 1n * CBY }, LIMITS)]);
      expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
      return { id: r!.return_data, at: c.head.height };
    };
    const first = post();
    const second = post();
    const fork = c.store.fork();
    expect(getJob(fork, second.id)!.committee).toEqual([addressOf(RUNNER)]);
    expect(getReservation(fork, addressOf(OWNER), "k1", 1, first.id, addressOf(RUNNER))).toBe(first.at);
    expect(getReservation(fork, addressOf(OWNER), "k1", 1, second.id, addressOf(RUNNER))).toBeUndefined();
    expect(getSecretHead(fork, addressOf(OWNER), "k1")!.releases).toBe(1n);
  });
});
