// Varint sizes, shared by Writer, Reader and the codecs' encodeSize.
//
// The format is commonware's UInt: unsigned LEB128, seven value bits per byte, least significant
// group first, the high bit set on every byte but the last. Canonical means minimal: the last byte
// of a multi-byte varint is never 0x00.

export const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** A u64 varint never exceeds ten bytes; a u32 varint never exceeds five. */
export const MAX_VARINT_LEN_U64 = 10;
export const MAX_VARINT_LEN_U32 = 5;

/** Bytes taken by the varint of a non-negative safe integer. */
export function varintSizeNumber(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x20_0000) return 3;
  if (value < 0x1000_0000) return 4;
  let size = 4;
  let v = Math.floor(value / 0x1000_0000);
  while (v > 0) {
    size++;
    v = Math.floor(v / 0x80);
  }
  return size;
}

/** Bytes taken by the varint of a u64. */
export function varintSizeBigint(value: bigint): number {
  if (value <= 0x1f_ffff_ffff_ffffn) return varintSizeNumber(Number(value));
  let size = 0;
  let v = value;
  do {
    size++;
    v >>= 7n;
  } while (v > 0n);
  return size;
}
