// The `interfaces` namespace (cips/actors.md "Actor interfaces"): an actor's public methods, as
// derived from its source at deploy and kept in the node's observation index.
import { fromHex } from "@cowboy/codec";
import { actorInterface } from "@cowboy/execution";
import { actorCodeKey } from "@cowboy/state";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address } from "./params.js";

export function interfaceMethods({ chain, observations }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getActorInterface",
      summary: "an actor's public methods: {name, doc, methods: [{name, params: [{name, default?, kind?}], doc, payable}]}, stored at deploy; null for an address without code",
      params: [["address", address]],
      handler: ([a]) => {
        const code = chain.state.get(actorCodeKey(fromHex(a)));
        if (code === undefined) return null;
        // Stored at deploy; derived here for an actor deployed before this node kept the index.
        return observations?.actorInterface(a) ?? actorInterface(new TextDecoder().decode(code));
      },
    }),
  ];
}
