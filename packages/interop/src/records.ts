// The EventListener's records and their one byte form (canonical CBOR maps, cips/canonical-encoding.md), and the
// Ethereum log an oracle reports, with its identity (cips/interop.md "Event subscriptions").
import { type CborValue, decodeCbor, encodeCbor } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { InteropError } from "./errors.js";

export interface OracleRecord {
  readonly stake: bigint;
  /** Height at which the operator registered. */
  readonly since: bigint;
  /** Null while active; once unregistered, the height from which the stake may be withdrawn. */
  readonly unbondingUntil: bigint | null;
}

export interface Subscription {
  readonly id: Uint8Array;
  /** The subscribing actor: receives `handler(event)` from 0x14 and may cancel. */
  readonly owner: Uint8Array;
  /** The Ethereum contract whose logs are watched (20 bytes). */
  readonly contract: Uint8Array;
  /** Up to four topic filters; null matches any topic at that position. */
  readonly topics: readonly (Uint8Array | null)[];
  readonly fromBlock: bigint;
  readonly confirmations: bigint;
  readonly handler: string;
  /** CBY (base units) escrowed at 0x14; each delivery pays `feePerEvent` from it to the agreeing oracles. */
  readonly deposit: bigint;
  readonly feePerEvent: bigint;
  /** The last delivered log position, or null before the first: deliveries are strictly after it. */
  readonly cursor: { readonly block: bigint; readonly logIndex: bigint } | null;
  readonly delivered: bigint;
}

/** One Ethereum log as an oracle saw it, `confirmations` blocks deep. */
export interface EthLog {
  readonly contract: Uint8Array;
  readonly topics: readonly Uint8Array[];
  readonly data: Uint8Array;
  readonly blockNumber: bigint;
  readonly blockHash: Uint8Array;
  readonly transactionHash: Uint8Array;
  readonly logIndex: bigint;
}

const bad = (m: string) => new InteropError("INVALID_ARGUMENT", m);
const field = (m: Map<CborValue, CborValue>, k: string): CborValue => {
  if (!m.has(k)) throw bad(`stored record lacks '${k}'`);
  return m.get(k)!;
};
const asMap = (b: Uint8Array): Map<CborValue, CborValue> => {
  const v = decodeCbor(b);
  if (!(v instanceof Map)) throw bad("stored record is not a map");
  return v;
};

export function encodeOracle(r: OracleRecord): Uint8Array {
  return encodeCbor({ stake: r.stake, since: r.since, unbonding_until: r.unbondingUntil });
}
export function decodeOracle(b: Uint8Array): OracleRecord {
  const m = asMap(b);
  return { stake: field(m, "stake") as bigint, since: field(m, "since") as bigint, unbondingUntil: (m.get("unbonding_until") ?? null) as bigint | null };
}

export function encodeSubscription(s: Subscription): Uint8Array {
  return encodeCbor({
    id: s.id,
    owner: s.owner,
    contract: s.contract,
    topics: s.topics.map((t) => t ?? null),
    from_block: s.fromBlock,
    confirmations: s.confirmations,
    handler: s.handler,
    deposit: s.deposit,
    fee_per_event: s.feePerEvent,
    cursor: s.cursor === null ? null : [s.cursor.block, s.cursor.logIndex],
    delivered: s.delivered,
  });
}
export function decodeSubscription(b: Uint8Array): Subscription {
  const m = asMap(b);
  const cursor = field(m, "cursor") as bigint[] | null;
  return {
    id: field(m, "id") as Uint8Array,
    owner: field(m, "owner") as Uint8Array,
    contract: field(m, "contract") as Uint8Array,
    topics: field(m, "topics") as (Uint8Array | null)[],
    fromBlock: field(m, "from_block") as bigint,
    confirmations: field(m, "confirmations") as bigint,
    handler: field(m, "handler") as string,
    deposit: field(m, "deposit") as bigint,
    feePerEvent: field(m, "fee_per_event") as bigint,
    cursor: cursor === null ? null : { block: cursor[0]!, logIndex: cursor[1]! },
    delivered: field(m, "delivered") as bigint,
  };
}

/** The canonical form of a log: what oracles agree on, byte for byte. */
export function encodeEthLog(log: EthLog): Uint8Array {
  return encodeCbor({
    contract: log.contract,
    topics: [...log.topics],
    data: log.data,
    block_number: log.blockNumber,
    block_hash: log.blockHash,
    transaction_hash: log.transactionHash,
    log_index: log.logIndex,
  });
}

/** keccak256 of the canonical log: two reports agree exactly when their ids are equal. */
export function ethLogId(log: EthLog): Uint8Array {
  return keccak256(encodeEthLog(log));
}

/** Checks a log's shape (lengths, counts, bounds); returns it. */
export function checkEthLog(log: EthLog, maxDataBytes: number): EthLog {
  const b = (v: unknown, n: number, name: string) => {
    if (!(v instanceof Uint8Array) || v.length !== n) throw bad(`${name} must be ${n} bytes`);
  };
  b(log.contract, 20, "contract");
  b(log.blockHash, 32, "blockHash");
  b(log.transactionHash, 32, "transactionHash");
  if (!Array.isArray(log.topics) || log.topics.length > 4) throw bad("a log has at most 4 topics");
  log.topics.forEach((t, i) => {
    b(t, 32, `topics[${i}]`);
  });
  if (!(log.data instanceof Uint8Array) || log.data.length > maxDataBytes) throw bad(`data must be at most ${maxDataBytes} bytes`);
  for (const [n, v] of [
    ["blockNumber", log.blockNumber],
    ["logIndex", log.logIndex],
  ] as const)
    if (typeof v !== "bigint" || v < 0n || v >= 1n << 64n) throw bad(`${n} must be a u64`);
  return log;
}

/** The message payload delivered to `handler`: one keyword argument `event`, a dict (cips/interop.md). */
export function deliveryPayload(sub: Subscription, log: EthLog): Uint8Array {
  return encodeCbor({
    event: {
      subscription: sub.id,
      contract: log.contract,
      topics: [...log.topics],
      data: log.data,
      block_number: log.blockNumber,
      block_hash: log.blockHash,
      transaction_hash: log.transactionHash,
      log_index: log.logIndex,
    },
  });
}
