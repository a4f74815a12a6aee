// The command-line driver: walks the command tree, prints help (`cowboy help COMMAND`, `COMMAND
// --help`), `--version`, and lets the global options (GLOBAL_OPTIONS) stand anywhere on the line.
import { readFileSync } from "node:fs";
import { isGroup, type Command, type CommandGroup } from "./command.js";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./errors.js";
import type { CliIo } from "./io.js";

/**
 * Options every command that reaches a node or signs takes, accepted anywhere on the line: given
 * before the command (`cowboy --rpc URL actor call …`) they are handed to the command after its own
 * arguments. A command that does not take one refuses it as an unknown option.
 */
export const GLOBAL_OPTIONS: Readonly<Record<string, "string" | "boolean">> = {
  rpc: "string",
  key: "string",
  from: "string",
  keystore: "string",
  "password-file": "string",
  json: "boolean",
};

const GLOBAL_HELP = `Global options (anywhere on the line, e.g. cowboy --rpc URL actor call …):
  --rpc URL              the node's JSON-RPC (default http://127.0.0.1:8545, or COWBOY_RPC)
  --key HEX32            the signing key (or COWBOY_KEY)
  --from NAME|ADDR       a keystore key (password from --password-file FILE or COWBOY_PASSWORD)
  --keystore DIR         the keystore (default ~/.cowboy/keystore, or COWBOY_KEYSTORE)
  --json                 machine-readable output
Amounts take base units (10^9 per CBY) or a unit: 2.5cby, 1 CBY.
Exit status: 0 success, 1 the operation failed (or was refused after simulation), 2 a wrong command line.
`;

/** This package's version (package.json sits one directory above src/ and dist/). */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

function groupHelp(path: string[], group: CommandGroup): string {
  const lines = [group.summary, "", `Usage: cowboy ${[...path, "<command>"].join(" ")}`, "", "Commands:"];
  const names = Object.keys(group.commands);
  const width = Math.max(...names.map((n) => n.length));
  for (const name of names) lines.push(`  ${name.padEnd(width)}  ${group.commands[name]!.summary}`);
  lines.push("", `'cowboy help ${[...path, "<command>"].join(" ")}' or 'cowboy ${[...path, "<command>"].join(" ")} --help' explains one.`);
  if (path.length === 0) lines.push("", GLOBAL_HELP.trimEnd(), "", "cowboy --version prints the version.");
  return `${lines.join("\n")}\n`;
}

async function commandHelp(path: string[], command: Command): Promise<string> {
  if (command.help !== undefined) return command.help();
  const parts = [`${command.summary}\n\nUsage: cowboy ${path.join(" ")} ${command.usage}\n`];
  if (command.details !== undefined) parts.push(`\n${command.details.trimEnd()}\n`);
  if (/--(rpc|key)\b/.test(command.usage)) parts.push(`\n${GLOBAL_HELP}`);
  return parts.join("");
}

const isHelp = (arg: string | undefined): boolean => arg === "--help" || arg === "-h";

/** Prints the help of the command or group `names` names under `entry`; exit 2 when there is none. */
async function printHelp(entry: Command | CommandGroup, path: string[], names: readonly string[], io: CliIo): Promise<number> {
  let at = entry;
  const where = [...path];
  for (const name of names) {
    const next = isGroup(at) && Object.hasOwn(at.commands, name) ? at.commands[name] : undefined;
    if (next === undefined) {
      io.err(`error: unknown command '${[...where, name].join(" ")}' (see 'cowboy ${where.join(" ")}${where.length ? " " : ""}--help')\n`);
      return EXIT_USAGE;
    }
    where.push(name);
    at = next;
  }
  io.out(isGroup(at) ? groupHelp(where, at) : await commandHelp(where, at));
  return 0;
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
  // Global options met before the command's name, handed to the command after its own arguments.
  const lifted: string[] = [];
  while (isGroup(entry)) {
    for (;;) {
      const arg = rest[0];
      const name = arg?.startsWith("--") ? arg.slice(2).split("=")[0]! : undefined;
      const kind = name === undefined || !Object.hasOwn(GLOBAL_OPTIONS, name) ? undefined : GLOBAL_OPTIONS[name];
      if (kind === undefined) break;
      const takesNext = kind === "string" && !arg!.includes("=") && rest.length > 1;
      lifted.push(...rest.slice(0, takesNext ? 2 : 1));
      rest = rest.slice(takesNext ? 2 : 1);
    }
    const name = rest[0];
    if (path.length === 0 && (name === "--version" || name === "-V")) {
      io.out(`cowboy ${cliVersion()}\n`);
      return 0;
    }
    if (entry.default !== undefined && (name === undefined || (name.startsWith("-") && !isHelp(name)))) {
      entry = entry.default;
      break;
    }
    if (name === "help") return printHelp(entry, path, rest.slice(1), io);
    if (name === undefined || isHelp(name)) {
      io.out(groupHelp(path, entry));
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
  if (rest.some(isHelp)) {
    io.out(await commandHelp(path, entry));
    return 0;
  }
  try {
    return await entry.run([...rest, ...lifted], io);
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
