// The `chain` namespace: chain id, head, blocks and the next block's basefees.
import { fromHex } from "@cowboy/codec";
import { nextBlockBasefees } from "@cowboy/execution";
import { headerToJson, type Block } from "@cowboy/types";
import { z } from "zod";
import { defineMethod, type RpcMethod } from "../registry.js";
import { notFound, type NodeContext } from "./context.js";
import { blockJson } from "./json.js";
import { blockTag, hash32 } from "./params.js";

export function chainMethods({ chain }: NodeContext): RpcMethod[] {
  // Only blocks at or below the committed head exist for the RPC (a crash can leave one above it).
  const blockAt = (tag: string): Block => {
    const height = tag === "latest" || tag === "finalized" ? chain.head.height : BigInt(tag);
    return (height <= chain.head.height ? chain.blocks.blockAt(height) : undefined) ?? notFound(`block ${height}`);
  };
  const blockByHash = (hash: string): Block => {
    const block = chain.blocks.blockByHash(fromHex(hash));
    return block !== undefined && block.header.height <= chain.head.height ? block : notFound(`block ${hash}`);
  };
  return [
    defineMethod({ name: "cowboy_chainId", summary: "the chain id", params: [], handler: () => chain.params.chainId.toString() }),
    defineMethod({ name: "cowboy_head", summary: "the head block's header", params: [], handler: () => headerToJson(chain.head) }),
    defineMethod({
      name: "cowboy_getBlockByNumber",
      summary: 'a block by height (or "latest" / "finalized", both the committed head); full=true includes transaction bodies',
      params: [
        ["height", blockTag],
        ["full", z.boolean().optional()],
      ],
      handler: ([tag, full]) => blockJson(blockAt(tag), full ?? false),
    }),
    defineMethod({
      name: "cowboy_getBlockByHash",
      summary: "a block by hash",
      params: [
        ["hash", hash32],
        ["full", z.boolean().optional()],
      ],
      handler: ([h, full]) => blockJson(blockByHash(h), full ?? false),
    }),
    defineMethod({
      name: "cowboy_basefees",
      summary: "the basefees the next block will charge, per Cycle and per Cell",
      params: [],
      handler: () => {
        const next = nextBlockBasefees(chain.head, chain.params);
        return { cycle: next.cycle.toString(), cell: next.cell.toString() };
      },
    }),
  ];
}
