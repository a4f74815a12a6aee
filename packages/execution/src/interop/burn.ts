// Burning a wrapped asset to unlock it on Ethereum (spec §16.2; cips/interop.md "Bridge hooks"), shared by the
// eth_bridge_burn instruction and an actor's 0x14 `bridge_burn` call: the holder's tokens are destroyed at 0x06 and
// an unlock request is recorded at 0x14 for the third-party bridge to read.
import { assetOfToken, InteropError, type InteropStore, requestUnlock, type UnlockRequest } from "@cowboy/interop";
import { burn, type TokenState } from "@cowboy/tokens";

export function bridgeBurn(state: TokenState, store: InteropStore, token: bigint, holder: Uint8Array, amount: bigint, ethRecipient: Uint8Array, height: bigint): UnlockRequest {
  const asset = assetOfToken(store, token);
  if (asset === undefined) throw new InteropError("NO_ASSET", `token ${token} is not a wrapped asset`);
  burn(state, token, holder, amount);
  return requestUnlock(store, asset, holder, ethRecipient, amount, height);
}
