// Child of bench/interp.ts: measures one program with the PVM bundle given, alone in this process,
// and prints {ms, firstMs, cycles, result} as JSON.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { loadProgram, type Pvm, pvmMs } from "./interp.js";

const [bundle, file] = process.argv.slice(2) as [string, string];
const pvm = (await import(pathToFileURL(bundle).href)) as Pvm;
const r = pvmMs(loadProgram(pvm, readFileSync(file, "utf8")));
process.stdout.write(JSON.stringify({ ms: r.ms, firstMs: r.firstMs, cycles: r.cycles.toString(), result: r.result }));
