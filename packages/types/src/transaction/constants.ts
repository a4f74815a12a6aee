// Sizes and protocol limits the transaction format depends on (spec §1, §2.5, §12.1).

/** Addresses are 20 bytes (§1). */
export const ADDRESS_LENGTH = 20;
/** keccak256 digests, salts and timer ids are 32 bytes. */
export const HASH_LENGTH = 32;
/** secp256k1 signatures are r‖s‖v, 65 bytes (§2.5). */
export const SIGNATURE_LENGTH = 65;
/** max_tx_size (§12.1, governance-tunable): 128 KiB. Also bounds every variable-length body. */
export const MAX_TX_SIZE = 128 * 1024;
/** Most additional signers one transaction may carry (cips/transactions.md). */
export const MAX_ADDITIONAL_SIGNERS = 16;
/** Longest actor method or timer handler name, in UTF-8 bytes (cips/transactions.md). */
export const MAX_METHOD_LENGTH = 128;
