// Reading under a 0x0A delegation (cips/cbfs.md §8.1): a request names the grantee (`x-cbfs-delegation`) and carries
// the grantee's signature over sha256("cowboy/cbfs/use" ‖ sha256(root ‖ grantee) ‖ object); the relay reads the
// delegation record from the chain and applies the same rights and height rules as a CapToken's.
import { concatBytes, equalBytes } from "@cowboy/codec";
import { addressFromPrivateKey, recoverAddress, secp256k1 } from "@cowboy/crypto";
import { Rights, type Right } from "./captoken.js";
import type { Delegation } from "./chain/delegation.js";
import { sha256 } from "./hash.js";

const USE_TAG = new TextEncoder().encode("cowboy/cbfs/use");

export function delegationUseDigest(root: Uint8Array, grantee: Uint8Array, object: Uint8Array): Uint8Array {
  return sha256(USE_TAG, sha256(concatBytes(root, grantee)), object);
}

/** The grantee's proof for one request on `object` (a shard or manifest root) of volume `root`. */
export function signDelegationUse(root: Uint8Array, object: Uint8Array, granteeKey: Uint8Array): Uint8Array {
  return secp256k1.sign(delegationUseDigest(root, addressFromPrivateKey(granteeKey), object), granteeKey);
}

export interface DelegationCheck {
  readonly height: bigint;
  readonly root: Uint8Array;
  readonly grantee: Uint8Array;
  readonly right: Right;
  readonly object: Uint8Array;
  readonly useSignature: Uint8Array;
}

/** Why the delegation (as 0x0A holds it, or undefined) does not authorize a request, or undefined when it does. */
export function delegationRefusal(d: Delegation | undefined, c: DelegationCheck): string | undefined {
  if (d === undefined) return "0x0A holds no delegation of this volume to the grantee";
  if ((d.rights & Rights[c.right]) === 0) return `the delegation does not grant ${c.right}`;
  if (c.height < d.notBefore) return `the delegation is valid from height ${d.notBefore}`;
  if (c.height > d.notAfter) return `the delegation expired at height ${d.notAfter}`;
  let user: Uint8Array;
  try {
    user = recoverAddress(delegationUseDigest(c.root, c.grantee, c.object), c.useSignature);
  } catch {
    return "the grantee's request signature is malformed";
  }
  if (!equalBytes(user, c.grantee)) return "the request is not signed by the delegation's grantee";
  return undefined;
}
