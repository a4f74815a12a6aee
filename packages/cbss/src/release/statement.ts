// Release requests and responses (cips/cbss.md §8 "Release protocol"): a runner signs a request with
// its account key; a proxy answers with a signed statement carrying its share signature, sealed to the
// runner's transport key. The signed statement is also slashing evidence (an invalid share, or a release
// the chain state did not allow).
import { type Codec, bytes, encode, fixedBytes, range, struct, u32, u64, uint, utf8 } from "@cowboy/codec";
import { keccak256, recoverAddress, secp256k1 } from "@cowboy/crypto";
import { CbssError } from "../errors.js";
import { decodeInput } from "../chain/records.js";

export interface ReleaseRequest {
  readonly chainId: bigint;
  readonly owner: Uint8Array;
  readonly name: string;
  readonly version: number;
  readonly jobId: Uint8Array;
  /** The runner's account address (signs the request). */
  readonly runner: Uint8Array;
  /** X25519 key the response is sealed to. */
  readonly transportKey: Uint8Array;
  /** Unix seconds after which a proxy refuses the request (replay bound). */
  readonly expiresAt: bigint;
  readonly nonce: Uint8Array;
}

export const releaseRequestCodec: Codec<ReleaseRequest> = struct({
  chainId: u64,
  owner: fixedBytes(20),
  name: utf8(range(1, 64)),
  version: u32,
  jobId: fixedBytes(32),
  runner: fixedBytes(20),
  transportKey: fixedBytes(32),
  expiresAt: uint,
  nonce: fixedBytes(16),
}) as unknown as Codec<ReleaseRequest>;

export interface ReleaseStatement {
  readonly chainId: bigint;
  readonly epoch: bigint;
  /** keccak256 of the signed request bytes. */
  readonly requestHash: Uint8Array;
  readonly owner: Uint8Array;
  readonly name: string;
  readonly version: number;
  readonly jobId: Uint8Array;
  readonly runner: Uint8Array;
  /** The finalized height the proxy checked the policy at. */
  readonly height: bigint;
  /** The share signature: u32 BE index ‖ 96-byte G2. */
  readonly partial: Uint8Array;
}

export const releaseStatementCodec: Codec<ReleaseStatement> = struct({
  chainId: u64,
  epoch: uint,
  requestHash: fixedBytes(32),
  owner: fixedBytes(20),
  name: utf8(range(1, 64)),
  version: u32,
  jobId: fixedBytes(32),
  runner: fixedBytes(20),
  height: uint,
  partial: fixedBytes(100),
}) as unknown as Codec<ReleaseStatement>;

const REQUEST_TAG = new TextEncoder().encode("cowboy/cbss/request/v1");
const STATEMENT_TAG = new TextEncoder().encode("cowboy/cbss/statement/v1");

function digest(tag: Uint8Array, body: Uint8Array): Uint8Array {
  const b = new Uint8Array(tag.length + body.length);
  b.set(tag);
  b.set(body, tag.length);
  return keccak256(b);
}

/** A signed blob: body ‖ 65-byte secp256k1 signature over keccak256(tag ‖ body). */
export interface Signed {
  readonly body: Uint8Array;
  readonly signature: Uint8Array;
}

export const signedCodec: Codec<Signed> = struct({ body: bytes(range(1, 4096)), signature: fixedBytes(65) }) as unknown as Codec<Signed>;

export function signRequest(request: ReleaseRequest, privateKey: Uint8Array): Signed {
  const body = encode(releaseRequestCodec, request);
  return { body, signature: secp256k1.sign(digest(REQUEST_TAG, body), privateKey) };
}

export function signStatement(statement: ReleaseStatement, privateKey: Uint8Array): Signed {
  const body = encode(releaseStatementCodec, statement);
  return { body, signature: secp256k1.sign(digest(STATEMENT_TAG, body), privateKey) };
}

function signer(tag: Uint8Array, s: Signed): Uint8Array {
  try {
    return recoverAddress(digest(tag, s.body), s.signature);
  } catch (cause) {
    throw new CbssError("BAD_SIGNATURE", "the signature does not recover", undefined, { cause });
  }
}

/** Decodes a signed request; the signer must be the request's runner (BAD_SIGNATURE otherwise). */
export function openRequest(s: Signed): { request: ReleaseRequest; hash: Uint8Array } {
  const request = decodeInput(releaseRequestCodec, "request", s.body);
  const who = signer(REQUEST_TAG, s);
  if (!who.every((b, i) => b === request.runner[i])) throw new CbssError("BAD_SIGNATURE", "the request is not signed by its runner");
  return { request, hash: keccak256(encode(signedCodec, s)) };
}

/** Decodes a signed statement and returns it with the address that signed it. */
export function openStatement(s: Signed): { statement: ReleaseStatement; signer: Uint8Array } {
  return { statement: decodeInput(releaseStatementCodec, "statement", s.body), signer: signer(STATEMENT_TAG, s) };
}
