// A token's record (cips/tokens.md "State layout"): the canonical bytes are the codec's struct.
import { CodecError, atMost, decode, encode, fixedBytes, option, struct, u8, u64, uint, utf8, type Codec } from "@cowboy/codec";
import { TokenError } from "./errors.js";

export interface TokenRecord {
  /** Sequential from 1 in creation order. */
  readonly id: bigint;
  /** The creating account or actor: the mint authority. */
  readonly creator: Uint8Array;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Tokens in existence (u64). */
  readonly supply: bigint;
  /** The most that may ever exist, or null for no cap. */
  readonly maxSupply: bigint | null;
  /** An actor whose `validate_transfer(token, from, to, amount)` must return True for every transfer, or null. */
  readonly hook: Uint8Array | null;
}

/** id ‖ creator[20] ‖ name ‖ symbol ‖ decimals u8 ‖ supply u64 ‖ option(maxSupply u64) ‖ option(hook[20]). */
export const tokenRecordCodec: Codec<TokenRecord> = struct({
  id: uint,
  creator: fixedBytes(20),
  name: utf8(atMost(255)),
  symbol: utf8(atMost(255)),
  decimals: u8,
  supply: u64,
  maxSupply: option(u64),
  hook: option(fixedBytes(20)),
}) as unknown as Codec<TokenRecord>;

export const encodeTokenRecord = (r: TokenRecord): Uint8Array => encode(tokenRecordCodec, r);

export function decodeTokenRecord(b: Uint8Array): TokenRecord {
  try {
    return decode(tokenRecordCodec, b);
  } catch (error) {
    if (error instanceof CodecError) throw new TokenError("CORRUPT_STATE", `token record: ${error.message}`);
    throw error;
  }
}
