export { accountCodec, EMPTY_ACCOUNT, isEmptyAccount, encodeAccount, decodeAccount, type Account } from "./account.js";
export {
  headerCodec,
  laneUsageCodec,
  encodeHeader,
  decodeHeader,
  headerHash,
  MAX_CERTIFICATE_BYTES,
  MAX_BEACON_BYTES,
  type Header,
  type LaneUsage,
} from "./header.js";
export {
  receiptCodec,
  eventCodec,
  encodeReceipt,
  decodeReceipt,
  receiptDigest,
  receiptStatusName,
  ReceiptStatus,
  MAX_RETURN_DATA,
  MAX_EVENTS,
  MAX_EVENT_TOPIC,
  MAX_EVENT_DATA,
  type Receipt,
  type Event,
  type ReceiptStatusName,
} from "./receipt.js";
export { blockCodec, blockTransactionCodec, encodeBlock, decodeBlock, blockHash, transactionsRoot, MAX_BLOCK_TRANSACTIONS, type Block } from "./block.js";
export { merkleRoot, merkleProof, verifyMerkleProof, EMPTY_MERKLE_ROOT, type MerkleProof, type Keccak256 } from "./merkle.js";
export {
  headerToJson,
  headerFromJson,
  headerJsonSchema,
  receiptToJson,
  receiptFromJson,
  receiptJsonSchema,
  accountToJson,
  type HeaderJson,
  type ReceiptJson,
  type AccountJson,
} from "./json.js";
