export type FeeMarketErrorCode = "INVALID_CONFIG" | "FEE_BELOW_BASEFEE" | "INVALID_ARGUMENT";

export class FeeMarketError extends Error {
  override readonly name = "FeeMarketError";
  constructor(
    readonly code: FeeMarketErrorCode,
    message: string,
  ) {
    super(message);
  }
}
