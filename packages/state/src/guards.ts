// The state's own size bounds (argument guards are @cowboy/codec's: abytesIn, au64).

/** Longest state key, in bytes (cips/state.md "Keys"). */
export const MAX_KEY = 2048;
/** Largest state value, in bytes: 1 MiB, the largest actor code the chain stores. */
export const MAX_VALUE = 1024 * 1024;
