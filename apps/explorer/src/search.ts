// The search box (issue 26 "Search by height, hash, address"): a decimal is a height, 20 bytes of hex an address,
// 32 bytes a transaction or block hash (the node is asked which: transactions first).

export type Query =
  | { readonly kind: "height"; readonly height: bigint }
  | { readonly kind: "address"; readonly address: string }
  | { readonly kind: "hash"; readonly hash: string }
  | { readonly kind: "invalid"; readonly reason: string };

/** What the text typed into the search box names. */
export function classifyQuery(text: string): Query {
  const q = text.trim().toLowerCase();
  if (q === "") return { kind: "invalid", reason: "type a block height, a transaction or block hash, or an address" };
  if (/^[0-9]+$/.test(q)) return q.length > 20 ? { kind: "invalid", reason: `${q} is not a block height` } : { kind: "height", height: BigInt(q) };
  const digits = q.startsWith("0x") ? q.slice(2) : q;
  if (!/^[0-9a-f]*$/.test(digits)) return { kind: "invalid", reason: `'${text.trim()}' is neither a number nor hex` };
  if (digits.length === 40) return { kind: "address", address: `0x${digits}` };
  if (digits.length === 64) return { kind: "hash", hash: `0x${digits}` };
  return { kind: "invalid", reason: `0x hex of ${digits.length / 2} bytes: an address has 20 bytes, a hash 32` };
}
