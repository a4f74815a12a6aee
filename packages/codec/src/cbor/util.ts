// Byte helpers of the canonical CBOR module.

/** True when `s` holds a UTF-16 surrogate outside a pair: such a string has no UTF-8 form. */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff) return true;
    const d = s.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
    i++;
  }
  return false;
}
