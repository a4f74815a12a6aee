// pvm_host.eth_verify_typed_data: EIP-712 verification for actors (spec §16.1; cips/interop.md "EIP-712 for actors").
// Pure computation, so it needs nothing of the Host. The Python arguments are turned into TypedData through their
// canonical encoding (charged as serialization), then the hashing is charged at keccak256's rate by the bytes it
// hashed and the recovery at secp256k1's (HOST_OPS_V1.ethVerifyTypedData).
import { CborTuple, decodeCbor, type CborValue } from "@cowboy/codec";
import { CryptoError, normalizeRecoverableSignature, recoverAddress, type TypedData, type TypedDataValue, typedDataDigest } from "@cowboy/crypto";
import { HOST_OPS_V1, linearCost } from "@cowboy/metering";
import { encodeValue } from "./canonical/index.js";
import type { Runtime } from "./runtime/context.js";
import { pyErr } from "./runtime/exceptions.js";
import type { Value } from "./runtime/object.js";

const FN = "eth_verify_typed_data";

/** A decoded canonical value as typed data input: dicts become objects with str keys, tuples lists. */
function toTyped(v: CborValue, path: string): TypedDataValue {
  if (typeof v === "bigint" || typeof v === "string" || typeof v === "boolean" || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map((x, i) => toTyped(x, `${path}[${i}]`));
  if (v instanceof CborTuple) return v.items.map((x, i) => toTyped(x, `${path}[${i}]`));
  if (v instanceof Map) {
    const out: Record<string, TypedDataValue> = Object.create(null);
    for (const [k, x] of v) {
      if (typeof k !== "string") throw pyErr("TypeError", `${FN}() ${path} keys must be str`);
      out[k] = toTyped(x, `${path}.${k}`);
    }
    return out;
  }
  throw pyErr("TypeError", `${FN}() ${path}: only int, str, bool, bytes, list, tuple and dict are typed data values`);
}

function argument(rt: Runtime, v: Value | undefined, name: string): TypedDataValue {
  if (v === undefined) throw pyErr("TypeError", `${FN}() missing argument '${name}'`);
  return toTyped(decodeCbor(encodeValue(rt, v)), name);
}

/**
 * eth_verify_typed_data(domain, types, primary_type, message, signature, address) → bool. Malformed typed data,
 * a signature that is not 65 bytes with v in {27, 28, 0, 1}, or an address that is not 20 bytes raise ValueError;
 * a well-formed signature by anyone else (or over another domain) returns False.
 */
export function ethVerifyTypedData(rt: Runtime, a: readonly Value[], signature: Uint8Array, address: Uint8Array): boolean {
  if (a.length !== 6) throw pyErr("TypeError", `${FN}() takes 6 positional arguments but ${a.length} were given`);
  if (address.length !== 20) throw pyErr("ValueError", `${FN}() argument 'address' must be 20 bytes, got ${address.length}`);
  let sig: Uint8Array;
  try {
    sig = normalizeRecoverableSignature(signature);
  } catch (error) {
    if (error instanceof CryptoError) throw pyErr("ValueError", `${FN}() ${error.message}`);
    throw error;
  }
  const primaryType = a[2];
  if (typeof primaryType !== "string") throw pyErr("TypeError", `${FN}() argument 'primary_type' must be str`);
  const data = {
    domain: argument(rt, a[0], "domain"),
    types: argument(rt, a[1], "types"),
    primaryType,
    message: argument(rt, a[3], "message"),
  } as unknown as TypedData;
  rt.charge(Number(HOST_OPS_V1.ethVerifyTypedData.base));
  let digest: Uint8Array;
  try {
    const d = typedDataDigest(data);
    rt.charge(Number(linearCost(HOST_OPS_V1.ethVerifyTypedData, d.hashedBytes) - HOST_OPS_V1.ethVerifyTypedData.base));
    digest = d.digest;
  } catch (error) {
    if (error instanceof CryptoError) throw pyErr("ValueError", `${FN}() ${error.message}`);
    throw error;
  }
  let signer: Uint8Array;
  try {
    signer = recoverAddress(digest, sig);
  } catch (error) {
    if (error instanceof CryptoError) return false;
    throw error;
  }
  return signer.every((b, i) => b === address[i]);
}
