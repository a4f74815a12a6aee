// EIP-712 typed structured data: the digest keccak256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)) and the
// Ethereum address that signed it (spec §16.1; cips/interop.md "EIP-712"). When `types` has no EIP712Domain it is
// derived from the domain's fields present, in EIP-712's order, as viem does. Bounded: see EIP712_LIMITS.
import { recoverAddress } from "./address.js";
import { CryptoError } from "./errors.js";
import { keccak256 } from "./hashes.js";
import type { Secp256k1 } from "./secp256k1.js";

/** A message value: ints as bigint (or a safe-integer number), bytes and addresses as Uint8Array or 0x-hex, structs as objects. */
export type TypedDataValue = bigint | number | string | boolean | Uint8Array | readonly TypedDataValue[] | { readonly [key: string]: TypedDataValue };
export interface TypedDataField {
  readonly name: string;
  readonly type: string;
}
export type TypedDataTypes = { readonly [typeName: string]: readonly TypedDataField[] };
export interface TypedDataDomain {
  readonly name?: string;
  readonly version?: string;
  readonly chainId?: bigint | number;
  readonly verifyingContract?: Uint8Array | string;
  readonly salt?: Uint8Array | string;
}
export interface TypedData {
  readonly domain: TypedDataDomain;
  readonly types: TypedDataTypes;
  readonly primaryType: string;
  readonly message: { readonly [key: string]: TypedDataValue };
}

/** Bounds on a type set, so the hashing work stays proportional to what a caller can be charged for. */
export const EIP712_LIMITS = Object.freeze({ maxStructTypes: 32, maxFields: 32, maxNameLength: 64, maxDepth: 32 });

/** EIP-712's domain fields in their canonical order, with their types. */
const DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
  { name: "salt", type: "bytes32" },
];

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const bad = (message: string): CryptoError => new CryptoError("INVALID_ARGUMENT", `typed data: ${message}`);

/** The EIP712Domain fields viem derives from a domain: each of DOMAIN_FIELDS whose value is present. */
export function domainTypeFor(domain: TypedDataDomain): TypedDataField[] {
  if (typeof domain !== "object" || domain === null) throw bad("domain must be an object");
  for (const key of Object.keys(domain)) if (!DOMAIN_FIELDS.some((f) => f.name === key)) throw bad(`unknown domain field '${key}'`);
  return DOMAIN_FIELDS.filter((f) => (domain as Record<string, unknown>)[f.name] !== undefined && (domain as Record<string, unknown>)[f.name] !== null);
}

type Atomic = { kind: "uint" | "int"; bits: number } | { kind: "bytesN"; size: number } | { kind: "address" | "bool" | "string" | "bytes" };

function atomic(type: string): Atomic | undefined {
  if (type === "address" || type === "bool" || type === "string" || type === "bytes") return { kind: type };
  let m = /^(u?)int([1-9][0-9]*)$/.exec(type);
  if (m !== null) {
    const bits = Number(m[2]);
    return bits % 8 === 0 && bits <= 256 ? { kind: m[1] === "u" ? "uint" : "int", bits } : undefined;
  }
  m = /^bytes([1-9][0-9]?)$/.exec(type);
  if (m !== null) return Number(m[1]) <= 32 ? { kind: "bytesN", size: Number(m[1]) } : undefined;
  return undefined;
}

/** `T[]` or `T[n]` → its element type and length (undefined = dynamic); otherwise undefined. */
function arrayOf(type: string): { element: string; length: number | undefined } | undefined {
  const m = /^(.+)\[([0-9]*)\]$/.exec(type);
  if (m === null) return undefined;
  if (m[2] !== "" && !/^(0|[1-9][0-9]*)$/.test(m[2]!)) throw bad(`bad array length in '${type}'`);
  return { element: m[1]!, length: m[2] === "" ? undefined : Number(m[2]) };
}

const baseType = (type: string): string => type.replace(/(\[[0-9]*\])+$/, "");

/** Checks names, fields and that every referenced type is atomic or defined. */
function checkTypes(types: TypedDataTypes): void {
  if (typeof types !== "object" || types === null) throw bad("types must be an object");
  const names = Object.keys(types);
  if (names.length > EIP712_LIMITS.maxStructTypes) throw bad(`at most ${EIP712_LIMITS.maxStructTypes} struct types, got ${names.length}`);
  for (const name of names) {
    if (!IDENT.test(name) || name.length > EIP712_LIMITS.maxNameLength) throw bad(`bad type name '${name.slice(0, 80)}'`);
    if (atomic(name) !== undefined) throw bad(`type name '${name}' is an atomic type`);
    const fields = types[name];
    if (!Array.isArray(fields)) throw bad(`types.${name} must be a list of {name, type}`);
    if (fields.length > EIP712_LIMITS.maxFields) throw bad(`types.${name}: at most ${EIP712_LIMITS.maxFields} fields, got ${fields.length}`);
    const seen = new Set<string>();
    for (const f of fields as readonly TypedDataField[]) {
      if (typeof f !== "object" || f === null || typeof f.name !== "string" || typeof f.type !== "string") throw bad(`types.${name}: each field must be {name: str, type: str}`);
      if (!IDENT.test(f.name) || f.name.length > EIP712_LIMITS.maxNameLength) throw bad(`types.${name}: bad field name '${f.name.slice(0, 80)}'`);
      if (seen.has(f.name)) throw bad(`types.${name}: field '${f.name}' appears twice`);
      seen.add(f.name);
      if (f.type.length > 2 * EIP712_LIMITS.maxNameLength) throw bad(`types.${name}.${f.name}: type too long`);
      const base = baseType(f.type);
      if (atomic(base) === undefined && !Object.hasOwn(types, base)) throw bad(`types.${name}.${f.name}: unknown type '${f.type}'`);
      if (base !== f.type) arrayOf(f.type);
    }
  }
}

/** Reports keccak input sizes so callers can charge for the work (cips/interop.md "Cost"). */
class Hasher {
  hashedBytes = 0;
  readonly #typeHashes = new Map<string, Uint8Array>();
  constructor(readonly types: TypedDataTypes) {}

  keccak(data: Uint8Array): Uint8Array {
    this.hashedBytes += data.length;
    return keccak256(data);
  }

  /** `Primary(fields)` followed by every struct it references, sorted by name. */
  encodeType(primary: string): string {
    const deps = new Set<string>();
    const visit = (t: string): void => {
      for (const f of this.types[t]!) {
        const b = baseType(f.type);
        if (Object.hasOwn(this.types, b) && b !== primary && !deps.has(b)) {
          deps.add(b);
          visit(b);
        }
      }
    };
    visit(primary);
    return [primary, ...[...deps].sort()].map((t) => `${t}(${this.types[t]!.map((f) => `${f.type} ${f.name}`).join(",")})`).join("");
  }

  typeHash(name: string): Uint8Array {
    let h = this.#typeHashes.get(name);
    if (h === undefined) {
      h = this.keccak(new TextEncoder().encode(this.encodeType(name)));
      this.#typeHashes.set(name, h);
    }
    return h;
  }

  hashStruct(name: string, value: unknown, path: string, depth: number): Uint8Array {
    if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof Uint8Array) throw bad(`${path} must be a struct ${name}`);
    const fields = this.types[name]!;
    const out = new Uint8Array(32 * (fields.length + 1));
    out.set(this.typeHash(name), 0);
    fields.forEach((f, i) => {
      if (!Object.hasOwn(value, f.name)) throw bad(`${path}.${f.name} is missing`);
      out.set(this.encodeField(f.type, (value as Record<string, unknown>)[f.name], `${path}.${f.name}`, depth + 1), 32 * (i + 1));
    });
    return this.keccak(out);
  }

  encodeField(type: string, value: unknown, path: string, depth: number): Uint8Array {
    if (depth > EIP712_LIMITS.maxDepth) throw bad(`${path}: nested deeper than ${EIP712_LIMITS.maxDepth}`);
    const array = arrayOf(type);
    if (array !== undefined) {
      if (!Array.isArray(value)) throw bad(`${path} must be a list (${type})`);
      if (array.length !== undefined && value.length !== array.length) throw bad(`${path} must have ${array.length} items, got ${value.length}`);
      const out = new Uint8Array(32 * value.length);
      value.forEach((v, i) => {
        out.set(this.encodeField(array.element, v, `${path}[${i}]`, depth + 1), 32 * i);
      });
      return this.keccak(out);
    }
    if (Object.hasOwn(this.types, type)) return this.hashStruct(type, value, path, depth);
    const a = atomic(type)!;
    const word = new Uint8Array(32);
    switch (a.kind) {
      case "string":
        if (typeof value !== "string") throw bad(`${path} must be a string`);
        return this.keccak(new TextEncoder().encode(value));
      case "bytes":
        return this.keccak(bytesValue(value, path));
      case "bytesN": {
        const b = bytesValue(value, path);
        if (b.length !== a.size) throw bad(`${path} must be ${a.size} bytes (${type}), got ${b.length}`);
        word.set(b, 0);
        return word;
      }
      case "address": {
        const b = bytesValue(value, path);
        if (b.length !== 20) throw bad(`${path} must be a 20-byte address, got ${b.length} bytes`);
        word.set(b, 12);
        return word;
      }
      case "bool":
        if (typeof value !== "boolean") throw bad(`${path} must be a bool`);
        word[31] = value ? 1 : 0;
        return word;
      default: {
        const n = intValue(value, path);
        const bits = BigInt(a.bits);
        const [lo, hi] = a.kind === "uint" ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
        if (n < lo || n > hi) throw bad(`${path} = ${n} is out of range for ${type}`);
        let x = n < 0n ? (1n << 256n) + n : n;
        for (let i = 31; i >= 0; i--, x >>= 8n) word[i] = Number(x & 0xffn);
        return word;
      }
    }
  }
}

function bytesValue(value: unknown, path: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string" && /^0x([0-9a-fA-F]{2})*$/.test(value)) {
    const out = new Uint8Array((value.length - 2) / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(value.slice(2 + 2 * i, 4 + 2 * i), 16);
    return out;
  }
  throw bad(`${path} must be bytes or 0x-hex`);
}

function intValue(value: unknown, path: string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  throw bad(`${path} must be an integer`);
}

/** The EIP-712 digest of `data` and how many bytes were hashed on the way (for metering). */
export function typedDataDigest(data: TypedData): { digest: Uint8Array; hashedBytes: number } {
  if (typeof data !== "object" || data === null) throw bad("expected {domain, types, primaryType, message}");
  const types: TypedDataTypes = Object.hasOwn(data.types ?? {}, "EIP712Domain") ? data.types : { EIP712Domain: domainTypeFor(data.domain), ...data.types };
  checkTypes(types);
  if (typeof data.primaryType !== "string" || !Object.hasOwn(types, data.primaryType)) throw bad(`primaryType '${String(data.primaryType)}' is not among the types`);
  const h = new Hasher(types);
  const pre = new Uint8Array(data.primaryType === "EIP712Domain" ? 34 : 66);
  pre.set([0x19, 0x01], 0);
  pre.set(h.hashStruct("EIP712Domain", data.domain, "domain", 0), 2);
  if (data.primaryType !== "EIP712Domain") pre.set(h.hashStruct(data.primaryType, data.message, "message", 0), 34);
  const digest = h.keccak(pre);
  return { digest, hashedBytes: h.hashedBytes };
}

/** keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)): what an Ethereum wallet signs for `eth_signTypedData_v4`. */
export function hashTypedData(data: TypedData): Uint8Array {
  return typedDataDigest(data).digest;
}

/**
 * Cowboy's r‖s‖v (v 0/1) from a wallet's 65-byte signature with v = 27/28 or 0/1.
 * Another length or v is a CryptoError.
 */
export function normalizeRecoverableSignature(signature: Uint8Array): Uint8Array {
  if (!(signature instanceof Uint8Array) || signature.length !== 65) throw new CryptoError("INVALID_LENGTH", "signature: expected 65 bytes r‖s‖v");
  const v = signature[64]!;
  if (v !== 0 && v !== 1 && v !== 27 && v !== 28) throw new CryptoError("INVALID_RECOVERY_ID", `signature: v must be 27, 28, 0 or 1, got ${v}`);
  const out = signature.slice();
  out[64] = v >= 27 ? v - 27 : v;
  return out;
}

/**
 * True when `signature` over the EIP-712 digest of `data` recovers to `address` (20 bytes). A signature that does not
 * recover (r or s out of range, high-S, no such point) is false; a malformed `data`, a signature that is not 65 bytes or
 * has another v, or an address that is not 20 bytes throws CryptoError.
 */
export function verifyTypedDataWith(curve: Secp256k1, data: TypedData, signature: Uint8Array, address: Uint8Array): boolean {
  if (!(address instanceof Uint8Array) || address.length !== 20) throw new CryptoError("INVALID_LENGTH", "address: expected 20 bytes");
  const sig = normalizeRecoverableSignature(signature);
  const digest = hashTypedData(data);
  let signer: Uint8Array;
  try {
    signer = recoverAddress(digest, sig, curve);
  } catch (error) {
    if (error instanceof CryptoError) return false;
    throw error;
  }
  return signer.every((b, i) => b === address[i]);
}
