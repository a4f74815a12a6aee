// The standard registry: every whitelisted module an actor may import (spec "Module Whitelist",
// cips/pvm.md). `pvm_host` and `cowboy_sdk` are added per invocation (they need the Host).
import { asyncioModuleDef } from "../asyncio.js";
import { ModuleRegistry } from "../modules.js";

/** A fresh registry holding the whitelisted standard library. */
export function standardLibrary(): ModuleRegistry {
  return new ModuleRegistry().register("asyncio", asyncioModuleDef());
}
