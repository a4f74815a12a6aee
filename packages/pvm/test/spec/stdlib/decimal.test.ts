import { join } from "node:path";
import { ModuleRegistry } from "../../../src/index.js";
import { decimalModule } from "../../../src/stdlib/decimal.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "decimal");
const modules = new ModuleRegistry().register("decimal", decimalModule());

const run = runner(modules);

conformancePrograms("decimal conformance (CPython 3.11 outputs)", dir, run);
