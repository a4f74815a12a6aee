// Signing with an account object instead of a raw key (cips/interop.md "Account unification"): any
// object with an address and a `sign({hash})` returning the 65-byte r‖s‖v signature, as viem's
// local accounts (`privateKeyToAccount`) and hardware-wallet adapters provide. Cowboy signs the
// transaction's keccak256 signing hash with the same secp256k1 key that owns the Ethereum address.
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, recoverAddress, secp256k1 } from "@cowboy/crypto";
import { ClientError } from "./errors.js";

type Hex = `0x${string}`;

/**
 * What the client needs of an account: its 20-byte address (bytes or 0x-hex, any case) and a raw-hash
 * signer. `sign` must not hash again (viem's `account.sign({ hash })` does exactly this); it returns
 * r‖s‖v with v = 27/28 (Ethereum's convention) or 0/1, as hex or bytes. `signMessage` (EIP-191) is
 * never used for transactions: it would sign a different digest.
 */
export interface CowboyAccount {
  readonly address: Uint8Array | Hex | string;
  sign(parameters: { hash: Hex }): Promise<Hex | Uint8Array> | Hex | Uint8Array;
}

/** Who signs a transaction: a raw 32-byte key or an account object. Exactly one. */
export type Signer = { readonly privateKey: Uint8Array; readonly account?: undefined } | { readonly account: CowboyAccount; readonly privateKey?: undefined };

/** A CowboyAccount over a private key held in memory (viem's `privateKeyToAccount`, minus EIP-191/712). */
export function privateKeyToAccount(privateKey: Uint8Array): CowboyAccount {
  const address = addressFromPrivateKey(privateKey);
  return { address, sign: ({ hash }) => secp256k1.sign(fromHex(hash.slice(2)), privateKey) };
}

/** The 20 address bytes of `account`; a malformed address is a ClientError("INVALID_ACCOUNT"). */
export function accountAddress(account: CowboyAccount): Uint8Array {
  const a = account.address;
  if (a instanceof Uint8Array && a.length === 20) return a.slice();
  if (typeof a === "string" && /^0x[0-9a-fA-F]{40}$/.test(a)) return fromHex(a.slice(2).toLowerCase());
  throw new ClientError("INVALID_ACCOUNT", "account.address must be 20 bytes or 0x followed by 40 hex digits");
}

/**
 * Normalises a wallet signature to Cowboy's r‖s‖v with v in {0, 1} (spec §2.5). Accepts v = 27/28 or 0/1;
 * anything else, or a length other than 65 bytes, is a ClientError("INVALID_SIGNATURE").
 */
export function normalizeSignature(signature: Hex | Uint8Array | string): Uint8Array {
  let bytes: Uint8Array;
  if (signature instanceof Uint8Array) bytes = signature.slice();
  else if (typeof signature === "string" && /^0x([0-9a-fA-F]{2})*$/.test(signature)) bytes = fromHex(signature.slice(2).toLowerCase());
  else throw new ClientError("INVALID_SIGNATURE", "the account's signature is neither bytes nor 0x-hex");
  if (bytes.length !== 65) throw new ClientError("INVALID_SIGNATURE", `the account's signature must be 65 bytes r‖s‖v, got ${bytes.length}`);
  const v = bytes[64]!;
  if (v === 27 || v === 28) bytes[64] = v - 27;
  else if (v !== 0 && v !== 1) throw new ClientError("INVALID_SIGNATURE", `the account's signature has v = ${v}; expected 27, 28, 0 or 1`);
  return bytes;
}

/** The signer's address and a function signing a 32-byte hash, checked to recover to that address. */
export function resolveSigner(signer: Signer): { from: Uint8Array; sign: (hash: Uint8Array) => Promise<Uint8Array> } {
  const hasKey = signer.privateKey !== undefined;
  const hasAccount = signer.account !== undefined;
  if (hasKey === hasAccount) throw new ClientError("INVALID_ACCOUNT", "give exactly one of privateKey and account");
  const account = signer.account ?? privateKeyToAccount(signer.privateKey!);
  const from = accountAddress(account);
  return {
    from,
    async sign(hash) {
      const signature = normalizeSignature(await account.sign({ hash: `0x${toHex(hash)}` }));
      let recovered: Uint8Array;
      try {
        recovered = recoverAddress(hash, signature);
      } catch (error) {
        throw new ClientError("INVALID_SIGNATURE", `the account's signature does not recover: ${(error as Error).message}`);
      }
      if (!equalBytes(recovered, from))
        throw new ClientError("INVALID_SIGNATURE", `the account's signature recovers to 0x${toHex(recovered)}, not to its address 0x${toHex(from)}`);
      return signature;
    },
  };
}
