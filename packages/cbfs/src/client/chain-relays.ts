// The relay set from the chain (cips/cbfs.md §10): 0x0B's live relays as a node's `cowboy_listRelays` reports them,
// in the shape placement draws from. The RPC call is passed in, so this subpath needs no RPC client.
import { fromHex } from "@cowboy/codec";
import type { RelayInfo } from "./transport.js";

/** A JSON-RPC call: method and params → result. */
export type RpcRequest = <T>(method: string, params?: readonly unknown[]) => Promise<T>;

/** One relay as `cowboy_listRelays` lists it. */
export interface ChainRelayJson {
  readonly address: string;
  readonly operator: string;
  readonly stake: string;
  readonly capacity: string;
  readonly endpoint: string;
  readonly last_heartbeat: string;
  readonly live: boolean;
}

export interface ChainRelays {
  /** The head height the set was read at. */
  readonly height: bigint;
  /** Live relays (active, heartbeated within the dead-after window): the placement set. */
  readonly relays: RelayInfo[];
}

/** The live relays registered at 0x0B at the node's head. */
export async function fetchChainRelays(request: RpcRequest): Promise<ChainRelays> {
  const j = await request<{ height: string; relays: ChainRelayJson[] }>("cowboy_listRelays");
  return {
    height: BigInt(j.height),
    relays: j.relays
      .filter((r) => r.live)
      .map((r) => ({
        endpoint: r.endpoint,
        address: fromHex(r.address),
        operator: fromHex(r.operator),
        stake: BigInt(r.stake),
        capacity: BigInt(r.capacity),
        used: 0n,
      })),
  };
}
