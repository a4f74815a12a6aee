// The system-actor address table of spec §9: every address below 0x100 is reserved (rent-exempt); the dense band
// 0x01–0x13 holds the named system actors, each owned by one package. Packages take their address from here.
import { ADDRESS_LENGTH } from "../transaction/constants.js";

/** Spec §9 rule 4: actors below this address are system actors, exempt from state rent. */
export const RESERVED_SYSTEM_ADDRESS_LIMIT = 0x100;

/** The 20-byte address of system slot `n`: nineteen zero bytes, then `n` (1 ≤ n < 0x100). */
export function systemAddress(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 1 || n >= RESERVED_SYSTEM_ADDRESS_LIMIT) {
    throw new RangeError(`system address slot ${n} is outside 0x01..0xff`);
  }
  const a = new Uint8Array(ADDRESS_LENGTH);
  a[ADDRESS_LENGTH - 1] = n;
  return a;
}

/** True for an address in the reserved band (nineteen zero bytes, then a non-zero byte). */
export function isSystemAddress(address: Uint8Array): boolean {
  if (address.length !== ADDRESS_LENGTH) return false;
  for (let i = 0; i < ADDRESS_LENGTH - 1; i++) if (address[i] !== 0) return false;
  return address[ADDRESS_LENGTH - 1] !== 0;
}

/** Spec §9's slots, by name. */
export const SYSTEM_ACTORS = {
  runnerRegistry: 0x01,
  jobDispatcher: 0x02,
  resultVerifier: 0x03,
  secretsManager: 0x04,
  teeVerifier: 0x05,
  tokenRegistry: 0x06,
  entitlementRegistry: 0x07,
  treasury: 0x08,
  governance: 0x09,
  storageManager: 0x0a,
  relayRegistry: 0x0b,
  containerRegistry: 0x11,
  eventListener: 0x14,
} as const;

export type SystemActorName = keyof typeof SYSTEM_ACTORS;
