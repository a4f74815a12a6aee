// Validators' network identities (issue 21; cips/staking.md "Network keys"): a validator registered after
// genesis publishes the Ed25519 key its node authenticates with on the p2p network (`set_network_key`,
// System 23), signed by that key over the chain and its address, so peers can run it in a consensus set.
// Genesis validators' keys are in the genesis file; the node looks there first.
import { concatBytes, encode, equalBytes, u64 } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { StakingError } from "./errors.js";
import { networkKeyKey, networkKeyOwnerKey } from "./keys.js";
import type { StakingContext } from "./lifecycle.js";
import { clearNetworkKey, getValidator, type StakingState } from "./store.js";

export const NETWORK_KEY_LENGTH = 32;
export const NETWORK_KEY_SIGNATURE_LENGTH = 64;
const DOMAIN = new TextEncoder().encode("cowboy/staking/network-key/v1");

/** What the network key signs: "cowboy/staking/network-key/v1" ‖ u64be chainId ‖ address (20). */
export function networkKeyMessage(chainId: bigint, address: Uint8Array): Uint8Array {
  return concatBytes(DOMAIN, encode(u64, chainId), address);
}

/** The network key `address` published, if any. */
export function validatorNetworkKey(state: StakingState, address: Uint8Array): Uint8Array | undefined {
  return state.get(networkKeyKey(address));
}

/** set_network_key: the sender's record exists, the signature verifies, no other validator holds the key. Replaces an earlier key. */
export function setNetworkKey(ctx: StakingContext, chainId: bigint, from: Uint8Array, networkKey: Uint8Array, signature: Uint8Array): void {
  if (getValidator(ctx.state, from) === undefined) throw new StakingError("NOT_A_VALIDATOR", "set_network_key: the sender has no validator record");
  if (networkKey.length !== NETWORK_KEY_LENGTH || signature.length !== NETWORK_KEY_SIGNATURE_LENGTH) {
    throw new StakingError("INVALID_NETWORK_KEY", `set_network_key: expected a ${NETWORK_KEY_LENGTH}-byte key and a ${NETWORK_KEY_SIGNATURE_LENGTH}-byte signature`);
  }
  if (!ed25519.verify(signature, networkKeyMessage(chainId, from), networkKey)) {
    throw new StakingError("INVALID_NETWORK_KEY", "set_network_key: the signature does not verify under the network key");
  }
  const owner = ctx.state.get(networkKeyOwnerKey(networkKey));
  if (owner !== undefined && !equalBytes(owner, from)) throw new StakingError("NETWORK_KEY_IN_USE", "set_network_key: another validator published this network key");
  clearNetworkKey(ctx.state, from);
  ctx.state.set(networkKeyKey(from), networkKey.slice());
  ctx.state.set(networkKeyOwnerKey(networkKey), from.slice());
}
