// The relay's HTTP protocol (cips/cbfs.md §6), on 127.0.0.1 only:
//   GET /info                      → JSON { address, operator, stake, capacity, used, endpoint }
//   PUT /shards/<root>             x-cbfs-chunk-size [x-cbfs-volume]; body = shard; refused unless its chunk-tree root
//                                  is <root>; with a volume, the 201 carries x-cbfs-receipt (cips/cbfs.md §11)
//   GET /shards/<root>             whole shard, or `Range: bytes=a-b` → 206 with that slice
//   PUT /manifests/<root>          x-cbfs-owner-signature ("put" by the owner); body must be a manifest with that root
//   GET /manifests/<root>
//   DELETE /manifests/<root>       x-cbfs-owner-signature ("rm" by the same owner): drops it and its shards here
// Writes are acknowledged (201) only after fsync.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import {
  CbfsError,
  type Delegation,
  LIMITS,
  capTokenRefusal,
  delegationRefusal,
  chunkCount,
  decodeCapToken,
  decodeManifest,
  manifestRoot,
  ownerOf,
  shardRoot,
  signStorageReceipt,
} from "@cowboy/cbfs";
import type { DiskStore } from "./store.js";

/** What a relay reads from the chain to check CapTokens (never writes). */
export interface ChainView {
  height(): bigint;
  /** Whether 0x0A has this owner's CapToken nonce revoked (a chain read; may go over RPC). */
  isRevoked(owner: Uint8Array, nonce: bigint): boolean | Promise<boolean>;
  /** The delegation 0x0A holds on `root` for `grantee` (cips/cbfs.md §8.1; a chain read), if any. */
  delegation?(root: Uint8Array, grantee: Uint8Array): Delegation | undefined | Promise<Delegation | undefined>;
}

export interface RelayIdentity {
  readonly address: Uint8Array;
  /** With the key, shard writes naming their volume (`x-cbfs-volume`) are answered with a storage receipt. */
  readonly privateKey?: Uint8Array;
  readonly operator: Uint8Array;
  readonly stake: bigint;
  readonly capacity: bigint;
}

const MAX_BODY = LIMITS.blockSize.max;
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const unhex = (h: string) => new Uint8Array(Buffer.from(h, "hex"));
const ROUTE = /^\/(shards|manifests)\/([0-9a-f]{64})$/;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? Number.NaN);
    if (!Number.isSafeInteger(declared) || declared < 0) return reject(new HttpFailure(411, "content-length required"));
    if (declared > MAX_BODY) return reject(new HttpFailure(413, `body of ${declared} bytes exceeds ${MAX_BODY}`));
    const body = new Uint8Array(declared);
    let at = 0;
    req.on("data", (chunk: Buffer) => {
      if (at + chunk.length > declared) {
        req.destroy();
        return reject(new HttpFailure(400, "body longer than content-length"));
      }
      body.set(chunk, at);
      at += chunk.length;
    });
    req.on("end", () => (at === declared ? resolve(body) : reject(new HttpFailure(400, "body shorter than content-length"))));
    req.on("error", reject);
  });
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * With a chain view, every read carries a CapToken for the volume (`x-cbfs-captoken`), the grantee's signature
 * over this object (`x-cbfs-use-signature`) and, for a shard, the volume's root (`x-cbfs-root`): cips/cbfs.md §8.
 * `chainView` may be a getter (a relay connects to its node after it listens, to learn its own URL).
 */
export function createRelayServer(identity: RelayIdentity, store: DiskStore, chainView?: ChainView | (() => ChainView | undefined)): Server {
  async function authorizeRead(req: IncomingMessage, kind: "shards" | "manifests", object: Uint8Array): Promise<void> {
    const chain = typeof chainView === "function" ? chainView() : chainView;
    if (chain === undefined) return;
    const header = (name: string) => String(req.headers[name] ?? "");
    if (header("x-cbfs-delegation") !== "") return authorizeDelegated(chain, header, kind, object);
    let token: ReturnType<typeof decodeCapToken>;
    try {
      token = decodeCapToken(unhex(header("x-cbfs-captoken")));
    } catch {
      throw new HttpFailure(401, "a CapToken (x-cbfs-captoken) is required to read");
    }
    const root = kind === "manifests" ? object : unhex(header("x-cbfs-root"));
    const manifest = await store.get("manifests", hex(root));
    if (manifest === undefined) throw new HttpFailure(403, "the token's volume is not held here");
    if (kind === "shards" && !decodeManifest(manifest.body).shardRoots.some((stripe) => stripe.some((r) => equal(r, object)))) {
      throw new HttpFailure(403, "the shard is not part of the token's volume");
    }
    const revoked = await chain.isRevoked(token.owner, token.nonce);
    const refusal = capTokenRefusal(token, {
      height: chain.height(),
      root,
      owner: manifest.header,
      right: "read",
      object,
      useSignature: unhex(header("x-cbfs-use-signature")),
      isRevoked: () => revoked,
    });
    if (refusal !== undefined) throw new HttpFailure(403, refusal);
  }

  /** A read under a 0x0A delegation (actor-owned volumes, job runners): `x-cbfs-delegation: <grantee>`, cips/cbfs.md §8.1. */
  async function authorizeDelegated(chain: ChainView, header: (name: string) => string, kind: "shards" | "manifests", object: Uint8Array): Promise<void> {
    const grantee = header("x-cbfs-delegation").replace(/^0x/, "");
    const rootHex = kind === "manifests" ? hex(object) : header("x-cbfs-root");
    if (!/^[0-9a-f]{40}$/.test(grantee) || !/^[0-9a-f]{64}$/.test(rootHex)) throw new HttpFailure(401, "x-cbfs-delegation must be a grantee address and x-cbfs-root a volume root");
    if (chain.delegation === undefined) throw new HttpFailure(403, "this relay cannot read delegations from its chain");
    const root = unhex(rootHex);
    const manifest = await store.get("manifests", rootHex);
    if (manifest === undefined) throw new HttpFailure(403, "the delegation's volume is not held here");
    if (kind === "shards" && !decodeManifest(manifest.body).shardRoots.some((stripe) => stripe.some((r) => equal(r, object)))) {
      throw new HttpFailure(403, "the shard is not part of the delegation's volume");
    }
    const refusal = delegationRefusal(await chain.delegation(root, unhex(grantee)), {
      height: chain.height(),
      root,
      grantee: unhex(grantee),
      right: "read",
      object,
      useSignature: unhex(header("x-cbfs-use-signature")),
    });
    if (refusal !== undefined) throw new HttpFailure(403, refusal);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    if (req.method === "GET" && url === "/info") {
      const body = JSON.stringify({
        address: hex(identity.address),
        operator: hex(identity.operator),
        stake: identity.stake.toString(),
        capacity: identity.capacity.toString(),
        used: String(store.used),
      });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
      return;
    }
    const match = ROUTE.exec(url);
    if (match === null) throw new HttpFailure(404, "no such route");
    const kind = match[1] as "shards" | "manifests";
    const rootHex = match[2]!;
    const root = unhex(rootHex);

    if (req.method === "PUT") {
      const body = await readBody(req);
      if (BigInt(store.used + body.length) > identity.capacity) throw new HttpFailure(507, "relay capacity exhausted");
      if (kind === "shards") {
        const chunkSize = Number(req.headers["x-cbfs-chunk-size"]);
        if (!Number.isInteger(chunkSize) || chunkSize < LIMITS.chunkSize.min || chunkSize > LIMITS.chunkSize.max) throw new HttpFailure(400, "bad x-cbfs-chunk-size");
        if (!equal(shardRoot(body, chunkSize), root)) throw new HttpFailure(422, "shard bytes do not hash to the root in the path");
        const header = new Uint8Array(4);
        new DataView(header.buffer).setUint32(0, chunkSize);
        await store.put("shards", rootHex, header, body);
        const volume = String(req.headers["x-cbfs-volume"] ?? "");
        if (identity.privateKey !== undefined && /^[0-9a-f]{64}$/.test(volume)) {
          res.setHeader("x-cbfs-receipt", hex(signStorageReceipt(unhex(volume), root, chunkCount(body.length, chunkSize), identity.privateKey)));
        }
      } else {
        if (!equal(manifestRoot(body), root)) throw new HttpFailure(422, "manifest does not hash to the root in the path");
        decodeManifest(body);
        const owner = ownerOf("put", root, unhex(String(req.headers["x-cbfs-owner-signature"] ?? "")));
        if (owner === undefined) throw new HttpFailure(401, "missing or malformed x-cbfs-owner-signature");
        await store.put("manifests", rootHex, owner, body);
      }
      res.writeHead(201).end();
      return;
    }

    if (req.method === "GET") {
      await authorizeRead(req, kind, root);
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
      if (range !== null) {
        const start = Number(range[1]);
        const end = Number(range[2]);
        if (end < start) throw new HttpFailure(416, "range end before start");
        const got = await store.range(kind, rootHex, start, end);
        if (got === undefined) throw new HttpFailure(404, "not held here");
        if (start >= got.size) throw new HttpFailure(416, `range starts past ${got.size} bytes`);
        res.writeHead(206, { "content-range": `bytes ${start}-${start + got.bytes.length - 1}/${got.size}` }).end(got.bytes);
        return;
      }
      const obj = await store.get(kind, rootHex);
      if (obj === undefined) throw new HttpFailure(404, "not held here");
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(obj.body);
      return;
    }

    if (req.method === "DELETE" && kind === "manifests") {
      const obj = await store.get("manifests", rootHex);
      if (obj === undefined) throw new HttpFailure(404, "not held here");
      const signer = ownerOf("rm", root, unhex(String(req.headers["x-cbfs-owner-signature"] ?? "")));
      if (signer === undefined || !equal(signer, obj.header)) throw new HttpFailure(403, "only the manifest's owner may delete it");
      const manifest = decodeManifest(obj.body);
      let shards = 0;
      for (const stripe of manifest.shardRoots) for (const shard of stripe) if (await store.delete("shards", hex(shard))) shards++;
      await store.delete("manifests", rootHex);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ deletedShards: shards }));
      return;
    }
    throw new HttpFailure(405, `${req.method} is not allowed here`);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpFailure ? error.status : error instanceof CbfsError ? 422 : 500;
      if (!res.headersSent) res.writeHead(status, { "content-type": "text/plain", connection: status === 413 ? "close" : "keep-alive" });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
}
