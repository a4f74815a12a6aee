// The modules an actor can import (cips/actors.md "Invocation"): the stdlib whitelist plus the host module and the SDK.
import { hostModuleDef } from "../hostmodule.js";
import type { Host } from "../host.js";
import { ModuleRegistry } from "../modules.js";
import { cowboy_sdk_cbfs_py, cowboy_sdk_collections_py, cowboy_sdk_eth_py, cowboy_sdk_py, cowboy_sdk_rent_py, cowboy_sdk_runner_py, cowboy_sdk_token_py } from "../sdk/sources.js";
import { standardLibrary } from "../stdlib/index.js";

/** The modules an actor sees: the whitelist plus `pvm_host` over `host` and `cowboy_sdk`. */
export function actorModules(host: Host, stdlib: ModuleRegistry = standardLibrary()): ModuleRegistry {
  const reg = new ModuleRegistry();
  for (const name of stdlib.names()) reg.register(name, stdlib.get(name)!);
  return reg
    .register("pvm_host", hostModuleDef(host))
    .register("cowboy_sdk", { kind: "source", source: cowboy_sdk_py, filename: "cowboy_sdk/__init__.py" })
    .register("cowboy_sdk.collections", { kind: "source", source: cowboy_sdk_collections_py, filename: "cowboy_sdk/collections.py" })
    .register("cowboy_sdk.eth", { kind: "source", source: cowboy_sdk_eth_py, filename: "cowboy_sdk/eth.py" })
    .register("cowboy_sdk.runner", { kind: "source", source: cowboy_sdk_runner_py, filename: "cowboy_sdk/runner.py" })
    .register("cowboy_sdk.rent", { kind: "source", source: cowboy_sdk_rent_py, filename: "cowboy_sdk/rent.py" })
    .register("cowboy_sdk.cbfs", { kind: "source", source: cowboy_sdk_cbfs_py, filename: "cowboy_sdk/cbfs.py" })
    .register("cowboy_sdk.token", { kind: "source", source: cowboy_sdk_token_py, filename: "cowboy_sdk/token.py" });
}
