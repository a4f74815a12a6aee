// A relay's connection to a node (cips/cbfs.md §10): registers the relay at 0x0B if it is not (stake, capacity,
// endpoint), heartbeats well inside the chain's heartbeat interval, follows the head height and answers
// CapToken revocation questions from 0x0A, and answers its proof-of-retrievability challenges (cips/cbfs.md §11)
// with the challenged chunk and its Merkle path — all over the node's JSON-RPC. It writes only its own
// registration, heartbeats and PoR answers.
import { chunkProof } from "@cowboy/cbfs";
import { type CowboyClient, createClient } from "@cowboy/client";
import { concatBytes, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";
import type { ChainView } from "./server.js";
import type { OrphanRelease } from "./orphans.js";

export interface RelayChainOptions {
  /** The node's JSON-RPC URL. */
  readonly rpc: string;
  readonly privateKey: Uint8Array;
  readonly stake: bigint;
  readonly capacity: bigint;
  /** This relay's public URL, written at 0x0B. */
  readonly endpoint: string;
  /** How often the head is polled (ms; default 1000). */
  readonly pollMs?: number;
  /** Heartbeat after this many blocks since the last one (default: half the chain's heartbeat interval). */
  readonly heartbeatEvery?: bigint;
  /** The shard this relay stores under a hex root: u32be(chunkSize) header and bytes (what PoR answers read). */
  readonly readShard?: (rootHex: string) => Promise<{ header: Uint8Array; body: Uint8Array } | undefined>;
  /** Called after each heartbeat with the head height: the relay releases orphaned shards (orphans.ts). */
  readonly afterHeartbeat?: (height: bigint, orphanReleaseAt: OrphanRelease) => Promise<void>;
  readonly log?: (line: string) => void;
}

/** A relay's open challenge as `cowboy_getPorChallenge` reports it. */
export interface PorChallengeJson {
  id: string;
  volume: string;
  shard: string;
  chunk_count: number;
  chunk: number;
  deadline: string;
}

export interface RelayChainJson {
  height: string;
  heartbeat_interval: string;
  dead_after: string;
  relays: {
    address: string;
    operator: string;
    stake: string;
    capacity: string;
    endpoint: string;
    registered_at: string;
    last_heartbeat: string;
    status: "active" | "exiting";
    live: boolean;
    por: "good" | "suspended" | "dead";
    reputation: number;
    suspended_at: string;
    passed: string;
    missed: number;
    failed: number;
    slashed: string;
  }[];
}

export interface RelayChain extends ChainView {
  readonly client: CowboyClient;
  /** Heartbeats this process has had included. */
  readonly heartbeats: number;
  /** PoR challenges this process answered (included on chain). */
  readonly porAnswers: number;
  close(): void;
}

/** Sends an instruction signed by `privateKey`, waits for its receipt, throws with the revert reason on failure. */
export async function sendInstruction(client: CowboyClient, privateKey: Uint8Array, instruction: Instruction): Promise<bigint> {
  const limits = instructionIntrinsicCosts(instruction);
  const tx = await client.sendTransaction({ privateKey, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n });
  const receipt = await client.waitForReceipt(tx.digest());
  if (receipt.status !== 0) throw new Error(`${instruction.type} reverted: ${new TextDecoder().decode(receipt.return_data)}`);
  return receipt.height;
}

/** 0x0A's orphan release heights for up to VOLUME_QUERY_LIMIT roots, in one `cowboy_getVolumes` call (cips/cbfs.md §7). */
export function rpcOrphanRelease(client: CowboyClient): OrphanRelease {
  return async (roots) => {
    const answer = await client.request<{ volumes: ({ status?: string; orphan_release_at?: string } | null)[] }>("cowboy_getVolumes", [roots.map((r) => `0x${toHex(r)}`)]);
    if (answer.volumes.length !== roots.length) throw new Error(`cowboy_getVolumes answered ${answer.volumes.length} of ${roots.length} roots`);
    return answer.volumes.map((v) => (v?.status === "orphan" && v.orphan_release_at !== undefined ? BigInt(v.orphan_release_at) : undefined));
  };
}

export async function connectRelayChain(o: RelayChainOptions): Promise<RelayChain> {
  const log = o.log ?? (() => {});
  const client = createClient({ url: o.rpc });
  const me = `0x${toHex(addressFromPrivateKey(o.privateKey))}`;
  const read = () => client.request<RelayChainJson>("cowboy_listRelays");
  let view = await read();
  let height = BigInt(view.height);
  let mine = view.relays.find((r) => r.address === me);
  if (mine === undefined) {
    await sendInstruction(client, o.privateKey, { type: "relay_register", stake: o.stake, capacity: o.capacity, endpoint: new TextEncoder().encode(o.endpoint) });
    view = await read();
    mine = view.relays.find((r) => r.address === me);
    log(`registered relay ${me} at ${o.endpoint} with stake ${o.stake}`);
  } else if (mine.endpoint !== o.endpoint) {
    log(`relay ${me} is registered at ${mine.endpoint}, not ${o.endpoint}: readers placed by 0x0B will look there`);
  }
  let lastHeartbeat = BigInt(mine?.last_heartbeat ?? view.height);
  const every = o.heartbeatEvery ?? BigInt(view.heartbeat_interval) / 2n;
  let heartbeats = 0;
  let porAnswers = 0;
  let answered = "";
  let closed = false;
  const answerChallenge = async (): Promise<void> => {
    if (o.readShard === undefined) return;
    const c = await client.request<PorChallengeJson | null>("cowboy_getPorChallenge", [me]);
    if (c === null || c.id === answered) return;
    const stored = await o.readShard(c.shard.replace(/^0x/, ""));
    if (stored === undefined) {
      log(`PoR: challenged for shard ${c.shard}, which is not held here`);
      answered = c.id;
      return;
    }
    const chunkSize = new DataView(stored.header.buffer, stored.header.byteOffset, 4).getUint32(0);
    const chunk = stored.body.subarray(c.chunk * chunkSize, (c.chunk + 1) * chunkSize);
    const proof = concatBytes(...chunkProof(stored.body, chunkSize, c.chunk));
    answered = c.id;
    await sendInstruction(client, o.privateKey, { type: "por_respond", id: fromHex(c.id), chunk, proof });
    porAnswers++;
    log(`PoR: answered challenge ${c.id} (chunk ${c.chunk} of ${c.shard})`);
  };
  // Two loops: the head height (what CapToken checks read) never waits behind a transaction being included.
  const work = async (): Promise<void> => {
    await answerChallenge();
    if (height - lastHeartbeat < every) return;
    lastHeartbeat = await sendInstruction(client, o.privateKey, { type: "relay_heartbeat" });
    heartbeats++;
    await o.afterHeartbeat?.(height, rpcOrphanRelease(client));
  };
  const loop = (fn: () => Promise<void>): ReturnType<typeof setInterval> => {
    let busy = false;
    return setInterval(() => {
      if (busy || closed) return;
      busy = true;
      fn()
        .catch((e: unknown) => log(`chain: ${(e as Error).message}`))
        .finally(() => {
          busy = false;
        });
    }, o.pollMs ?? 1000);
  };
  const timers = [
    loop(async () => {
      height = (await client.getHead()).height;
    }),
    loop(work),
  ];
  return {
    client,
    get heartbeats() {
      return heartbeats;
    },
    get porAnswers() {
      return porAnswers;
    },
    height: () => height,
    isRevoked: (owner, nonce) => client.request<boolean>("cowboy_isCapTokenRevoked", [`0x${toHex(owner)}`, nonce.toString()]),
    delegation: async (root, grantee) => {
      const d = await client.request<{ rights: number; not_before: string; not_after: string } | null>("cowboy_getDelegation", [`0x${toHex(root)}`, `0x${toHex(grantee)}`]);
      return d === null ? undefined : { rights: d.rights, notBefore: BigInt(d.not_before), notAfter: BigInt(d.not_after) };
    },
    close() {
      closed = true;
      for (const t of timers) clearInterval(t);
    },
  };
}
