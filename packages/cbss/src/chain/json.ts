// JSON forms of the Secrets Manager's records (cips/cbss.md §13 "RPC"), as the node's RPC serves them and
// the proxy and runner clients read them: bytes 0x-hex, integers decimal strings, the owner of one rule.
import { fromHex, toHex } from "@cowboy/codec";
import type { Committee, ProxyRecord, ReceiptLogEntry, SecretHead, SecretPolicy, SecretVersion } from "./records.js";

const h = (b: Uint8Array): string => `0x${toHex(b)}`;
const b = (s: string): Uint8Array => fromHex(s.startsWith("0x") ? s.slice(2) : s);

export interface PolicyJson {
  actors: string[];
  job_kinds: string[];
  runner_requires: string[];
  max_releases: string;
  until_block: string;
}
export const policyToJson = (p: SecretPolicy): PolicyJson => ({
  actors: p.actors.map(h),
  job_kinds: [...p.jobKinds],
  runner_requires: [...p.runnerRequires],
  max_releases: p.maxReleases.toString(),
  until_block: p.untilBlock.toString(),
});
export const policyFromJson = (j: PolicyJson): SecretPolicy => ({
  actors: j.actors.map(b),
  jobKinds: j.job_kinds,
  runnerRequires: j.runner_requires,
  maxReleases: BigInt(j.max_releases),
  untilBlock: BigInt(j.until_block),
});

export interface SecretJson {
  owner: string;
  name: string;
  version: number;
  revoked_at: string;
  deposit: string;
  releases: string;
  created_at: string;
  /** The requested version (default: latest). */
  current: { version: number; envelope: string; value_length: number; policy: PolicyJson; created_at: string; ended_at: string } | null;
}

export function secretToJson(owner: Uint8Array, name: string, head: SecretHead, version: number, v: SecretVersion | undefined, valueLength: number): SecretJson {
  return {
    owner: h(owner),
    name,
    version: head.version,
    revoked_at: head.revokedAt.toString(),
    deposit: head.deposit.toString(),
    releases: head.releases.toString(),
    created_at: head.createdAt.toString(),
    current:
      v === undefined
        ? null
        : { version, envelope: h(v.envelope), value_length: valueLength, policy: policyToJson(v.policy), created_at: v.createdAt.toString(), ended_at: v.endedAt.toString() },
  };
}

export function secretFromJson(j: SecretJson): { head: SecretHead; version: SecretVersion | undefined } {
  const head: SecretHead = { version: j.version, revokedAt: BigInt(j.revoked_at), deposit: BigInt(j.deposit), releases: BigInt(j.releases), createdAt: BigInt(j.created_at) };
  const c = j.current;
  return {
    head,
    version: c === null ? undefined : { envelope: b(c.envelope), policy: policyFromJson(c.policy), createdAt: BigInt(c.created_at), endedAt: BigInt(c.ended_at) },
  };
}

export interface ProxyJson {
  address: string;
  bls_public_key: string;
  transport_key: string;
  endpoint: string;
  stake: string;
  status: "active" | "unbonding";
  registered_at: string;
  unbonding_ends_at: string;
  slashed: string;
}
export const proxyToJson = (address: Uint8Array, r: ProxyRecord): ProxyJson => ({
  address: h(address),
  bls_public_key: h(r.blsPublicKey),
  transport_key: h(r.transportKey),
  endpoint: r.endpoint,
  stake: r.stake.toString(),
  status: r.status === 0 ? "active" : "unbonding",
  registered_at: r.registeredAt.toString(),
  unbonding_ends_at: r.unbondingEndsAt.toString(),
  slashed: r.slashed.toString(),
});

export interface CommitteeJson {
  epoch: string;
  threshold: number;
  members: { index: number; address: string; endpoint: string | null; transport_key: string | null }[];
  commitments: string[];
  encrypted_shares: string[];
  published_at: string;
}
export const committeeToJson = (c: Committee, proxyOf: (a: Uint8Array) => ProxyRecord | undefined): CommitteeJson => ({
  epoch: c.epoch.toString(),
  threshold: c.threshold,
  members: c.members.map((m, i) => {
    const p = proxyOf(m);
    return { index: i + 1, address: h(m), endpoint: p?.endpoint ?? null, transport_key: p === undefined ? null : h(p.transportKey) };
  }),
  commitments: c.commitments.map(h),
  encrypted_shares: c.encryptedShares.map(h),
  published_at: c.publishedAt.toString(),
});
export const committeeFromJson = (j: CommitteeJson): Committee => ({
  epoch: BigInt(j.epoch),
  threshold: j.threshold,
  members: j.members.map((m) => b(m.address)),
  commitments: j.commitments.map(b),
  encryptedShares: j.encrypted_shares.map(b),
  publishedAt: BigInt(j.published_at),
});

export interface ReceiptJson {
  version: number;
  job_id: string;
  runner: string;
  proxy: string;
  height: string;
  recorded_at: string;
  paid: string;
}
export const receiptToJson = (r: ReceiptLogEntry): ReceiptJson => ({
  version: r.version,
  job_id: h(r.jobId),
  runner: h(r.runner),
  proxy: h(r.proxy),
  height: r.height.toString(),
  recorded_at: r.recordedAt.toString(),
  paid: r.paid.toString(),
});
