export function hex(s: string): Uint8Array {
  const clean = s.startsWith("0x") ? s.slice(2) : s;
  if (clean.length % 2 !== 0) throw new Error(`odd-length hex: ${s}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function toHex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** A seeded xorshift-style byte stream for reproducible "random" test inputs (never Math.random). */
export function seededBytes(seed: number): (n: number) => Uint8Array {
  let state = BigInt(seed) | 1n;
  const mask = (1n << 64n) - 1n;
  return (n: number) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      state ^= (state << 13n) & mask;
      state ^= state >> 7n;
      state ^= (state << 17n) & mask;
      out[i] = Number(state & 0xffn);
    }
    return out;
  };
}
