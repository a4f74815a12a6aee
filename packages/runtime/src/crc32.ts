// CRC-32 (ISO-HDLC: reflected polynomial 0xEDB88320, init and final xor 0xFFFFFFFF), the checksum of
// a journal frame (journal-frame.ts). Our own table version: Node 20's zlib.crc32 returns 0 for some
// empty inputs (an empty TextEncoder result), dropping the running value, which would break chaining.

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `data`, continuing from `previous` (the CRC of the bytes before it; 0 to start). */
export function crc32(data: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < data.length; i++) c = (TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}
