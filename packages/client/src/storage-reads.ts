// CBFS on chain (cips/cbfs.md §7; apps/node/README.md "JSON-RPC"): volumes at 0x0A (cowboy_listVolumes,
// cowboy_getVolume) and relays at 0x0B (cowboy_listRelays). Heights, sizes and amounts become bigints, roots and
// addresses bytes. Each answers `undefined` on a node that does not serve the method.
import { fromHex, toHex } from "@cowboy/codec";
import { optional } from "./reads.js";
import type { Request } from "./transport.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface VolumeInfo {
  readonly root: Uint8Array;
  readonly owner: Uint8Array;
  /** The manifest's size (bytes) as anchored. */
  readonly size: bigint;
  readonly k: number;
  readonly m: number;
  /** Data and parity, whole MiB: what rent is charged on. */
  readonly storedMiB: bigint;
  readonly rentPerBlock: bigint;
  readonly anchoredAt: bigint;
  readonly paidUntil: bigint;
  /** After this height anyone may delete the volume. */
  readonly graceEndsAt: bigint;
  readonly paidBlocksLeft: bigint;
  readonly repairs: bigint;
}

export interface VolumeDetail extends VolumeInfo {
  readonly status: "anchored";
  readonly height: bigint;
  /** The stripe layout at the client's default segment and block sizes (the manifest itself is kept by the relays). */
  readonly layout: { readonly segmentSize: number; readonly blockSize: number; readonly stripes: number; readonly shardsPerStripe: number };
  /** Each stripe's relays, shard 0 first, by placement over 0x0B's live set at the head (the first 64 stripes); null when too few relays are live. */
  readonly placement: readonly { readonly stripe: number; readonly relays: readonly Uint8Array[] }[] | null;
  readonly placementError: string | null;
}

/** A replaced root: its shards may be pruned from `releaseAt`. */
export interface OrphanVolume {
  readonly status: "orphan";
  readonly root: Uint8Array;
  readonly releaseAt: bigint;
}

export interface RelayInfo {
  readonly address: Uint8Array;
  readonly operator: Uint8Array;
  readonly stake: bigint;
  readonly capacity: bigint;
  readonly endpoint: string;
  readonly registeredAt: bigint;
  readonly lastHeartbeat: bigint;
  /** Blocks since the last heartbeat, at the head. */
  readonly heartbeatAge: bigint;
  readonly status: "active" | "exiting" | string;
  /** Active and heartbeating in time: in the placement set. */
  readonly live: boolean;
  readonly exitAt: bigint | null;
  readonly stakeUnlocksAt: bigint | null;
}

type Json = Record<string, unknown>;
const big = (j: Json, k: string): bigint => BigInt(j[k] as string);
const bigOrNull = (j: Json, k: string): bigint | null => (j[k] === null ? null : big(j, k));

function volumeFromJson(j: Json): VolumeInfo {
  return {
    root: fromHex(j.root as string),
    owner: fromHex(j.owner as string),
    size: big(j, "size"),
    k: Number(j.k),
    m: Number(j.m),
    storedMiB: big(j, "stored_mib"),
    rentPerBlock: big(j, "rent_per_block"),
    anchoredAt: big(j, "anchored_at"),
    paidUntil: big(j, "paid_until"),
    graceEndsAt: big(j, "grace_ends_at"),
    paidBlocksLeft: big(j, "paid_blocks_left"),
    repairs: big(j, "repairs"),
  };
}

function relayFromJson(j: Json): RelayInfo {
  return {
    address: fromHex(j.address as string),
    operator: fromHex(j.operator as string),
    stake: big(j, "stake"),
    capacity: big(j, "capacity"),
    endpoint: j.endpoint as string,
    registeredAt: big(j, "registered_at"),
    lastHeartbeat: big(j, "last_heartbeat"),
    heartbeatAge: big(j, "heartbeat_age"),
    status: j.status as string,
    live: j.live === true,
    exitAt: bigOrNull(j, "exit_at"),
    stakeUnlocksAt: bigOrNull(j, "stake_unlocks_at"),
  };
}

/** `cowboy_listVolumes`: anchored volumes, newest anchor first, optionally of one owner. */
export async function listVolumes(request: Request, filter: { owner?: Uint8Array; limit?: number } = {}): Promise<VolumeInfo[] | undefined> {
  const params = { ...(filter.owner === undefined ? {} : { owner: hex(filter.owner) }), ...(filter.limit === undefined ? {} : { limit: filter.limit }) };
  return (await optional(request<Json[]>("cowboy_listVolumes", [params])))?.map(volumeFromJson);
}

/** `cowboy_getVolume`: the volume with its layout and placement, a replaced root's release height, or null. */
export async function getVolume(request: Request, root: Uint8Array): Promise<VolumeDetail | OrphanVolume | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getVolume", [hex(root)]));
  if (j === undefined || j === null) return j;
  if (j.status === "orphan") return { status: "orphan", root: fromHex(j.root as string), releaseAt: big(j, "orphan_release_at") };
  const layout = j.layout as Json;
  const placement = j.placement as { stripe: number; relays: string[] }[] | null;
  return {
    ...volumeFromJson(j),
    status: "anchored",
    height: big(j, "height"),
    layout: { segmentSize: Number(layout.segment_size), blockSize: Number(layout.block_size), stripes: Number(layout.stripes), shardsPerStripe: Number(layout.shards_per_stripe) },
    placement: placement === null ? null : placement.map((p) => ({ stripe: p.stripe, relays: p.relays.map(fromHex) })),
    placementError: (j.placement_error as string | null) ?? null,
  };
}

/** `cowboy_listRelays`: every relay registered at 0x0B with its health at the head. */
export async function listRelays(request: Request): Promise<RelayInfo[] | undefined> {
  return (await optional(request<{ relays: Json[] }>("cowboy_listRelays")))?.relays.map(relayFromJson);
}
