/** Exit statuses: 1 when the input or the operation failed, 2 when the command line itself is wrong. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the CLI reports as one line on stderr, exiting with `exitCode`. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}
