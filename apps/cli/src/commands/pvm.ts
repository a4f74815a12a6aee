import type { ModuleRegistry } from "@cowboy/pvm";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { decodeUtf8, readInputFile, type CliIo } from "../io.js";

function parseLimit(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/_/g, "");
  if (!/^[0-9]+$/.test(text) || BigInt(text) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw usageError(`--cycles-limit must be a non-negative integer, got '${value}'`);
  }
  return BigInt(text);
}

/**
 * Makes every `NAME.py` in `dir` importable as `NAME` — for local tests of actor code. (On chain
 * only the whitelisted modules import; see cips/pvm.md.)
 */
async function registerLocalModules(io: CliIo, dir: string, modules: ModuleRegistry): Promise<void> {
  const names = await io.listDir(dir);
  if (names === undefined) throw usageError(`--path ${dir} is not a directory`);
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*\.py$/.test(name)) continue;
    const file = `${dir.replace(/\/$/, "")}/${name}`;
    modules.register(name.slice(0, -3), { kind: "source", source: decodeUtf8(await readInputFile(io, file), file), filename: file });
  }
}

const run: Command = {
  summary: "run a Python file in the PVM (whitelisted modules, cowboy_sdk over an in-memory host); its output on stdout, an uncaught exception's traceback on stderr",
  usage: "FILE.py [--path DIR]... [--cycles-limit N] [--stats]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { "cycles-limit": { type: "string" }, stats: { type: "boolean" }, path: { type: "string", multiple: true } },
      { min: 1, max: 1, names: "FILE.py" },
    );
    const path = positionals[0]!;
    const source = decodeUtf8(await readInputFile(io, path), path);
    const cyclesLimit = parseLimit(values["cycles-limit"]);
    // The whitelisted standard library, plus pvm_host and cowboy_sdk over an in-memory host (storage
    // in a Map, events and messages recorded), so actor code runs here as on chain.
    // The interpreter is loaded only when a script runs (a chunk of its own in the built CLI).
    const { actorModules, MemoryHost, runScript } = await import("@cowboy/pvm");
    const modules = actorModules(new MemoryHost());
    for (const dir of (values.path as string[] | undefined) ?? []) await registerLocalModules(io, dir, modules);
    const result = runScript(source, {
      filename: path,
      modules,
      ...(cyclesLimit === undefined ? {} : { cyclesLimit }),
      stdout: (text) => io.out(text),
      stderr: (text) => io.err(text),
    });
    // One JSON line (the contract), written after any traceback; the numbers are exact
    // integers, so they are printed as such rather than through a JS number.
    if (values.stats) io.err(`{"cycles":${result.cycles},"cells":${result.cells},"memory":${result.memory}}\n`);
    if (result.result === "ok") return 0;
    const error = result.error!;
    // A Python exception's traceback is already on stderr; other failures get their one line.
    if (error.traceback === null) throw new CliError(`${error.code}: ${error.message}`);
    return 1;
  },
};

export const pvmCommands: CommandGroup = {
  summary: "run Python in the PVM",
  commands: { run },
};
