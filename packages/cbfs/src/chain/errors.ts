import { CowboyError } from "@cowboy/codec";

/** Why 0x0A or 0x0B refused an instruction (cips/cbfs.md §7); the transaction reverts, nothing changes. */
export type CbfsChainErrorCode =
  /** The relay is already registered (or still unbonding). */
  | "RELAY_EXISTS"
  /** No relay is registered at this address. */
  | "RELAY_NOT_FOUND"
  /** A stake below minRelayStake, a zero capacity, or an endpoint too long or not http(s). */
  | "INVALID_RELAY"
  /** The relay is not in the state the operation needs (e.g. withdraw before unbonding ends). */
  | "RELAY_STATE"
  /** A manifest root is already anchored. */
  | "VOLUME_EXISTS"
  /** No volume is anchored under this root. */
  | "VOLUME_NOT_FOUND"
  /** Only the volume's owner may do this (or anyone, once its rent has lapsed past the grace). */
  | "NOT_OWNER"
  /** Size, K, M, blocks or an index out of range. */
  | "INVALID_VOLUME"
  /** This CapToken nonce is already revoked. */
  | "ALREADY_REVOKED"
  /** A storage receipt that is not the relay's signature, or a shard without chunks (cips/cbfs.md §11). */
  | "INVALID_PROOF";

export class CbfsChainError extends CowboyError<CbfsChainErrorCode> {
  override readonly name = "CbfsChainError";
  constructor(code: CbfsChainErrorCode, message: string) {
    super(code, message);
  }
}
