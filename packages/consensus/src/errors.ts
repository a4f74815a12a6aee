import { CowboyError } from "@cowboy/codec";

// Errors of @cowboy/consensus (cips/errors.md, "@cowboy/consensus").

export type ConsensusErrorCode =
  /** Engine or validator-set options that cannot work (meta names nothing; the message names the field). */
  | "INVALID_CONFIG"
  /** A certificate or vote whose signatures do not verify, or whose signers are not a quorum. */
  | "INVALID_CERTIFICATE"
  /** A certificate for another proposal or round than the one it was checked against. */
  | "CERTIFICATE_MISMATCH"
  /** The journal holds a record this engine did not write (another chain, or corruption). */
  | "JOURNAL_CORRUPT"
  /** start() on a running engine, or stop() twice. */
  | "INVALID_STATE";

export class ConsensusError extends CowboyError<ConsensusErrorCode> {
  override readonly name = "ConsensusError";
}
