import { CowboyError } from "@cowboy/codec";
/**
 * Exit statuses (apps/cli/README.md "Exit status"): 1 when the input or the operation failed (a
 * reverted or dropped transaction, one refused after simulation), 2 when the command line itself is
 * wrong, 3 when `tx status` finds the transaction still pending.
 */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_PENDING = 3;

/** A failure the CLI reports as one line on stderr, exiting with `exitCode`. */
export class CliError extends CowboyError<"CLI_FAILED" | "CLI_USAGE", { readonly exitCode: number }> {
  override readonly name = "CliError";
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_FAILURE) {
    super(exitCode === EXIT_USAGE ? "CLI_USAGE" : "CLI_FAILED", message, { exitCode });
    this.exitCode = exitCode;
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}
