// Every method of the node's JSON-RPC API (documented in apps/node/README.md), by namespace. Each
// namespace is a thin call into the package that owns the rule.
import type { RpcMethod } from "../registry.js";
import { accountMethods } from "./accounts.js";
import { actorMethods } from "./actors.js";
import { chainMethods } from "./chain.js";
import { consensusMethods } from "./consensus.js";
import type { NodeContext } from "./context.js";
import { devMethods } from "./dev.js";
import { devnetMethods } from "./devnet.js";
import { secretsMethods } from "./secrets.js";
import { runnerMethods } from "./runners.js";
import { rentMethods } from "./rent.js";
import { governanceMethods } from "./governance.js";
import { interopMethods } from "./interop.js";
import { stakingMethods } from "./staking.js";
import { storageMethods } from "./storage.js";
import { tokenMethods } from "./tokens.js";
import { timerMethods } from "./timers.js";
import { transactionMethods } from "./transactions.js";
import { observationMethods } from "./observations.js";
import { cbfsMethods } from "./cbfs.js";

export type { NodeContext } from "./context.js";

export function nodeMethods(ctx: NodeContext): RpcMethod[] {
  return [
    ...chainMethods(ctx),
    ...accountMethods(ctx),
    ...transactionMethods(ctx),
    ...actorMethods(ctx),
    ...timerMethods(ctx),
    ...devnetMethods(ctx),
    ...devMethods(ctx),
    ...consensusMethods(ctx),
    ...observationMethods(ctx),
    ...stakingMethods(ctx),
    ...secretsMethods(ctx),
    ...runnerMethods(ctx),
    ...tokenMethods(ctx),
    ...rentMethods(ctx),
    ...governanceMethods(ctx),
    ...interopMethods(ctx),
    ...storageMethods(ctx),
    ...cbfsMethods(ctx),
  ];
}
