import { CowboyError } from "@cowboy/codec";
/** Codes carried by every metering error, so callers can switch on them without instanceof. */
export type MeteringErrorCode = "OutOfCycles" | "OutOfCells" | "InvalidArgument" | "UnknownOperation";

/** Base class of every error thrown by @cowboy/metering. */
export class MeteringError extends CowboyError<MeteringErrorCode> {
  override name = "MeteringError";
  constructor(code: MeteringErrorCode, message: string) {
    super(code, message);
  }
}

/** The Cycle limit would be exceeded; the meter is left exactly at its limit. */
export class OutOfCycles extends MeteringError {
  readonly limit: bigint;
  readonly requested: bigint;
  constructor(limit: bigint, used: bigint, requested: bigint) {
    super("OutOfCycles", `out of cycles: used ${used} of ${limit}, requested ${requested} more`);
    this.name = "OutOfCycles";
    this.limit = limit;
    this.requested = requested;
  }
}

/** The Cell limit would be exceeded; the meter is left exactly at its limit. */
export class OutOfCells extends MeteringError {
  readonly limit: bigint;
  readonly requested: bigint;
  constructor(limit: bigint, used: bigint, requested: bigint) {
    super("OutOfCells", `out of cells: used ${used} of ${limit}, requested ${requested} more`);
    this.name = "OutOfCells";
    this.limit = limit;
    this.requested = requested;
  }
}
