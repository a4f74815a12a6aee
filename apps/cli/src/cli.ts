import { isGroup, type Command, type CommandGroup } from "./command.js";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./errors.js";
import type { CliIo } from "./io.js";

function helpText(path: string[], group: CommandGroup): string {
  const lines = [group.summary, "", `Usage: cowboy ${[...path, "<command>"].join(" ")}`, "", "Commands:"];
  const names = Object.keys(group.commands);
  const width = Math.max(...names.map((n) => n.length));
  for (const name of names) lines.push(`  ${name.padEnd(width)}  ${group.commands[name]!.summary}`);
  return lines.join("\n") + "\n";
}

function commandHelp(path: string[], command: Command): string {
  return `${command.summary}\n\nUsage: cowboy ${path.join(" ")} ${command.usage}\n`;
}

/**
 * Runs the command tree `root` on `argv` (without the node and script paths) and returns the exit
 * status: 0 on success, 1 when the input or the operation failed, 2 when the command line is wrong.
 * Every failure is reported as one line on stderr (plus the usage line for command-line mistakes).
 */
export async function runCommand(root: CommandGroup, argv: readonly string[], io: CliIo): Promise<number> {
  let entry: Command | CommandGroup = root;
  const path: string[] = [];
  let rest = [...argv];
  while (isGroup(entry)) {
    const name = rest[0];
    if (entry.default !== undefined && (name === undefined || (name.startsWith("-") && name !== "--help" && name !== "-h"))) {
      entry = entry.default;
      break;
    }
    if (name === undefined || name === "--help" || name === "-h" || name === "help") {
      io.out(helpText(path, entry));
      return name === undefined ? EXIT_USAGE : 0;
    }
    const next: Command | CommandGroup | undefined = Object.hasOwn(entry.commands, name) ? entry.commands[name] : undefined;
    if (next === undefined) {
      io.err(`error: unknown command '${[...path, name].join(" ")}' (see 'cowboy ${path.join(" ")}${path.length ? " " : ""}--help')\n`);
      return EXIT_USAGE;
    }
    path.push(name);
    rest = rest.slice(1);
    entry = next;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(commandHelp(path, entry));
    return 0;
  }
  try {
    return await entry.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`error: ${error.message}\n`);
      if (error.exitCode === EXIT_USAGE) io.err(`usage: cowboy ${path.join(" ")} ${entry.usage}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.err(`error: ${message}\n`);
    return EXIT_FAILURE;
  }
}
