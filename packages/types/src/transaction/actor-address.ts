import { abytes, concatBytes, equalBytes } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { ADDRESS_LENGTH, HASH_LENGTH } from "./constants.js";
import { TransactionError } from "./errors.js";

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const UTF8 = new TextEncoder();

function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const n = s.charCodeAt(i + 1);
      if (n >= 0xdc00 && n <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * The canonical bytes of Python source (spec §1.2): UTF-8, NFC-normalised, LF line endings (CRLF
 * and lone CR become LF), no byte-order mark. Bytes input must be valid UTF-8. These bytes are
 * what is hashed and stored.
 */
export function canonicalizeSource(source: string | Uint8Array): Uint8Array {
  let text: string;
  if (typeof source === "string") {
    if (hasLoneSurrogate(source)) throw new TransactionError("INVALID_FIELD", "contains a lone surrogate", "source");
    text = source;
  } else if (source instanceof Uint8Array) {
    try {
      text = STRICT_UTF8.decode(source);
    } catch {
      throw new TransactionError("INVALID_FIELD", "is not valid UTF-8", "source");
    }
  } else {
    throw new TransactionError("INVALID_FIELD", "must be a string or a Uint8Array", "source");
  }
  // Every leading BOM goes, so canonicalising canonical bytes is always a no-op.
  while (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n?/g, "\n").normalize("NFC");
  return UTF8.encode(text);
}

/** True when `bytes` is already canonical source (what a deploy instruction must carry). */
export function isCanonicalSource(bytes: Uint8Array): boolean {
  abytes(bytes, "bytes");
  try {
    return equalBytes(canonicalizeSource(bytes), bytes);
  } catch (err) {
    if (err instanceof TransactionError) return false;
    throw err;
  }
}

/** code_hash = keccak256(canonical source bytes) (spec §1.2). */
export function codeHash(sourceBytes: Uint8Array): Uint8Array {
  abytes(sourceBytes, "sourceBytes");
  return keccak256(sourceBytes);
}

/** addr = last 20 bytes of keccak256(creator ‖ salt ‖ code_hash) (spec §1.2, CREATE2-style). */
export function actorAddress(creator: Uint8Array, salt: Uint8Array, codeHashBytes: Uint8Array): Uint8Array {
  abytes(creator, "creator", ADDRESS_LENGTH);
  abytes(salt, "salt", HASH_LENGTH);
  abytes(codeHashBytes, "codeHash", HASH_LENGTH);
  return keccak256(concatBytes(creator, salt, codeHashBytes)).slice(HASH_LENGTH - ADDRESS_LENGTH);
}
