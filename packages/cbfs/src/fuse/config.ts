// What a mount process is told on its stdin (one JSON object; the file key never appears in argv or the
// environment, which other users can read in /proc): the volume, its key, the relays and how to authenticate reads.
import { fromHex, toHex } from "@cowboy/codec";
import { decodeCapToken } from "../captoken.js";
import { SELF_TOKEN_BLOCKS } from "../params.js";
import { CbfsError } from "../errors.js";
import type { CapTokenAuth, HttpTransportOptions } from "../client/http-transport.js";
import type { RelayInfo } from "../client/transport.js";

export interface MountRelay {
  readonly endpoint: string;
  readonly address: string;
  readonly operator: string;
  readonly stake: string;
}

export interface MountConfig {
  /** The manifest root, 64 hex digits. */
  readonly root: string;
  /** The 32-byte file key, 64 hex digits. */
  readonly key: string;
  /** The mount point, an absolute path. */
  readonly dir: string;
  /** The one file's name inside it. */
  readonly name: string;
  readonly relays: readonly MountRelay[];
  /** Relays a repair moved shards to (searched when a placed relay lacks one). */
  readonly also?: readonly MountRelay[];
  /** Reads carry this CapToken (hex), signed per request by granteeKey (chain-connected relays need one)... */
  readonly capToken?: string;
  /** ...or, with `delegation: true`, the 0x0A delegation of this volume to granteeKey's address (job runners). */
  readonly delegation?: boolean;
  readonly granteeKey?: string;
  /**
   * With a self-issued capToken: the node's JSON-RPC URL. The mount process then renews the token itself (signing
   * with granteeKey, its owner) before it expires, each new one valid for tokenBlocks blocks past the head.
   */
  readonly rpc?: string;
  /** Blocks each renewed token is valid for (default SELF_TOKEN_BLOCKS, 600). */
  readonly tokenBlocks?: number;
  /** Bytes of verified stripe data the reader keeps (default 32 MiB). */
  readonly cacheBytes?: number;
}

export const relayToJson = (r: RelayInfo): MountRelay => ({ endpoint: r.endpoint, address: toHex(r.address), operator: toHex(r.operator), stake: r.stake.toString() });

const bad = (message: string): never => {
  throw new CbfsError("INVALID_PARAMS", `mount config: ${message}`);
};
const hexBytes = (value: unknown, bytes: number, what: string): Uint8Array =>
  typeof value === "string" && new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(value) ? fromHex(value) : bad(`${what} must be ${bytes} bytes of lower-case hex`);

function relayFrom(value: unknown): RelayInfo {
  const r = (typeof value === "object" && value !== null ? value : bad("a relay must be an object")) as Record<string, unknown>;
  if (typeof r.endpoint !== "string" || !/^https?:\/\//.test(r.endpoint)) bad("a relay endpoint must be an http(s) URL");
  if (typeof r.stake !== "string" || !/^[0-9]+$/.test(r.stake)) bad("a relay stake must be a decimal string");
  return {
    endpoint: r.endpoint as string,
    address: hexBytes(r.address, 20, "relay address"),
    operator: hexBytes(r.operator, 20, "relay operator"),
    stake: BigInt(r.stake as string),
    capacity: 0n,
    used: 0n,
  };
}

export interface ParsedMountConfig {
  readonly root: Uint8Array;
  readonly key: Uint8Array;
  readonly dir: string;
  readonly name: string;
  readonly relays: RelayInfo[];
  readonly also: RelayInfo[];
  readonly transport: HttpTransportOptions & { readonly capToken?: CapTokenAuth };
  /** Renew transport.capToken through this node, for this many blocks at a time. */
  readonly renew?: { readonly rpc: string; readonly blocks: bigint };
  readonly cacheBytes?: number;
}

/** Checks every field of a mount config (JSON text); INVALID_PARAMS naming the first bad one. */
export function parseMountConfig(text: string): ParsedMountConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return bad("not JSON");
  }
  const c = (typeof json === "object" && json !== null ? json : bad("not an object")) as Record<string, unknown>;
  const root = hexBytes(c.root, 32, "root");
  const key = hexBytes(c.key, 32, "key");
  if (typeof c.dir !== "string" || !c.dir.startsWith("/")) bad("dir must be an absolute path");
  if (typeof c.name !== "string" || c.name === "" || c.name.includes("/") || c.name === "." || c.name === "..") bad("name must be one path component");
  if (!Array.isArray(c.relays) || c.relays.length === 0) bad("relays must be a non-empty list");
  if (c.also !== undefined && !Array.isArray(c.also)) bad("also must be a list");
  if (c.cacheBytes !== undefined && (!Number.isSafeInteger(c.cacheBytes) || (c.cacheBytes as number) < 0)) bad("cacheBytes must be a non-negative integer");
  let transport: ParsedMountConfig["transport"] = {};
  if (c.capToken !== undefined || c.delegation === true) {
    const granteeKey = hexBytes(c.granteeKey, 32, "granteeKey");
    if (c.capToken !== undefined) {
      const token = decodeCapToken(hexBytes(c.capToken, 163, "capToken"));
      transport = { capToken: { token, granteeKey } };
    } else transport = { delegation: { root, granteeKey } };
  }
  if (c.tokenBlocks !== undefined && (!Number.isSafeInteger(c.tokenBlocks) || (c.tokenBlocks as number) < 1)) bad("tokenBlocks must be a positive integer");
  if (c.tokenBlocks !== undefined && c.rpc === undefined) bad("tokenBlocks needs rpc (the node the token is renewed against)");
  let renew: ParsedMountConfig["renew"];
  if (c.rpc !== undefined) {
    if (typeof c.rpc !== "string" || !/^https?:\/\/[^\s/]+/.test(c.rpc)) bad("rpc must be an http(s) URL");
    // Whether the token is self-issued (renewable by granteeKey) is checked where it is renewed (renew.ts).
    if (transport.capToken === undefined) bad("rpc renews a capToken: give one");
    renew = { rpc: c.rpc as string, blocks: BigInt((c.tokenBlocks as number | undefined) ?? Number(SELF_TOKEN_BLOCKS)) };
  }
  return {
    root,
    key,
    dir: c.dir as string,
    name: c.name as string,
    relays: (c.relays as unknown[]).map(relayFrom),
    also: ((c.also as unknown[] | undefined) ?? []).map(relayFrom),
    transport,
    ...(renew === undefined ? {} : { renew }),
    ...(c.cacheBytes === undefined ? {} : { cacheBytes: c.cacheBytes as number }),
  };
}
