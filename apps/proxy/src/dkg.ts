// A proxy's part in the committee DKG / reshare (cips/cbss.md "DKG" → "Proxies deal automatically"), one step per
// poll: deal into an open run where this proxy is a dealer, complain about a dealing whose share for it does not open,
// finalize a run whose window has ended; and, with `committeeSize`, open a run when no committee exists or the active
// proxies differ from the committee's members (a fresh DKG before the first committee, a reshare after).
import { type DkgStatusJson, committeeDkgContext, dealingsFromJson, minimumCommitteeThreshold } from "@cowboy/cbss";
import type { CowboyClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { BLS_R, type SecretShare, createDealing, encodeComplaint, encodeDealing, openShare } from "@cowboy/crypto";
import type { Instruction } from "@cowboy/types";
import type { ProxyKeys } from "./keys.js";

export interface DkgDutyOptions {
  readonly client: CowboyClient;
  readonly keys: ProxyKeys;
  readonly chainId: bigint;
  /** Sends one instruction and waits for its receipt (throws on a failed one). */
  readonly send: (instruction: Instruction) => Promise<void>;
  /** Open a run once at least this many proxies are active (0: only take part in runs others open). */
  readonly committeeSize: number;
  /** The new committee's threshold (default: a majority of its members). */
  readonly threshold?: number;
  /** This proxy's share of the current committee, if it holds one (a reshare deals it). */
  readonly currentShare: () => SecretShare | undefined;
  readonly log: (line: string) => void;
}

interface CommitteeLite {
  readonly epoch: string;
  readonly threshold: number;
  readonly members: readonly { readonly address: string }[];
}

const b = (s: string): Uint8Array => fromHex(s.startsWith("0x") ? s.slice(2) : s);

/** A fresh dealer's secret: uniform in [1, r). */
function randomScalar(): Uint8Array {
  for (;;) {
    const s = crypto.getRandomValues(new Uint8Array(32));
    let n = 0n;
    for (const x of s) n = (n << 8n) | BigInt(x);
    if (n !== 0n && n < BLS_R) return s;
  }
}

/** The step function; call it on every poll (it never runs two sends for one action). */
export function createDkgDuty(o: DkgDutyOptions): () => Promise<void> {
  const me = `0x${toHex(o.keys.address)}`;
  // Keyed by `${epoch}/${openedAt}`: one run. A failed send is retried on the next poll.
  const checked = new Set<string>();
  const finalized = new Set<string>();

  const deal = async (epoch: bigint, dealer: number, threshold: number, recipients: readonly string[], kind: "fresh" | "reshare"): Promise<void> => {
    let secret: Uint8Array;
    if (kind === "reshare") {
      const share = o.currentShare();
      if (share === undefined || share.index !== dealer) return;
      secret = share.secretKey;
    } else secret = randomScalar();
    const dealing = createDealing({
      context: committeeDkgContext(o.chainId, epoch),
      dealer,
      secret,
      threshold,
      recipients: recipients.map(b),
      seed: crypto.getRandomValues(new Uint8Array(32)),
    });
    if (kind === "fresh") secret.fill(0);
    await o.send({ type: "cbss_submit_dealing", epoch, dealing: encodeDealing(dealing) });
    o.log(`dealt ${kind} committee epoch ${epoch} as dealer ${dealer} (${threshold}-of-${recipients.length})`);
  };

  return async () => {
    const status = await o.client.request<DkgStatusJson & { height: string }>("cowboy_getCbssDkg", []);
    const epoch = BigInt(status.epoch);
    const height = BigInt(status.height);
    const run = status.run;
    if (run !== null) {
      const key = `${status.epoch}/${run.openedAt}`;
      if (height >= BigInt(run.closesAt!)) {
        if (finalized.has(key)) return;
        finalized.add(key);
        try {
          await o.send({ type: "cbss_finalize_committee", epoch });
          o.log(`finalized committee epoch ${epoch}`);
        } catch (e) {
          o.log(`finalize epoch ${epoch}: ${(e as Error).message}`);
        }
        return;
      }
      const dealer = run.dealers.indexOf(me) + 1;
      if (dealer > 0 && !status.dealings.some((d) => d.dealer === dealer)) {
        await deal(
          epoch,
          dealer,
          run.threshold!,
          run.recipients.map((r) => r.blsPublicKey),
          run.kind,
        );
        return;
      }
      const recipient = run.recipients.findIndex((r) => r.address === me) + 1;
      if (recipient === 0) return;
      for (const d of dealingsFromJson(status)) {
        const id = `${key}/${d.dealer}`;
        if (d.disqualified || checked.has(id)) continue;
        const opened = openShare({ dealing: d.dealing, context: committeeDkgContext(o.chainId, epoch), recipient, secretKey: o.keys.blsSecret });
        if (opened.ok) {
          checked.add(id);
          continue;
        }
        await o.send({ type: "cbss_submit_complaint", epoch, complaint: encodeComplaint(opened.complaint) });
        checked.add(id);
        o.log(`complained about dealer ${d.dealer} of committee epoch ${epoch}`);
      }
      return;
    }
    const planned = status.planned;
    if (o.committeeSize === 0 || planned === null || planned.recipients.length < o.committeeSize) return;
    const committee = await o.client.request<CommitteeLite | null>("cowboy_getCbssCommittee", []);
    const wanted = planned.recipients.map((r) => r.address).join();
    if (committee !== null && committee.members.map((m) => m.address).join() === wanted) return;
    const dealer = planned.dealers.indexOf(me) + 1;
    if (dealer === 0) return;
    const n = planned.recipients.length;
    const t = Math.min(n, Math.max(o.threshold ?? minimumCommitteeThreshold(n), minimumCommitteeThreshold(n)));
    await deal(
      epoch,
      dealer,
      t,
      planned.recipients.map((r) => r.blsPublicKey),
      planned.kind,
    );
  };
}
