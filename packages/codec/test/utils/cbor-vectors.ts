// Loads test-vectors/cbor/canonical.json and rebuilds each vector's value from its typed description.
import { CborFloat, CborSet, CborTuple, type CborValue } from "../../src/index.js";
import { readVector } from "@cowboy/checks/vectors";

export type Described =
  | { none: null }
  | { bool: boolean }
  | { int: string }
  | { float: string }
  | { str: string }
  | { bytes: string }
  | { list: Described[] }
  | { tuple: Described[] }
  | { dict: [Described, Described][] }
  | { set: Described[] }
  | { frozenset: Described[] };

export interface CanonicalVectors {
  version: number;
  valid: { python: string; value: Described; json?: string; hex: string }[];
  invalid: { hex: string; why: string; reason: string; code: string; offset: number }[];
}

export const vectors = readVector<CanonicalVectors>("cbor/canonical.json");

export const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
export const bytes = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, "hex"));

/** The JS value a description stands for; throws on a description it does not know (strict loading). */
export function build(d: Described): CborValue {
  const keys = Object.keys(d);
  if (keys.length !== 1) throw new Error(`bad description ${JSON.stringify(d)}`);
  if ("none" in d) return null;
  if ("bool" in d) return d.bool;
  if ("int" in d) return BigInt(d.int);
  if ("float" in d) return new DataView(bytes(d.float).buffer).getFloat64(0);
  if ("str" in d) return d.str;
  if ("bytes" in d) return bytes(d.bytes);
  if ("list" in d) return d.list.map(build);
  if ("tuple" in d) return new CborTuple(d.tuple.map(build));
  if ("dict" in d) {
    // As decodeCbor does: a JS Map cannot hold the key -0, so a -0.0 key is boxed.
    const key = (k: CborValue) => (Object.is(k, -0) ? new CborFloat(-0) : k);
    return new Map(d.dict.map(([k, v]) => [key(build(k)), build(v)] as [CborValue, CborValue]));
  }
  if ("set" in d) return new CborSet(d.set.map(build));
  if ("frozenset" in d) return new CborSet(d.frozenset.map(build), true);
  throw new Error(`unknown description ${JSON.stringify(d)}`);
}
