/**
 * High-precision constants as fixed-point integers: floor(c × 2^1400), computed once with exact integer
 * series (pi by Machin's formula, ln 2 = 2·atanh(1/3), ln 10 = 3·ln 2 + 2·atanh(1/9)) and checked in as
 * hex, so nothing is computed at load time. 1400 bits cover the reduction of any double modulo pi/2.
 */
const CONST_BITS = 1400;

export const PI_FIXED = BigInt(
  "0x" +
    "3243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89452821e638d01377be5466cf34e90c6" +
    "cc0ac29b7c97c50dd3f84d5b5b54709179216d5d98979fb1bd1310ba698dfb5ac2ffd72dbd01adfb7b8e1afed6a267e9" +
    "6ba7c9045f12c7f9924a19947b3916cf70801f2e2858efc16636920d871574e69a458fea3f4933d7e0d95748f728eb65" +
    "8718bcd5882154aee7b54a41dc25a59b59c30d5392af26013c5d1b023286085",
);

export const LN2_FIXED = BigInt(
  "0x" +
    "b17217f7d1cf79abc9e3b39803f2f6af40f343267298b62d8a0d175b8baafa2be7b876206debac98559552fb4afa1b10" +
    "ed2eae35c138214427573b291169b8253e96ca16224ae8c51acbda11317c387eb9ea9bc3b136603b256fa0ec7657f74b" +
    "72ce87b19d6548caf5dfa6bd38303248655fa1872f20e3a2da2d97c50f3fd5c607f4ca11fb5bfb90610d30f88fe551a2" +
    "ee569d6dfc1efa157d2e23de1400b39617460775db8990e5c943e732b479cd",
);

export const LN10_FIXED = BigInt(
  "0x" +
    "24d763776aaa2b05ba95b58ae0b4c28a38a3fb3e76977e43a0f187a0807c0b5ca58bc0b5ec6a0417331c32f00b17c35a" +
    "0b1889061042f8b6bee3de2100b945b59e0b3e28a2a324479d96a9b0ec360c7efbd9b3ac12acf1be94586ed2748671ee" +
    "f299ecd6c8d8142163a4cda3511e2713d6c22c15f57b7883d1a7a963a4c17a607891e3f2ab4ebba627356d0b9a89c586" +
    "691fb2c9a5e31753f6c74a3a95f53f703902fcf30785049a915d973789a0ce7",
);

/** c × 2^p (truncated) for a constant stored at CONST_BITS, 0 <= p <= CONST_BITS. */
export function constAt(c: bigint, p: number): bigint {
  if (p > CONST_BITS || p < 0) throw new Error(`constAt: precision ${p} out of range`);
  return c >> BigInt(CONST_BITS - p);
}
