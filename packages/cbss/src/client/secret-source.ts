// The runner-side SecretSource (cips/cbss.md §8 "Runner side"; contract in the session's contracts): ask
// the committee's proxies in parallel, open each sealed answer with the runner's transport key, check the
// statement and its share, combine the first t valid shares, decrypt just in time into a SecretValue.
// Nothing is written to disk; the data key and decryption key are zeroed after use.
import { addressFromPrivateKey, decodePartial, keccak256, type PartialSignature } from "@cowboy/crypto";
import { encode, equalBytes } from "@cowboy/codec";
import { openSecret } from "../crypto/envelope.js";
import { secretIdentity } from "../crypto/identity.js";
import { combineShares, verifyShare } from "../crypto/threshold.js";
import { openFrom, transportKeyPair } from "../crypto/transport.js";
import { CbssError } from "../errors.js";
import { decodeInput } from "../chain/records.js";
import { openStatement, signRequest, signedCodec } from "../release/statement.js";
import type { ChainView } from "./chain-view.js";
import { SecretValue } from "./secret-value.js";

export interface SecretRefInput {
  readonly owner: Uint8Array;
  readonly name: string;
}

export interface SecretSource {
  get(ref: SecretRefInput, job: Uint8Array): Promise<SecretValue>;
}

/** Sends one request body to a proxy endpoint; resolves to the sealed answer. */
export type ProxyTransport = (endpoint: string, body: Uint8Array, signal: AbortSignal) => Promise<Uint8Array>;

export interface SecretSourceOptions {
  readonly chainId: bigint;
  readonly view: ChainView;
  /** The runner's account key (signs requests). */
  readonly runnerKey: Uint8Array;
  /** The runner's X25519 transport secret key (its public key is registered with the runner). */
  readonly transportKey: Uint8Array;
  /** Endpoints to ask instead of the committee's registered ones (index i − 1 for member i). */
  readonly proxies?: readonly (string | null)[];
  readonly transport?: ProxyTransport;
  /** Per-proxy timeout in ms (default 5000). */
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/** HTTP transport: POST {endpoint}/cbss/v1/release with the signed request bytes. */
export const httpProxyTransport: ProxyTransport = async (endpoint, body, signal) => {
  const url = `${endpoint.replace(/\/$/, "")}/cbss/v1/release`;
  const post = () => fetch(url, { method: "POST", body, headers: { "content-type": "application/octet-stream" }, signal });
  // One retry when a pooled connection was closed under us (undici's "fetch failed"), unless aborted.
  const res = await post().catch((e: unknown) => {
    if (signal.aborted || !(e instanceof TypeError)) throw e;
    return post();
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) {
    let msg = `HTTP ${res.status}`;
    try {
      const j = JSON.parse(new TextDecoder().decode(bytes)) as { code?: string; message?: string };
      msg = `${j.code}: ${j.message}`;
    } catch {}
    throw new CbssError("PROXY_UNAVAILABLE", msg);
  }
  return bytes;
};

export function createSecretSource(o: SecretSourceOptions): SecretSource {
  const runner = addressFromPrivateKey(o.runnerKey);
  const transportPublic = transportKeyPair(o.transportKey).publicKey;
  const transport = o.transport ?? httpProxyTransport;
  const now = o.now ?? (() => Math.floor(Date.now() / 1000));
  return {
    async get(ref, jobId) {
      const [cv, sv] = await Promise.all([o.view.committee(), o.view.secret(ref.owner, ref.name)]);
      if (cv === undefined) throw new CbssError("NO_COMMITTEE", "no CBSS committee on chain");
      if (sv === undefined || sv.version === undefined) throw new CbssError("NO_SECRET", `no secret ${ref.name}`);
      const { committee } = cv;
      const version = sv.head.version;
      const identity = secretIdentity({ chainId: o.chainId, owner: ref.owner, name: ref.name, version });
      const signed = signRequest(
        {
          chainId: o.chainId,
          owner: ref.owner,
          name: ref.name,
          version,
          jobId,
          runner,
          transportKey: transportPublic,
          expiresAt: BigInt(now() + 120),
          nonce: crypto.getRandomValues(new Uint8Array(16)),
        },
        o.runnerKey,
      );
      const body = encode(signedCodec, signed);
      const hash = keccak256(body);
      const endpoints = o.proxies ?? cv.endpoints;
      const abort = new AbortController();
      const valid: PartialSignature[] = [];
      const failures: string[] = [];
      await new Promise<void>((done) => {
        let pending = 0;
        const finish = () => {
          if (valid.length >= committee.threshold || pending === 0) done();
        };
        committee.members.forEach((member, i) => {
          const endpoint = endpoints[i];
          if (endpoint == null) {
            failures.push(`proxy ${i + 1}: no endpoint`);
            return;
          }
          pending++;
          const timer = AbortSignal.any([abort.signal, AbortSignal.timeout(o.timeoutMs ?? 5000)]);
          transport(endpoint, body, timer)
            .then((sealed) => {
              const inner = decodeInput(signedCodec, "response", openFrom(o.transportKey, sealed, hash));
              const { statement: s, signer } = openStatement(inner);
              if (!equalBytes(signer, member)) throw new CbssError("BAD_SIGNATURE", "the statement is not signed by this member");
              if (!equalBytes(s.requestHash, hash) || s.version !== version || !equalBytes(s.jobId, jobId))
                throw new CbssError("INVALID_SHARE", "the statement answers another request");
              const partial = decodePartial(s.partial);
              if (partial.index !== i + 1 || !verifyShare(committee.commitments, partial, identity)) throw new CbssError("INVALID_SHARE", "the share does not verify");
              if (valid.length < committee.threshold) valid.push(partial);
            })
            .catch((e: unknown) => failures.push(`proxy ${i + 1}: ${(e as Error).message}`))
            .finally(() => {
              pending--;
              finish();
            });
        });
        finish();
      });
      abort.abort();
      if (valid.length < committee.threshold) {
        throw new CbssError("THRESHOLD_NOT_MET", `${valid.length} of ${committee.threshold} valid shares for ${ref.name}: ${failures.join("; ")}`);
      }
      const { key } = combineShares(committee.commitments, committee.threshold, valid, identity);
      try {
        return new SecretValue(openSecret(key, identity, sv.version.envelope));
      } finally {
        key.fill(0);
      }
    },
  };
}
