// RelayTransport over HTTP/1.1 with keep-alive (cips/cbfs.md §6): the relay protocol's routes, one function
// each. Loopback in tests; bodies are raw bytes, metadata in headers, /info is JSON.
import { Agent, request } from "node:http";
import { concatBytes, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { type CapToken, encodeCapToken, signCapTokenUse } from "../captoken.js";
import { signDelegationUse } from "../delegation-use.js";
import { CbfsError } from "../errors.js";
import type { ByteRange, RelayTransport } from "./transport.js";

interface Reply {
  status: number;
  body: Uint8Array;
  headers: Record<string, string | string[] | undefined>;
}

export interface HttpTransportOptions {
  /** Sockets per relay (default 4). */
  readonly maxSockets?: number;
  /** Milliseconds before a request without progress fails (default 30,000). */
  readonly timeoutMs?: number;
  /**
   * Reads carry this CapToken and a per-request signature by the grantee's key (relays that check tokens need it);
   * a function is asked before every read, so a token renewed meanwhile (a long-lived mount) is the one sent.
   */
  readonly capToken?: CapTokenAuth | (() => CapTokenAuth);
  /** Or reads under a 0x0A delegation of volume `root` to the key's address (cips/cbfs.md §8.1: actor-owned volumes). */
  readonly delegation?: { readonly root: Uint8Array; readonly granteeKey: Uint8Array };
}

export interface CapTokenAuth {
  readonly token: CapToken;
  readonly granteeKey: Uint8Array;
}

export function createHttpTransport(options: HttpTransportOptions = {}): RelayTransport & { close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 4 });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const capOption = options.capToken;
  const currentCap = capOption === undefined ? undefined : typeof capOption === "function" ? capOption : () => capOption;
  let hexOf: { token: CapToken; hex: string } | undefined;
  const tokenHex = (token: CapToken): string => {
    if (hexOf?.token !== token) hexOf = { token, hex: toHex(encodeCapToken(token)) };
    return hexOf.hex;
  };
  const del = options.delegation;
  const delegate = del === undefined ? "" : toHex(addressFromPrivateKey(del.granteeKey));
  const readAuth = (object: Uint8Array): Record<string, string> => {
    const cap = currentCap?.();
    if (cap !== undefined)
      return { "x-cbfs-captoken": tokenHex(cap.token), "x-cbfs-root": toHex(cap.token.scope), "x-cbfs-use-signature": toHex(signCapTokenUse(cap.token, object, cap.granteeKey)) };
    if (del === undefined) return {};
    return { "x-cbfs-delegation": delegate, "x-cbfs-root": toHex(del.root), "x-cbfs-use-signature": toHex(signDelegationUse(del.root, object, del.granteeKey)) };
  };

  function call(endpoint: string, method: string, path: string, headers: Record<string, string>, body?: Uint8Array): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, endpoint);
      const req = request(url, { method, agent, headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) } }, (res) => {
        const chunks: Uint8Array[] = [];
        res.on("data", (c: Uint8Array) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: chunks.length === 1 ? new Uint8Array(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : concatBytes(...chunks),
          }),
        );
        res.on("error", (cause) => reject(new CbfsError("RELAY_UNAVAILABLE", `${endpoint}: ${cause.message}`, { cause })));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on("error", (cause) => reject(new CbfsError("RELAY_UNAVAILABLE", `${endpoint} ${method} ${path}: ${cause.message}`, { cause })));
      req.end(body);
    });
  }

  function expectOk(reply: Reply, what: string, endpoint: string): void {
    if (reply.status >= 200 && reply.status < 300) return;
    throw new CbfsError("RELAY_REFUSED", `${endpoint} refused ${what}: ${reply.status} ${new TextDecoder().decode(reply.body).slice(0, 200)}`);
  }

  return {
    async info(endpoint) {
      const reply = await call(endpoint, "GET", "/info", {});
      expectOk(reply, "info", endpoint);
      const j = JSON.parse(new TextDecoder().decode(reply.body)) as Record<string, string>;
      return {
        endpoint,
        address: fromHex(j.address!),
        operator: fromHex(j.operator!),
        stake: BigInt(j.stake!),
        capacity: BigInt(j.capacity!),
        used: BigInt(j.used!),
      };
    },
    async putShard(endpoint, root, chunkSize, shard, volume) {
      const headers: Record<string, string> = { "x-cbfs-chunk-size": String(chunkSize), ...(volume === undefined ? {} : { "x-cbfs-volume": toHex(volume) }) };
      const reply = await call(endpoint, "PUT", `/shards/${toHex(root)}`, headers, shard);
      expectOk(reply, "a shard", endpoint);
      const receipt = reply.headers["x-cbfs-receipt"];
      return typeof receipt === "string" && /^[0-9a-f]{130}$/.test(receipt) ? fromHex(receipt) : undefined;
    },
    async getShard(endpoint, root, range?: ByteRange) {
      const reply = await call(endpoint, "GET", `/shards/${toHex(root)}`, { ...readAuth(root), ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}) });
      if (reply.status === 404) return undefined;
      expectOk(reply, "a shard read", endpoint);
      return reply.body;
    },
    async putManifest(endpoint, root, manifest, ownerSignature) {
      expectOk(await call(endpoint, "PUT", `/manifests/${toHex(root)}`, { "x-cbfs-owner-signature": toHex(ownerSignature) }, manifest), "a manifest", endpoint);
    },
    async getManifest(endpoint, root) {
      const reply = await call(endpoint, "GET", `/manifests/${toHex(root)}`, readAuth(root));
      if (reply.status === 404) return undefined;
      expectOk(reply, "a manifest read", endpoint);
      return reply.body;
    },
    async deleteManifest(endpoint, root, ownerSignature) {
      const reply = await call(endpoint, "DELETE", `/manifests/${toHex(root)}`, { "x-cbfs-owner-signature": toHex(ownerSignature) });
      if (reply.status === 404) return;
      expectOk(reply, "a delete", endpoint);
    },
    close() {
      agent.destroy();
    },
  };
}
