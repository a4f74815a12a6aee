// The standard registry: every whitelisted module an actor may import (spec "Module Whitelist",
// cips/pvm.md). `pvm_host` and `cowboy_sdk` are added per invocation (they need the Host).
// Definitions are immutable; source modules are parsed once per ParseCache, not per import.
import { asyncioModuleDef } from "../asyncio.js";
import { ModuleRegistry, type ModuleDef } from "../modules.js";
import { abcModule } from "./abc.js";
import { collectionsAbcModule, collectionsModule } from "./collections.js";
import { dataclassesModule } from "./dataclasses.js";
import { decimalModule } from "./decimal.js";
import { enumModule } from "./enum.js";
import { functoolsModule } from "./functools.js";
import { hashlibModule } from "./hashlib.js";
import { itertoolsModule } from "./itertools.js";
import { jsonModule } from "./json.js";
import { mathModule } from "./math.js";
import { reModule } from "./re.js";
import { structModule } from "./struct.js";
import { typingModule } from "./typing.js";
import { futureModule } from "./future.js";

/** The whitelisted modules by import name. */
export function standardModules(): ReadonlyArray<readonly [string, ModuleDef]> {
  return [
    ["__future__", futureModule()],
    ["abc", abcModule()],
    ["asyncio", asyncioModuleDef()],
    ["collections", collectionsModule()],
    ["collections.abc", collectionsAbcModule()],
    ["dataclasses", dataclassesModule()],
    ["decimal", decimalModule()],
    ["enum", enumModule()],
    ["functools", functoolsModule()],
    ["hashlib", hashlibModule()],
    ["itertools", itertoolsModule()],
    ["json", jsonModule()],
    ["math", mathModule()],
    ["re", reModule()],
    ["struct", structModule()],
    ["typing", typingModule()],
  ];
}

/** A fresh registry holding the whitelisted standard library. */
export function standardLibrary(): ModuleRegistry {
  const registry = new ModuleRegistry();
  for (const [name, def] of standardModules()) registry.register(name, def);
  return registry;
}
