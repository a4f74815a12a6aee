// Owner signatures on relay requests (cips/cbfs.md §6): a manifest is stored with the address that signed
// sha256("cowboy/cbfs/put" ‖ root), and only a signature by that address over sha256("cowboy/cbfs/rm" ‖ root)
// deletes it (and the shards it names) from a relay. Signatures are secp256k1 r‖s‖v over the digest.
import { recoverAddress, secp256k1 } from "@cowboy/crypto";
import { sha256 } from "./hash.js";

export type OwnerAction = "put" | "rm";

export function ownerDigest(action: OwnerAction, root: Uint8Array): Uint8Array {
  return sha256(new TextEncoder().encode(`cowboy/cbfs/${action}`), root);
}

export function signOwnerAction(action: OwnerAction, root: Uint8Array, privateKey: Uint8Array): Uint8Array {
  return secp256k1.sign(ownerDigest(action, root), privateKey);
}

/** The address that signed `action` on `root`, or undefined for a malformed signature. */
export function ownerOf(action: OwnerAction, root: Uint8Array, signature: Uint8Array): Uint8Array | undefined {
  try {
    return recoverAddress(ownerDigest(action, root), signature);
  } catch {
    return undefined;
  }
}
