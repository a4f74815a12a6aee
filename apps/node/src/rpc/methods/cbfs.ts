// The `cbfs` namespace (cips/cbfs.md §7, §10): 0x0B's relays with their liveness at the head, a volume anchored at
// 0x0A, and whether a CapToken nonce is revoked — what relays and CBFS clients read (never write) to place shards
// and check tokens. Read at the head through @cowboy/cbfs, which owns the layout.
import { type ChainStore, DEFAULT_CBFS_CHAIN_CONFIG, activeDelegation, getChallenge, getStanding, isLive, isRevoked, listRelays, porState, RelayStatus } from "@cowboy/cbfs";
import { fromHex } from "@cowboy/codec";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, hash32, u64 } from "./params.js";

function headState(chain: Chain): ChainStore {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

export function cbfsMethods({ chain }: NodeContext): RpcMethod[] {
  const config = () => chain.params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG;
  return [
    defineMethod({
      name: "cowboy_listRelays",
      summary: "the CBFS relays registered at 0x0B at the head, with liveness and proof-of-retrievability standing, and the heartbeat interval and dead-after window in blocks",
      params: [],
      handler: () => {
        const height = chain.head.height;
        const cfg = config();
        const state = headState(chain);
        return {
          height: height.toString(),
          heartbeat_interval: cfg.heartbeatInterval.toString(),
          dead_after: cfg.deadAfter.toString(),
          relays: listRelays(state).map((r) => {
            const standing = getStanding(state, r.address, cfg);
            const por = porState(standing, height, cfg);
            return {
              address: hex(r.address),
              operator: hex(r.operator),
              stake: r.stake.toString(),
              capacity: r.capacity.toString(),
              endpoint: r.endpoint,
              registered_at: r.registeredAt.toString(),
              last_heartbeat: r.lastHeartbeat.toString(),
              heartbeat_age: (height - r.lastHeartbeat).toString(),
              status: r.status === RelayStatus.Active ? "active" : "exiting",
              exit_at: r.status === RelayStatus.Active ? null : r.exitAt.toString(),
              stake_unlocks_at: r.status === RelayStatus.Active ? null : (r.exitAt + cfg.unbondingBlocks).toString(),
              // live: in the placement set (heartbeating, active, and not suspended by PoR).
              live: isLive(r, height, cfg) && por === "good",
              por: por,
              reputation: standing.reputation,
              suspended_at: standing.suspendedAt.toString(),
              passed: standing.passed.toString(),
              missed: standing.missed,
              failed: standing.failed,
              slashed: standing.slashed.toString(),
            };
          }),
        };
      },
    }),
    defineMethod({
      name: "cowboy_getPorChallenge",
      summary: "the relay's open proof-of-retrievability challenge at 0x0B (the shard, the beacon-drawn chunk, the deadline), or null",
      params: [["relay", address]],
      handler: ([relay]) => {
        const c = getChallenge(headState(chain), fromHex(relay));
        if (c === undefined) return null;
        return {
          id: hex(c.id),
          volume: hex(c.volume),
          shard: hex(c.shard),
          chunk_count: c.chunkCount,
          chunk: c.chunk,
          issued_at: c.issuedAt.toString(),
          deadline: c.deadline.toString(),
          challenger: hex(c.challenger),
        };
      },
    }),
    defineMethod({
      name: "cowboy_isCapTokenRevoked",
      summary: "whether the owner revoked its CapTokens with this nonce at 0x0A (storage_revoke), at the head",
      params: [
        ["owner", address],
        ["nonce", u64],
      ],
      handler: ([owner, nonce]) => isRevoked(headState(chain), fromHex(owner), BigInt(nonce)),
    }),
    defineMethod({
      name: "cowboy_getDelegation",
      summary:
        "the read/write/list/repair delegation 0x0A holds on an anchored volume for a grantee (cips/cbfs.md §8.1: actor-owned volumes, job runners), at the head: { root, grantee, rights, not_before, not_after, height } or null",
      params: [
        ["root", hash32],
        ["grantee", address],
      ],
      handler: ([root, grantee]) => {
        const d = activeDelegation(headState(chain), fromHex(root), fromHex(grantee));
        if (d === undefined) return null;
        return { root, grantee, rights: d.rights, not_before: d.notBefore.toString(), not_after: d.notAfter.toString(), height: chain.head.height.toString() };
      },
    }),
  ];
}
