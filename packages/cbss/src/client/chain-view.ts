// What the proxies and the runner read from the chain (cips/cbss.md §8): the committee, a secret's
// envelope and policy, a job and a runner, through the node's JSON-RPC (secrets namespace and the runner
// market's cowboy_getJob/cowboy_getRunner). An interface, so tests and other sources can stand in.
import { fromHex, toHex } from "@cowboy/codec";
import type { JobHistory, ProvidesHistoryView } from "../chain/history.js";
import { type CommitteeJson, type SecretJson, committeeFromJson, secretFromJson } from "../chain/json.js";
import type { Committee, SecretHead, SecretVersion } from "../chain/records.js";

export interface CommitteeView {
  readonly committee: Committee;
  /** Member i's endpoint (index i − 1), null if the proxy record is gone. */
  readonly endpoints: readonly (string | null)[];
  readonly height: bigint;
}

export interface SecretView {
  readonly height: bigint;
  readonly head: SecretHead;
  readonly version: SecretVersion | undefined;
}

export interface RunnerView {
  readonly provides: readonly string[];
  /** What it provided since when (the release is judged at the stated height against this). */
  readonly providesHistory: ProvidesHistoryView;
  readonly transportKey: Uint8Array | null;
  readonly active: boolean;
}

export interface ChainView {
  committee(): Promise<CommitteeView | undefined>;
  secret(owner: Uint8Array, name: string, version?: number): Promise<SecretView | undefined>;
  /** The job's record (read after the secret, so at a height ≥ the secret's). */
  job(jobId: Uint8Array): Promise<JobHistory | undefined>;
  runner(address: Uint8Array): Promise<RunnerView | undefined>;
  /** The height this (version, job, runner) release was reserved at (cips/cbss.md §7), if it was. */
  reservation(owner: Uint8Array, name: string, version: number, jobId: Uint8Array, runner: Uint8Array): Promise<bigint | undefined>;
}

/** A JSON-RPC call: method and positional params to the result (e.g. CowboyClient.request). */
export type RpcRequest = <T>(method: string, params?: unknown[]) => Promise<T>;

const h = (b: Uint8Array): string => `0x${toHex(b)}`;
const b = (s: string): Uint8Array => fromHex(s.startsWith("0x") ? s.slice(2) : s);

/** A ChainView over a node's RPC. A node without the runner market answers job/runner with undefined. */
export function rpcChainView(request: RpcRequest): ChainView {
  const optional = async <T>(method: string, params: unknown[]): Promise<T | undefined> => {
    try {
      return (await request<T | null>(method, params)) ?? undefined;
    } catch (error) {
      // -32601: the node runs without that namespace.
      if ((error as { data?: { code?: number }; code?: unknown })?.code === -32601 || /method not found|not enabled|without/i.test(String((error as Error)?.message)))
        return undefined;
      throw error;
    }
  };
  return {
    async committee() {
      const j = await request<(CommitteeJson & { height: string }) | null>("cowboy_getCbssCommittee", []);
      if (j === null) return undefined;
      return { committee: committeeFromJson(j), endpoints: j.members.map((m) => m.endpoint), height: BigInt(j.height) };
    },
    async secret(owner, name, version) {
      const j = await request<(SecretJson & { height: string }) | null>("cowboy_getSecret", version === undefined ? [h(owner), name] : [h(owner), name, version]);
      if (j === null) return undefined;
      return { height: BigInt(j.height), ...secretFromJson(j) };
    },
    async job(jobId) {
      const j = await optional<{ poster: string; kind: string; committee: string[]; postedAt: string; selectedAt?: string }>("cowboy_getJob", [h(jobId)]);
      if (j === undefined) return undefined;
      // A node without selectedAt predates the field: only a drawn committee is listed, so "drawn at posting" is the best it says.
      const selectedAt = j.selectedAt !== undefined ? BigInt(j.selectedAt) : j.committee.length > 0 ? BigInt(j.postedAt) : 0n;
      return { poster: b(j.poster), kind: j.kind, committee: j.committee.map(b), postedAt: BigInt(j.postedAt), selectedAt };
    },
    async runner(address) {
      const r = await optional<{
        provides: string[];
        transportKey: string | null;
        status: string;
        providesHistory?: { since: string; entries: { height: string; provides: string[] }[] };
      }>("cowboy_getRunner", [h(address)]);
      if (r === undefined) return undefined;
      const ph = r.providesHistory;
      const providesHistory: ProvidesHistoryView =
        ph === undefined
          ? { since: 0n, entries: [{ height: 0n, provides: r.provides }] }
          : { since: BigInt(ph.since), entries: ph.entries.map((e) => ({ height: BigInt(e.height), provides: e.provides })) };
      return { provides: r.provides, providesHistory, transportKey: r.transportKey ? b(r.transportKey) : null, active: r.status === "active" };
    },
    async reservation(owner, name, version, jobId, runner) {
      const j = await request<{ height: string } | null>("cowboy_getReleaseReservation", [h(owner), name, version, h(jobId), h(runner)]);
      return j === null ? undefined : BigInt(j.height);
    },
  };
}

/** A minimal JSON-RPC client over fetch (for processes that do not carry @cowboy/client). */
export function jsonRpc(url: string): RpcRequest {
  let id = 0;
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }) });
    const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
    if (body.error !== undefined) throw Object.assign(new Error(`${method}: ${body.error.message}`), { code: body.error.code });
    return body.result as T;
  };
}
