// The runner's CBSS client (cips/runner-process.md "Secrets"; cips/cbss.md §8 "Runner side"): @cowboy/cbss/client's
// SecretSource over the node's RPC, signing requests with the runner's account key and opening answers with its
// transport key. Proxies come from --proxies, else from the 0x04 committee's registered endpoints (discovery).
import { createSecretSource, rpcChainView, type RpcRequest } from "@cowboy/cbss/client";
import { RunnerError } from "./errors.js";
import type { SecretSource } from "./secrets.js";

export interface CbssSourceOptions {
  /** JSON-RPC to the node (the chain view reads the committee, the secret, the job and the runner). */
  readonly request: RpcRequest;
  readonly chainId: bigint;
  /** The runner's account key: signs each release request. */
  readonly accountKey: Uint8Array;
  /** The runner's X25519 transport secret (its public key is the one registered on chain). */
  readonly transportSecret: Uint8Array;
  /** Proxy endpoints by committee position (member i at index i − 1); default: the committee's registered endpoints. */
  readonly proxies?: readonly string[];
  /** Per-proxy timeout in ms (default 15,000; the source returns as soon as t valid shares are in). */
  readonly timeoutMs?: number;
}

/** Parses `--proxies URL,URL,...` (http(s) URLs, by committee position). */
export function parseProxies(text: string): string[] {
  const list = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (list.length === 0) throw new RunnerError("INVALID_SPEC", "--proxies: expected a comma-separated list of proxy URLs");
  for (const u of list) {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      throw new RunnerError("INVALID_SPEC", `--proxies: '${u}' is not a URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new RunnerError("INVALID_SPEC", `--proxies: '${u}' is not an http(s) URL`);
  }
  return list;
}

export function createCbssSecretSource(o: CbssSourceOptions): SecretSource {
  return createSecretSource({
    chainId: o.chainId,
    view: rpcChainView(o.request),
    runnerKey: o.accountKey,
    transportKey: o.transportSecret,
    ...(o.proxies === undefined ? {} : { proxies: o.proxies }),
    timeoutMs: o.timeoutMs ?? 15_000,
  });
}
