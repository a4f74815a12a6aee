// A relay's connection to a node (cips/cbfs.md §10): registers the relay at 0x0B if it is not (stake, capacity,
// endpoint), heartbeats well inside the chain's heartbeat interval, follows the head height and answers
// CapToken revocation questions from 0x0A — all over the node's JSON-RPC. The relay only reads the chain to
// check tokens; it writes only its own registration, heartbeats and (later) PoR answers.
import { type CowboyClient, createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";
import type { ChainView } from "./server.js";

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
  readonly log?: (line: string) => void;
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
  }[];
}

export interface RelayChain extends ChainView {
  readonly client: CowboyClient;
  /** Heartbeats this process has had included. */
  readonly heartbeats: number;
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
  let busy = false;
  let closed = false;
  const tick = async (): Promise<void> => {
    height = (await client.getHead()).height;
    if (height - lastHeartbeat < every) return;
    lastHeartbeat = await sendInstruction(client, o.privateKey, { type: "relay_heartbeat" });
    heartbeats++;
  };
  const timer = setInterval(() => {
    if (busy || closed) return;
    busy = true;
    tick()
      .catch((e: unknown) => log(`chain: ${(e as Error).message}`))
      .finally(() => {
        busy = false;
      });
  }, o.pollMs ?? 1000);
  return {
    client,
    get heartbeats() {
      return heartbeats;
    },
    height: () => height,
    isRevoked: (owner, nonce) => client.request<boolean>("cowboy_isCapTokenRevoked", [`0x${toHex(owner)}`, nonce.toString()]),
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
