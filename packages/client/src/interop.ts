// Reads of the EventListener 0x14 (cips/interop.md "RPC"): Ethereum event subscriptions, oracles, wrapped assets
// and unlock requests, turned from the node's JSON into bytes and bigints. Each answers `undefined` on a node
// without the interop namespace.
import { fromHex, toHex } from "@cowboy/codec";
import { optional } from "./reads.js";
import type { Request } from "./transport.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const bytes = (s: string): Uint8Array => fromHex(s.startsWith("0x") ? s.slice(2) : s);

export interface EthSubscription {
  readonly id: Uint8Array;
  readonly owner: Uint8Array;
  readonly contract: Uint8Array;
  readonly topics: readonly (Uint8Array | null)[];
  readonly fromBlock: bigint;
  readonly confirmations: bigint;
  readonly handler: string;
  readonly deposit: bigint;
  readonly feePerEvent: bigint;
  readonly cursor: { readonly block: bigint; readonly logIndex: bigint } | null;
  readonly delivered: bigint;
}

export interface EthOracle {
  readonly address: Uint8Array;
  readonly stake: bigint;
  readonly since: bigint;
  readonly unbondingUntil: bigint | null;
}

export interface BridgeAsset {
  readonly token: bigint;
  readonly subscription: Uint8Array;
  readonly bridge: Uint8Array;
  readonly ethToken: Uint8Array;
  readonly scale: bigint;
  readonly minted: bigint;
  readonly burned: bigint;
}

export interface UnlockRequest {
  readonly sequence: bigint;
  readonly token: bigint;
  readonly bridge: Uint8Array;
  readonly ethToken: Uint8Array;
  readonly holder: Uint8Array;
  readonly ethRecipient: Uint8Array;
  readonly amount: bigint;
  readonly ethAmount: bigint;
  readonly height: bigint;
}

type Json = Record<string, unknown>;
const s = (j: Json, k: string) => j[k] as string;

function subscriptionFromJson(j: Json): EthSubscription {
  const cursor = j.cursor as { block: string; log_index: string } | null;
  return {
    id: bytes(s(j, "id")),
    owner: bytes(s(j, "owner")),
    contract: bytes(s(j, "contract")),
    topics: (j.topics as (string | null)[]).map((t) => (t === null ? null : bytes(t))),
    fromBlock: BigInt(s(j, "from_block")),
    confirmations: BigInt(s(j, "confirmations")),
    handler: s(j, "handler"),
    deposit: BigInt(s(j, "deposit")),
    feePerEvent: BigInt(s(j, "fee_per_event")),
    cursor: cursor === null ? null : { block: BigInt(cursor.block), logIndex: BigInt(cursor.log_index) },
    delivered: BigInt(s(j, "delivered")),
  };
}

const oracleFromJson = (j: Json): EthOracle => ({
  address: bytes(s(j, "address")),
  stake: BigInt(s(j, "stake")),
  since: BigInt(s(j, "since")),
  unbondingUntil: j.unbonding_until === null ? null : BigInt(s(j, "unbonding_until")),
});

const assetFromJson = (j: Json): BridgeAsset => ({
  token: BigInt(s(j, "token")),
  subscription: bytes(s(j, "subscription")),
  bridge: bytes(s(j, "bridge")),
  ethToken: bytes(s(j, "eth_token")),
  scale: BigInt(s(j, "scale")),
  minted: BigInt(s(j, "minted")),
  burned: BigInt(s(j, "burned")),
});

const unlockFromJson = (j: Json): UnlockRequest => ({
  sequence: BigInt(s(j, "sequence")),
  token: BigInt(s(j, "token")),
  bridge: bytes(s(j, "bridge")),
  ethToken: bytes(s(j, "eth_token")),
  holder: bytes(s(j, "holder")),
  ethRecipient: bytes(s(j, "eth_recipient")),
  amount: BigInt(s(j, "amount")),
  ethAmount: BigInt(s(j, "eth_amount")),
  height: BigInt(s(j, "height")),
});

export async function getEthSubscription(request: Request, id: Uint8Array): Promise<EthSubscription | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getEthSubscription", [hex(id)]));
  return j === undefined || j === null ? j : subscriptionFromJson(j);
}

export async function listEthSubscriptions(request: Request, subscriber?: Uint8Array): Promise<EthSubscription[] | undefined> {
  const j = await optional(request<Json[]>("cowboy_listEthSubscriptions", subscriber === undefined ? [] : [{ subscriber: hex(subscriber) }]));
  return j?.map(subscriptionFromJson);
}

export async function listEthOracles(request: Request): Promise<EthOracle[] | undefined> {
  return (await optional(request<Json[]>("cowboy_listEthOracles")))?.map(oracleFromJson);
}

export async function getEthOracle(request: Request, address: Uint8Array): Promise<EthOracle | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getEthOracle", [hex(address)]));
  return j === undefined || j === null ? j : oracleFromJson(j);
}

export async function listBridgeAssets(request: Request): Promise<BridgeAsset[] | undefined> {
  return (await optional(request<Json[]>("cowboy_listBridgeAssets")))?.map(assetFromJson);
}

export async function getBridgeAsset(request: Request, token: bigint): Promise<BridgeAsset | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getBridgeAsset", [token.toString()]));
  return j === undefined || j === null ? j : assetFromJson(j);
}

export async function listUnlockRequests(request: Request, range: { from?: bigint; limit?: bigint } = {}): Promise<UnlockRequest[] | undefined> {
  const arg = { ...(range.from === undefined ? {} : { from: range.from.toString() }), ...(range.limit === undefined ? {} : { limit: range.limit.toString() }) };
  return (await optional(request<Json[]>("cowboy_listUnlockRequests", [arg])))?.map(unlockFromJson);
}
