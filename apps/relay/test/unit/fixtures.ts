// Re-exports for the relay tests: the chain-side CapToken pieces from @cowboy/cbfs and an address helper.
import { addressFromPrivateKey } from "@cowboy/crypto";
export {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG,
  activeDelegation,
  anchorVolume,
  delegateVolume,
  isRevoked,
  recordJobDelegations,
  revokeCapToken,
  rightsMask,
  signCapToken,
} from "@cowboy/cbfs";
export const addressFromPrivateKeyForTests = (key: Uint8Array): Uint8Array => addressFromPrivateKey(key);
