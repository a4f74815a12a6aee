import { CodecError, type Codec, varuint32 } from "@cowboy/codec";

// Signer bitmap (cips/consensus.md, "Types"): which validators of the epoch's ordered set signed a
// certificate. Bit i (validator index i) is bit 7 - (i mod 8) of byte floor(i / 8), MSB first; the
// encoding is varint(size) then ceil(size / 8) bytes, and padding bits past `size` must be zero.

/** Largest validator set a certificate can name. */
export const MAX_VALIDATORS = 1_024;

/** The signers of a certificate over a validator set of `size`. */
export interface SignerSet {
  readonly size: number;
  /** ceil(size / 8) bytes. */
  readonly bits: Uint8Array;
}

const sizeCodec = varuint32({ min: 1, max: MAX_VALIDATORS });

export const signerSetCodec: Codec<SignerSet> = {
  encodeSize(v) {
    return sizeCodec.encodeSize(v.size) + byteLength(v.size);
  },
  write(w, v) {
    checkBits(v, w.length);
    sizeCodec.write(w, v.size);
    w.bytes(v.bits);
  },
  read(r) {
    const size = sizeCodec.read(r);
    const start = r.offset;
    const set = { size, bits: r.bytes(byteLength(size)) };
    checkBits(set, start);
    return set;
  },
};

/** The set of `size` validators with the given members (indices in [0, size)). */
export function signerSet(size: number, members: Iterable<number>): SignerSet {
  const bits = new Uint8Array(byteLength(size));
  for (const i of members) {
    if (!Number.isInteger(i) || i < 0 || i >= size) throw new CodecError("INVALID_VALUE", 0, `signer ${i} outside [0, ${size})`);
    bits[i >> 3] = (bits[i >> 3] as number) | (0x80 >> (i & 7));
  }
  return { size, bits };
}

/** The members of `set`, ascending. */
export function signerIndices(set: SignerSet): number[] {
  const out: number[] = [];
  for (let i = 0; i < set.size; i++) if (((set.bits[i >> 3] as number) & (0x80 >> (i & 7))) !== 0) out.push(i);
  return out;
}

function byteLength(size: number): number {
  return Math.ceil(size / 8);
}

function checkBits(set: SignerSet, at: number): void {
  if (!(set.bits instanceof Uint8Array) || set.bits.length !== byteLength(set.size)) {
    throw new CodecError("INVALID_VALUE", at, `signer bitmap of ${set.size} needs ${byteLength(set.size)} bytes`);
  }
  const used = set.size & 7;
  if (used !== 0 && ((set.bits[set.bits.length - 1] as number) & (0xff >> used)) !== 0) {
    throw new CodecError("INVALID_VALUE", at, "signer bitmap has bits set past its size");
  }
}
