// Read-only views of a node for tools such as the explorer (issue 26): full blocks with their decoded certificates,
// transactions with their status, consensus and validators, storage and account proofs (apps/node/README.md
// "JSON-RPC"), and the methods a node may not serve yet (cips/ contracts of session 3: logs, traces, actor interfaces,
// timer history), which answer `undefined` there instead of failing.
import { decode, fromHex, toHex } from "@cowboy/codec";
import { blockCertificateCodec, headerFromJson, signerIndices, transactionFromJson, type Header, type Transaction } from "@cowboy/types";
import { ClientError } from "./errors.js";
import type { Request } from "./transport.js";

/** JSON-RPC 2.0's "method not found": the node does not serve the method (or, for consensus, runs without it). */
export const METHOD_NOT_FOUND = -32601;
/** The node's "not found" (a block, transaction or receipt that does not exist). */
export const NOT_FOUND = -32001;
/** The node's "unavailable": the method exists but not here (e.g. a node that keeps no observation index). */
export const UNAVAILABLE = -32003;

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

/** A block certificate as a header carries it (of its parent), decoded from `@cowboy/types`' blockCertificateCodec. */
export interface DecodedCertificate {
  readonly kind: "notarization" | "finalization";
  readonly epoch: bigint;
  readonly view: bigint;
  /** The view of the certified block's parent (0: genesis). */
  readonly parentView: bigint;
  /** The payload digest the votes signed. */
  readonly payload: Uint8Array;
  /** Validator indices that signed, ascending, out of `setSize`. */
  readonly signers: readonly number[];
  readonly setSize: number;
  readonly signature: Uint8Array;
  readonly seed: Uint8Array;
}

/** Decodes `header.certificate` (empty for the genesis block's child: null). */
export function decodeCertificate(bytes: Uint8Array): DecodedCertificate | null {
  if (bytes.length === 0) return null;
  const certificate = decode(blockCertificateCodec, bytes);
  const { proposal, signers, signature, seed } = certificate.value;
  return {
    kind: certificate.type,
    epoch: proposal.round.epoch,
    view: proposal.round.view,
    parentView: proposal.parent,
    payload: proposal.payload,
    signers: signerIndices(signers),
    setSize: signers.size,
    signature,
    seed,
  };
}

export interface BlockTransaction {
  readonly hash: Uint8Array;
  readonly transaction: Transaction;
}

/** A block with its hash and transaction bodies. */
export interface FullBlock {
  readonly hash: Uint8Array;
  readonly header: Header;
  readonly transactions: readonly BlockTransaction[];
}

function fullBlockFromJson(j: { header: { hash: string }; transactions: { hash: string }[] }): FullBlock {
  return {
    hash: fromHex(j.header.hash),
    header: headerFromJson(j.header),
    transactions: j.transactions.map((t) => ({ hash: fromHex(t.hash), transaction: transactionFromJson(withoutHash(t)) })),
  };
}

function withoutHash<T extends { hash: string }>(j: T): Omit<T, "hash"> {
  const { hash: _hash, ...rest } = j;
  return rest;
}

/** A block by height (or "latest"), or by its 32-byte hash, with transaction bodies; null when there is none. */
export async function getFullBlock(request: Request, at: bigint | "latest" | Uint8Array): Promise<FullBlock | null> {
  try {
    const j =
      at instanceof Uint8Array
        ? await request<{ header: { hash: string }; transactions: { hash: string }[] }>("cowboy_getBlockByHash", [hex(at), true])
        : await request<{ header: { hash: string }; transactions: { hash: string }[] }>("cowboy_getBlockByNumber", [at.toString(), true]);
    return fullBlockFromJson(j);
  } catch (error) {
    if (error instanceof ClientError && error.code === NOT_FOUND) return null;
    throw error;
  }
}

/** Why a transaction left the mempool without a block (apps/node/README.md "Mempool"). */
export interface DropReason {
  readonly code: string;
  readonly message: string;
  readonly rejection?: string;
  readonly droppedAtMs: number;
}

export type TransactionInfo =
  | { readonly status: "pending"; readonly transaction: Transaction }
  | { readonly status: "included"; readonly transaction: Transaction; readonly blockHash: Uint8Array; readonly height: bigint; readonly index: number }
  | { readonly status: "dropped"; readonly transaction: Transaction; readonly reason: DropReason };

/** A transaction and where it is (pending, included at height/index, or dropped with its reason); null when unknown. */
export async function getTransactionInfo(request: Request, hash: Uint8Array): Promise<TransactionInfo | null> {
  let j: {
    status: "pending" | "included" | "dropped";
    transaction: unknown;
    block_hash?: string;
    height?: string;
    index?: number;
    reason?: { code: string; message: string; rejection?: string; dropped_at_ms: number };
  };
  try {
    j = await request("cowboy_getTransaction", [hex(hash)]);
  } catch (error) {
    if (error instanceof ClientError && error.code === NOT_FOUND) return null;
    throw error;
  }
  const transaction = transactionFromJson(j.transaction);
  if (j.status === "included") return { status: "included", transaction, blockHash: fromHex(j.block_hash!), height: BigInt(j.height!), index: j.index! };
  if (j.status === "dropped") {
    const r = j.reason!;
    return {
      status: "dropped",
      transaction,
      reason: { code: r.code, message: r.message, ...(r.rejection === undefined ? {} : { rejection: r.rejection }), droppedAtMs: r.dropped_at_ms },
    };
  }
  return { status: "pending", transaction };
}

export interface ConsensusStatus {
  readonly view: bigint;
  readonly leader: Uint8Array | null;
  readonly notarizedHeight: bigint;
  readonly finalizedHeight: bigint;
  readonly validators: number;
  readonly peers: number;
  readonly voting: boolean;
  /** This node's validator index, or null for a full node. */
  readonly self: number | null;
}

/** Where consensus is; undefined on a node that runs without consensus (manual block production). */
export async function getConsensus(request: Request): Promise<ConsensusStatus | undefined> {
  const j = await optional(
    request<{ view: string; leader: string | null; notarized_height: string; finalized_height: string; validators: number; peers: number; voting: boolean; self: number | null }>(
      "cowboy_consensus",
    ),
  );
  if (j === undefined) return undefined;
  return {
    view: BigInt(j.view),
    leader: j.leader === null ? null : fromHex(j.leader),
    notarizedHeight: BigInt(j.notarized_height),
    finalizedHeight: BigInt(j.finalized_height),
    validators: j.validators,
    peers: j.peers,
    voting: j.voting,
    self: j.self,
  };
}

export interface ValidatorInfo {
  readonly index: number;
  readonly address: Uint8Array;
  readonly stake: bigint;
  readonly blsPublicKey: Uint8Array;
  readonly networkKey: Uint8Array;
  /** This node itself, or a peer it is connected to. */
  readonly connected: boolean;
}

/** The active validator set; undefined on a node that runs without consensus. */
export async function getValidators(request: Request): Promise<ValidatorInfo[] | undefined> {
  const j = await optional(request<{ index: number; address: string; stake: string; bls_public_key: string; network_key: string; connected: boolean }[]>("cowboy_validators"));
  return j?.map((v) => ({
    index: v.index,
    address: fromHex(v.address),
    stake: BigInt(v.stake),
    blsPublicKey: fromHex(v.bls_public_key),
    networkKey: fromHex(v.network_key),
    connected: v.connected,
  }));
}

/** One storage slot of an actor at the head, with its canonical state proof (cips/state.md). */
export interface StorageEntry {
  readonly slot: Uint8Array;
  /** Null when the slot is unset (the proof then proves absence). */
  readonly value: Uint8Array | null;
  /** The value's canonical CBOR as JSON text, when it decodes. */
  readonly json: string | null;
  readonly proof: Uint8Array;
  readonly stateRoot: Uint8Array;
  readonly height: bigint;
}

export async function getStorageEntry(request: Request, address: Uint8Array, slot: Uint8Array): Promise<StorageEntry> {
  const j = await request<{ value: string | null; json: string | null; proof: string; state_root: string; height: string }>("cowboy_getStorage", [hex(address), hex(slot)]);
  return { slot, value: j.value === null ? null : fromHex(j.value), json: j.json, proof: fromHex(j.proof), stateRoot: fromHex(j.state_root), height: BigInt(j.height) };
}

/** An account's canonical state proof (cips/state.md) at the head. */
export interface AccountProof {
  readonly height: bigint;
  readonly stateRoot: Uint8Array;
  readonly exists: boolean;
  readonly proof: Uint8Array;
}

export async function getAccountProof(request: Request, address: Uint8Array): Promise<AccountProof> {
  const j = await request<{ height: string; state_root: string; account: unknown; proof: string }>("cowboy_getAccountProof", [hex(address)]);
  return { height: BigInt(j.height), stateRoot: fromHex(j.state_root), exists: j.account !== null, proof: fromHex(j.proof) };
}

/** The result, or undefined when the node does not serve the method ("method not found", or "unavailable" here). */
export async function optional<T>(pending: Promise<T>): Promise<T | undefined> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ClientError && (error.code === METHOD_NOT_FOUND || error.code === UNAVAILABLE)) return undefined;
    throw error;
  }
}
