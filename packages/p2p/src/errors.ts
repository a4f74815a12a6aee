// The errors @cowboy/p2p throws (cips/errors.md, "@cowboy/p2p"). Wrong arguments and options are the
// codec's ArgumentError (INVALID_ARGUMENT, naming the option); everything else is a P2PError.
import { CowboyError } from "@cowboy/codec";

/** Why a p2p call was refused. */
export type P2PErrorCode =
  /** A PeerId string is not 64 lowercase hex digits naming an Ed25519 public key. */
  | "INVALID_PEER_ID"
  /** A multiaddr does not parse, or names a transport or host the options forbid. */
  | "INVALID_MULTIADDR"
  /** A message is larger than `maxMessageSize` (direct) or `maxGossipSize` (gossip). */
  | "MESSAGE_TOO_LARGE"
  /** The network was used after `close()`. */
  | "CLOSED";

export class P2PError extends CowboyError<P2PErrorCode> {
  override readonly name = "P2PError";
  constructor(code: P2PErrorCode, message: string, meta?: Readonly<Record<string, unknown>>, options?: { cause?: unknown }) {
    super(code, message, meta, options);
  }
}
