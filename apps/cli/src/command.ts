import { parseArgs, type ParseArgsConfig } from "node:util";
import { usageError } from "./errors.js";
import type { CliIo } from "./io.js";

/** One leaf command, e.g. `cowboy tx encode`. */
export interface Command {
  readonly summary: string;
  /** The usage line after the command path, e.g. `HEX` or `--key HEX32 < tx.json`. */
  readonly usage: string;
  /** Returns the exit status (0 on success). Throws CliError for reported failures. */
  run(args: readonly string[], io: CliIo): Promise<number>;
  /** Further lines of help after the usage (options, examples, exit statuses). */
  readonly details?: string;
  /** The whole help text, when it is only known after loading a module (e.g. cowboyd's options). */
  readonly help?: () => Promise<string>;
}

/** A group of commands, e.g. `cowboy tx`. */
export interface CommandGroup {
  readonly summary: string;
  readonly commands: Readonly<Record<string, Command | CommandGroup>>;
  /** Run when the group is named without a sub-command (or with only options), e.g. `cowboy devnet --reset`. */
  readonly default?: Command;
}

export function isGroup(entry: Command | CommandGroup): entry is CommandGroup {
  return "commands" in entry;
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parsed option values: strings for string options, booleans for flags; absent when not given. */
export type OptionValues<O extends Options> = { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };

/**
 * Strict option parsing: unknown options, missing values and surplus positionals are usage errors
 * with a message that names the offender.
 */
export function parseCommandArgs<O extends Options>(
  args: readonly string[],
  options: O,
  positionals: { min: number; max: number; names: string },
): { values: OptionValues<O>; positionals: string[] } {
  const parseAll = () => parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  let parsed: ReturnType<typeof parseAll>;
  try {
    parsed = parseAll();
  } catch (error) {
    throw usageError((error as Error).message.split("\n")[0]!.replace(/^TypeError \[[A-Z_]+\]: /, ""));
  }
  const count = parsed.positionals.length;
  if (count < positionals.min) throw usageError(`missing argument: ${positionals.names}`);
  if (count > positionals.max) throw usageError(`unexpected argument: ${parsed.positionals[positionals.max]}`);
  return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
}
