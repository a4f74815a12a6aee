/** Converts every decimal-string leaf of a vector object to bigint (hex strings are left alone by the caller). */
export function big<T>(value: T): any {
  if (typeof value === "string" && /^[0-9]+$/.test(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(big);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, big(v)]));
  return value;
}

export const fromHex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, "hex"));
export const toHex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
