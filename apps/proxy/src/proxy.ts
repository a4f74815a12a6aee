// `cowboy proxy start` (cips/cbss.md §8, "DKG"): serve releases on 127.0.0.1, register at 0x04 if needed (stake,
// BLS key + proof of possession, transport key, endpoint), take part in the committee DKG / reshare (dkg.ts), pick
// up this proxy's share when a committee names it (opened from the chain's sealed dealing, or combined from the
// DKG's qualified dealings; checked against the Feldman commitments; kept encrypted at rest), and report served
// releases on chain in batches.
import { CbssError, type CommitteeJson, type DkgStatusJson, combineCommitteeShare, committeeFromJson, dealingsFromJson, openDealtShare, receiptBatchCodec } from "@cowboy/cbss";
import { createReleaseHandler, rpcChainView } from "@cowboy/cbss/client";
import { type CowboyClient, createClient } from "@cowboy/client";
import { encode as cbssEncode, toHex } from "@cowboy/codec";
import { type SecretShare, nobleBls, sharePublicKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";
import { createDkgDuty } from "./dkg.js";
import { deriveProxyKeys, type ProxyKeys } from "./keys.js";
import { type ReleaseServer, serveRelease } from "./server.js";
import { ProxyStore } from "./store.js";

export interface ProxyOptions {
  readonly privateKey: Uint8Array;
  readonly stake: bigint;
  /** The node's JSON-RPC URL. */
  readonly rpc: string;
  readonly dataDir: string;
  readonly port?: number;
  /** How often served releases are reported on chain (ms; default 5000). */
  readonly receiptIntervalMs?: number;
  /** How often the committee is polled (ms; default 1000). */
  readonly pollMs?: number;
  /** Open a committee DKG / reshare once this many proxies are active (0 or absent: only join runs others open). */
  readonly committeeSize?: number;
  /** The threshold of a committee this proxy opens a run for (default: a majority). */
  readonly threshold?: number;
  readonly log?: (line: string) => void;
}

export interface RunningProxy {
  readonly address: Uint8Array;
  readonly url: string;
  /** Resolves once this proxy holds a share of the current committee. */
  readonly ready: Promise<{ epoch: bigint; index: number }>;
  close(): Promise<void>;
}

async function send(client: CowboyClient, keys: ProxyKeys, instruction: Instruction): Promise<void> {
  const limits = instructionIntrinsicCosts(instruction);
  const tx = await client.sendTransaction({ privateKey: keys.privateKey, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n });
  const receipt = await client.waitForReceipt(tx.digest());
  if (receipt.status !== 0) throw new CbssError("INVALID_ARGUMENT", `${instruction.type} failed: ${new TextDecoder().decode(receipt.return_data)}`);
}

export async function startProxy(o: ProxyOptions): Promise<RunningProxy> {
  const log = o.log ?? (() => {});
  const keys = deriveProxyKeys(o.privateKey);
  const store = new ProxyStore(o.dataDir);
  const client = createClient({ url: o.rpc });
  const chainId = await client.getChainId();
  const view = rpcChainView((m, p) => client.request(m, p));
  let handler: ((body: Uint8Array) => Promise<Uint8Array>) | undefined;
  const server: ReleaseServer = await serveRelease(
    (body) => {
      if (handler === undefined) throw new CbssError("NO_COMMITTEE", "this proxy holds no share yet");
      return handler(body);
    },
    o.port ?? 0,
    log,
  );
  const me = `0x${toHex(keys.address)}`;
  const proxies = await client.request<{ address: string }[]>("cowboy_listProxies");
  if (!proxies.some((p) => p.address === me)) {
    await send(client, keys, {
      type: "cbss_proxy_register",
      stake: o.stake,
      blsPublicKey: keys.blsPublicKey,
      proofOfPossession: keys.proofOfPossession,
      transportKey: keys.transport.publicKey,
      endpoint: new TextEncoder().encode(server.url),
    });
    log(`registered proxy ${me} at ${server.url}`);
  }

  let closed = false;
  let epoch: bigint | undefined;
  let current: SecretShare | undefined;
  /** A DKG committee's share: this member's shares in the qualified dealings, combined (cips/cbss.md "DKG"). */
  const dkgShare = async (e: bigint, index: number): Promise<SecretShare> => {
    const status = await client.request<DkgStatusJson>("cowboy_getCbssDkg", [Number(e)]);
    if (status.qualified === null) throw new CbssError("NO_COMMITTEE", `committee epoch ${e} carries no shares and did not come from a DKG`);
    const dealings = dealingsFromJson(status).map((d) => d.dealing);
    return combineCommitteeShare({ chainId, epoch: e, index, blsSecretKey: keys.blsSecret, kind: status.qualified.kind, dealings });
  };
  const dkg = createDkgDuty({
    client,
    keys,
    chainId,
    send: (instruction) => send(client, keys, instruction),
    committeeSize: o.committeeSize ?? 0,
    ...(o.threshold === undefined ? {} : { threshold: o.threshold }),
    currentShare: () => current,
    log,
  });
  let resolveReady: (v: { epoch: bigint; index: number }) => void = () => {};
  const ready = new Promise<{ epoch: bigint; index: number }>((ok) => {
    resolveReady = ok;
  });
  const poll = async (): Promise<void> => {
    await takeShare();
    await dkg();
  };
  const takeShare = async (): Promise<void> => {
    const j = await client.request<CommitteeJson | null>("cowboy_getCbssCommittee");
    if (j === null || (epoch !== undefined && BigInt(j.epoch) === epoch)) return;
    const committee = committeeFromJson(j);
    const index = committee.members.findIndex((m) => toHex(m) === toHex(keys.address)) + 1;
    if (index === 0) return;
    let share: SecretShare | undefined = store.loadShare(keys.atRest, committee.epoch);
    if (share === undefined) {
      share = committee.encryptedShares.length > 0 ? openDealtShare(keys.transport.secretKey, committee, keys.address) : await dkgShare(committee.epoch, index);
      store.saveShare(keys.atRest, committee.epoch, share);
    }
    const expected = sharePublicKey(committee.commitments, index);
    if (share.index !== index || toHex(nobleBls.getPublicKey(share.secretKey)) !== toHex(expected)) {
      throw new CbssError("INVALID_SHARE", `the share for member ${index} of epoch ${committee.epoch} does not match the commitments`);
    }
    epoch = committee.epoch;
    current = share;
    handler = createReleaseHandler({
      chainId,
      privateKey: keys.privateKey,
      address: keys.address,
      share,
      view,
      onRelease: (r) => store.appendReceipt(r),
      served: store.allReceipts(),
    });
    log(`holding share ${index} of epoch ${epoch}`);
    resolveReady({ epoch, index });
  };
  const flush = async (): Promise<void> => {
    const { receipts, upTo } = store.pendingReceipts();
    if (receipts.length === 0) return;
    const batch = receipts.slice(0, 256);
    await send(client, keys, { type: "cbss_submit_receipts", receipts: cbssEncode(receiptBatchCodec, batch) });
    store.markSubmitted(upTo - receipts.length + batch.length);
    log(`reported ${batch.length} receipts`);
  };
  const loop = (fn: () => Promise<void>, ms: number): ReturnType<typeof setInterval> => {
    let busy = false;
    return setInterval(() => {
      if (busy || closed) return;
      busy = true;
      fn()
        .catch((e: unknown) => log(`error: ${(e as Error).message}`))
        .finally(() => {
          busy = false;
        });
    }, ms);
  };
  await poll().catch((e: unknown) => log(`error: ${(e as Error).message}`));
  const timers = [loop(poll, o.pollMs ?? 1000), loop(flush, o.receiptIntervalMs ?? 5000)];
  return {
    address: keys.address,
    url: server.url,
    ready,
    async close() {
      closed = true;
      for (const t of timers) clearInterval(t);
      await server.close();
    },
  };
}
