// Vectors carry typed data as JSON (integers as decimal strings, bytes as 0x-hex): this walks the types and turns each
// integer field back into a bigint, so the data is what a TypeScript caller would pass.
import type { TypedData, TypedDataField, TypedDataValue } from "../../src/index.js";

const INT = /^u?int[0-9]*$/;
const DOMAIN_TYPES: Record<string, string> = { name: "string", version: "string", chainId: "uint256", verifyingContract: "address", salt: "bytes32" };

function convert(type: string, value: unknown, types: Record<string, readonly TypedDataField[]>): TypedDataValue {
  const array = /^(.+)\[[0-9]*\]$/.exec(type);
  if (array !== null) return (value as unknown[]).map((v) => convert(array[1]!, v, types));
  if (INT.test(type)) return BigInt(value as string | number);
  const fields = types[type];
  if (fields !== undefined) {
    const out: Record<string, TypedDataValue> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = convert(fields.find((f) => f.name === k)?.type ?? "string", v, types);
    return out;
  }
  return value as TypedDataValue;
}

export function typedDataFromJson(json: {
  domain: Record<string, unknown>;
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}): TypedData {
  const domain: Record<string, TypedDataValue> = {};
  for (const [k, v] of Object.entries(json.domain)) domain[k] = convert(DOMAIN_TYPES[k] ?? "string", v, json.types);
  return { domain, types: json.types, primaryType: json.primaryType, message: convert(json.primaryType, json.message, json.types) as Record<string, TypedDataValue> } as TypedData;
}
