import { CodecError, atMost, bytes, fixedBytes, option, range, u64, uint, utf8, type Codec } from "@cowboy/codec";
import { ADDRESS_LENGTH, HASH_LENGTH, MAX_METHOD_LENGTH, MAX_TX_SIZE } from "./constants.js";

// The kinds of field an instruction body is made of. Each kind fixes a wire codec and a JSON
// form, so instruction codecs, JSON schemas and converters are all derived from one table.

export type FieldKind = "address" | "hash" | "amount" | "uint" | "bytes" | "name" | "option_address" | "option_uint";

export interface FieldValue {
  address: Uint8Array;
  hash: Uint8Array;
  amount: bigint;
  uint: bigint;
  bytes: Uint8Array;
  name: string;
  option_address: Uint8Array | null;
  option_uint: bigint | null;
}

const address = fixedBytes(ADDRESS_LENGTH);

/** Token amounts are fixed 8-byte big-endian u64 (spec Appendix A: Transfer.amount). */
export const FIELD_CODECS: { [K in FieldKind]: Codec<FieldValue[K]> } = {
  address,
  hash: fixedBytes(HASH_LENGTH),
  amount: u64,
  uint,
  bytes: bytes(atMost(MAX_TX_SIZE)),
  name: utf8(range(1, MAX_METHOD_LENGTH)),
  option_address: option(address),
  option_uint: option(uint),
};

/** Throws unless `value` has the in-memory type of `kind` (sizes are checked by the codec). */
export function checkFieldType(kind: FieldKind, value: unknown, field: string): void {
  const ok = (() => {
    switch (kind) {
      case "address":
      case "hash":
      case "bytes":
        return value instanceof Uint8Array;
      case "amount":
      case "uint":
        return typeof value === "bigint";
      case "name":
        return typeof value === "string";
      case "option_address":
        return value === null || value instanceof Uint8Array;
      case "option_uint":
        return value === null || typeof value === "bigint";
    }
  })();
  if (!ok) throw new CodecError("INVALID_VALUE", 0, `${field} has the wrong type for ${kind}`);
}
